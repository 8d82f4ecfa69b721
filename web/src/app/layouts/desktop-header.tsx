import { DownOutlined, GlobalOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Space, type MenuProps } from 'antd';
import { cloneElement, lazy, Suspense, useEffect, useRef, useState, type ReactElement } from 'react';
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
  if (pathname.startsWith('/explorderIndex')) return 'explorer';
  return '';
}

// antd's Dropdown brings its menu, popup placement and form-context code (about 40 kB on
// the wire): it loads when a header menu is first opened, fetched ahead when the pointer or
// focus reaches the button.
const loadDropdown = () => import('./header-dropdown');
const AntDropdown = lazy(loadDropdown);

/**
 * HeaderDropdown is a header button that opens a menu. The button stands alone until its
 * first click, which mounts antd's Dropdown already open. (Mounting it earlier, on hover,
 * would replace the button while a click is under way, and the click would be lost.)
 */
function HeaderDropdown({ menu, children }: { menu: MenuProps; children: ReactElement<{ onClick?: () => void; onPointerEnter?: () => void; onFocus?: () => void }> }) {
  const [open, setOpen] = useState<boolean | null>(null);
  if (open === null) {
    return cloneElement(children, {
      onPointerEnter: () => void loadDropdown(),
      onFocus: () => void loadDropdown(),
      onClick: () => setOpen(true),
    });
  }
  return (
    <Suspense fallback={children}>
      <AntDropdown trigger={['click']} open={open} onOpenChange={setOpen} menu={menu}>
        {children}
      </AntDropdown>
    </Suspense>
  );
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

  const items = [
    { key: 'home', to: paths.home, label: t('nav.home') },
    { key: 'account', to: token ? paths.account.orePoolDeviceOverview : paths.login, label: t('nav.account') },
    { key: 'observerMode', to: paths.observerMode.observerList, label: t('nav.observerMode') },
    { key: 'explorer', to: paths.explorer.overView, label: t('nav.explorer') },
    { key: 'os', to: paths.os, label: t('nav.os') },
    { key: 'download', to: paths.upload, label: t('nav.download') },
    { key: 'help', to: paths.help.root, label: t('nav.help') },
  ];
  const section = selectedSection(pathname);
  // On a narrow screen the menu scrolls sideways; keep the current entry in view.
  const menuRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const current = menuRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const menu = menuRef.current;
    if (!current || !menu || menu.scrollWidth <= menu.clientWidth) return;
    const c = current.getBoundingClientRect();
    const m = menu.getBoundingClientRect();
    menu.scrollLeft += c.left + c.width / 2 - (m.left + m.width / 2);
  }, [section, lang]);

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
        <ul className="up-dheader__menu" ref={menuRef}>
          {items.map((item) => (
            <li key={item.key}>
              <Link
                to={item.to}
                className={`up-dheader__item${item.key === section ? ' up-dheader__item--selected' : ''}`}
                aria-current={item.key === section ? 'page' : undefined}
                data-testid={`nav-${item.key}`}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Space size={12} className="up-dheader__tools">
        <HeaderDropdown
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
        </HeaderDropdown>
        {token ? (
          <HeaderDropdown menu={{ items: userItems, onClick: onUserMenu }}>
            <Button type="text" className="up-dheader__tool" aria-label={t('nav.userMenu')} data-testid="user-menu">
              {/* A plain picture: antd's Avatar brings its group's popover and a resize observer. */}
              <span className="up-dheader__avatar" aria-hidden="true">
                {user?.avatarUrl ? <img src={user.avatarUrl} alt="" width={28} height={28} /> : <UserOutlined />}
              </span>
              {name ? <span className="up-dheader__name">{name}</span> : null}
              <DownOutlined aria-hidden style={{ fontSize: 10 }} />
            </Button>
          </HeaderDropdown>
        ) : (
          <Button type="primary" onClick={() => navigate(paths.login)} data-testid="login-button">
            {t('nav.login')}
          </Button>
        )}
      </Space>
    </header>
  );
}
