import { DownOutlined, GlobalOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, Menu, Space, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { BrandLogo } from '@/components/brand-logo';
import { paths } from '@/config/paths';
import { logOut } from '@/features/auth/api/log-out';
import { useLanguageList } from '@/features/language/api/get-language-list';
import { chooseLanguage } from '@/lib/i18n';
import { LANG_NATIVE_NAMES, languageMenu, type Lang } from '@/lib/language';
import { useSession } from '@/lib/use-session';
import { useLang } from './use-lang';

function selectedSection(pathname: string): string {
  if (pathname === '/') return 'home';
  if (pathname.startsWith('/account')) return 'account';
  if (pathname.startsWith('/observerMode')) return 'observerMode';
  if (pathname.startsWith('/OS')) return 'os';
  if (pathname.startsWith('/upload')) return 'download';
  if (pathname.startsWith('/help')) return 'help';
  return '';
}

/** DesktopHeader is the dark top bar: logo, main menu, language and the user's menu. */
export function DesktopHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const { token, user } = useSession();
  const lang = useLang();
  const languages = languageMenu(useLanguageList().data);

  const items: MenuProps['items'] = [
    { key: 'home', label: <Link to={paths.home}>{t('nav.home')}</Link> },
    {
      key: 'account',
      label: <Link to={token ? paths.account.orePoolDeviceOverview : paths.login}>{t('nav.account')}</Link>,
    },
    { key: 'observerMode', label: <Link to={paths.observerMode.observerList}>{t('nav.observerMode')}</Link> },
    { key: 'os', label: <Link to={paths.os}>{t('nav.os')}</Link> },
    { key: 'download', label: <Link to={paths.upload}>{t('nav.download')}</Link> },
    { key: 'help', label: <Link to={paths.help.root}>{t('nav.help')}</Link> },
  ];

  const languageItems: MenuProps['items'] = languages.map(({ lang: code, label }) => ({
    key: code,
    label: <span lang={code.replace('_', '-')}>{label}</span>,
  }));

  const confirmLogout = () => {
    modal.confirm({
      title: t('dialog.logoutTitle'),
      content: t('dialog.logoutBody'),
      okText: t('dialog.confirm'),
      cancelText: t('dialog.cancel'),
      onOk: async () => {
        // Leave first, so that a page behind the login gate does not see the token go.
        navigate(paths.login, { replace: true });
        await logOut();
        message.success(t('messages.logoutSuccess'));
      },
    });
  };

  const userItems: MenuProps['items'] = [
    { key: 'basicInfo', label: t('nav.basicInfo') },
    // The change-password dialog lives on the basic-info page.
    { key: 'changePassword', label: t('nav.changePassword') },
    { type: 'divider' },
    { key: 'logout', label: t('nav.logout'), danger: true },
  ];
  const onUserMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') confirmLogout();
    else if (key === 'changePassword') navigate(`${paths.basicsInfo}?dialog=password`);
    else navigate(paths.basicsInfo);
  };

  const name = user?.nickName || user?.userName || user?.username || '';

  return (
    <header className="up-dheader up-on-dark">
      <Link to={paths.home} className="up-dheader__logo" aria-label={t('app.logoAlt')}>
        <BrandLogo />
      </Link>
      <nav className="up-dheader__nav" aria-label={t('nav.mainMenu')}>
        <Menu
          theme="dark"
          mode="horizontal"
          items={items}
          selectedKeys={[selectedSection(pathname)]}
          className="up-dheader__menu"
        />
      </nav>
      <Space size={12} className="up-dheader__tools">
        <Dropdown
          trigger={['click']}
          menu={{
            items: languageItems,
            selectable: true,
            selectedKeys: [lang],
            onClick: ({ key }) => chooseLanguage(key as Lang),
          }}
        >
          <Button type="text" className="up-dheader__tool" aria-label={t('nav.language')} data-testid="language-switch">
            <GlobalOutlined aria-hidden />
            <span>{LANG_NATIVE_NAMES[lang]}</span>
            <DownOutlined aria-hidden style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
        {token ? (
          <Dropdown trigger={['click']} menu={{ items: userItems, onClick: onUserMenu }}>
            <Button type="text" className="up-dheader__tool" aria-label={t('nav.userMenu')} data-testid="user-menu">
              <Avatar size={28} src={user?.avatarUrl || undefined} icon={<UserOutlined />} />
              {name ? <span className="up-dheader__name">{name}</span> : null}
              <DownOutlined aria-hidden style={{ fontSize: 10 }} />
            </Button>
          </Dropdown>
        ) : (
          <Button type="primary" onClick={() => navigate(paths.login)} data-testid="login-button">
            {t('nav.login')}
          </Button>
        )}
      </Space>
    </header>
  );
}
