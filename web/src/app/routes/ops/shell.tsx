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
import { extraNavItems, extraNavKeyOf } from './extra-nav';
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
  // The console's own pages, then the content and coin editing areas' entries (extra-nav)
  // before the audit log and operators.
  const own = navFor(me.data).map((item) => ({
    key: item.key as string,
    label: (
      <Link to={item.path} data-testid={`ops-nav-${item.key}`}>
        {item.key === 'coinEdit' ? <CoinEditNavLabel /> : t(`nav.${item.key}`)}
      </Link>
    ),
  }));
  const at = own.findIndex((i) => i.key === 'audit');
  const items = at < 0 ? [...own, ...extraNavItems(me.data)] : [...own.slice(0, at), ...extraNavItems(me.data), ...own.slice(at)];
  const selected = extraNavKeyOf(location.pathname) ?? navKeyOf(location.pathname);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="dark">
        <div style={{ color: '#fff', padding: '20px 24px', fontWeight: 600 }}>{t('title')}</div>
        {me.data ? (
          <Menu theme="dark" mode="inline" selectedKeys={[selected]} items={items} data-testid="ops-nav" />
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
