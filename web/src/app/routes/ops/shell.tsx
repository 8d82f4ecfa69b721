// The console's frame: the side menu of the pages the operator's rights show (the API
// checks them again), the operator and role, the language and sign-out.
import { Button, Layout, Menu, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useMe, useSignOut } from '@/features/ops/hooks';
import { navFor, navKeyOf } from '@/features/ops/models';
import { chooseLanguage, currentLang } from '@/lib/i18n';
import { LANGS, LANG_NATIVE_NAMES, isLang } from '@/lib/language';
import { CoinEditNavLabel } from './coin-edit';
import { Loaded, useOpsT } from './widgets';

export function Shell() {
  const t = useOpsT();
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut(() => navigate('/login', { replace: true }));
  useEffect(() => {
    document.title = t('title');
  }, [t]);
  const items = navFor(me.data).map((item) => ({
    key: item.key,
    label: (
      <Link to={item.path} data-testid={`ops-nav-${item.key}`}>
        {item.key === 'coinEdit' ? <CoinEditNavLabel /> : t(`nav.${item.key}`)}
      </Link>
    ),
  }));
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="dark">
        <div style={{ color: '#fff', padding: '20px 24px', fontWeight: 600 }}>{t('title')}</div>
        {me.data ? (
          <Menu theme="dark" mode="inline" selectedKeys={[navKeyOf(location.pathname)]} items={items} data-testid="ops-nav" />
        ) : (
          <Skeleton active title={false} paragraph={{ rows: 6 }} style={{ padding: 16 }} />
        )}
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 16 }}>
          <Select
            aria-label={t('shell.language')}
            value={currentLang()}
            style={{ width: 140 }}
            onChange={(lang) => isLang(lang) && chooseLanguage(lang)}
            options={LANGS.map((l) => ({ value: l, label: LANG_NATIVE_NAMES[l] }))}
            data-testid="ops-language"
          />
          {me.data && (
            <Space>
              <Typography.Text data-testid="ops-operator">{me.data.operator.email}</Typography.Text>
              <Tag color="blue" data-testid="ops-role">
                {t(`roles.${me.data.operator.role}`)}
              </Tag>
            </Space>
          )}
          <Button onClick={() => signOut.mutate()} loading={signOut.isPending} data-testid="ops-sign-out">
            {t('shell.signOut')}
          </Button>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Loaded query={me}>{() => <Outlet />}</Loaded>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
