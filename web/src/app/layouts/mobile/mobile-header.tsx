import { ActionSheet, Avatar, Button, Dialog, Toast } from 'antd-mobile';
import { CloseOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BrandLogo } from '@/components/brand-logo';
import { mobilePaths } from '@/config/paths';
import { logOut } from '@/features/auth/api/log-out';
import { useSession } from '@/lib/use-session';
import { MobileMenu } from './mobile-menu';
import { useNavMode } from './nav-visibility';

/**
 * MobileHeader is the 54 px dark bar: the logo (back to /mobile), the avatar
 * with the user's menu (or a placeholder and a login button), and the
 * hamburger. It hides past 45 px of scroll and comes back fixed.
 */
export function MobileHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token, user } = useSession();
  const mode = useNavMode();
  const [menuOpen, setMenuOpen] = useState(false);
  const [userOpen, setUserOpen] = useState(false);

  const confirmLogout = () => {
    setUserOpen(false);
    void Dialog.confirm({
      title: t('dialog.logoutTitle'),
      content: t('dialog.logoutBody'),
      confirmText: t('dialog.confirm'),
      cancelText: t('dialog.cancel'),
      onConfirm: async () => {
        // Leave first, so that a page behind the login gate does not see the token go.
        navigate(mobilePaths.login, { replace: true });
        await logOut();
        Toast.show({ content: t('messages.logoutSuccess') });
      },
    });
  };

  return (
    <div className="up-mnav-slot">
      <header className={`up-mnav up-mnav--${mode}${menuOpen ? ' up-mnav--menu-open' : ''} up-on-dark`} data-nav-mode={mode}>
        <button
          type="button"
          className="up-mnav__logo"
          aria-label={t('app.logoAlt')}
          onClick={() => {
            setMenuOpen(false);
            navigate(mobilePaths.home, { replace: true });
          }}
        >
          <BrandLogo compact />
        </button>
        <div className="up-mnav__tools">
          {token ? (
            <button
              type="button"
              className="up-mnav__icon-btn"
              aria-label={t('nav.userMenu')}
              aria-haspopup="menu"
              onClick={() => setUserOpen(true)}
              data-testid="user-menu"
            >
              <Avatar src={user?.avatarUrl ?? ''} style={{ '--size': '30px', '--border-radius': '50%' }} />
            </button>
          ) : (
            <>
              <Avatar src="" aria-hidden style={{ '--size': '28px', '--border-radius': '50%' }} />
              <Button
                size="mini"
                color="primary"
                shape="rounded"
                onClick={() => navigate(mobilePaths.login)}
                data-testid="login-button"
              >
                {t('nav.login')}
              </Button>
            </>
          )}
          <button
            type="button"
            className="up-mnav__icon-btn"
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
            data-testid="menu-toggle"
          >
            {menuOpen ? <CloseOutline fontSize={24} /> : <UnorderedListOutline fontSize={24} />}
          </button>
        </div>
      </header>
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      <ActionSheet
        visible={userOpen}
        onClose={() => setUserOpen(false)}
        cancelText={t('dialog.cancel')}
        actions={[
          { key: 'basicInfo', text: t('nav.basicInfo'), onClick: () => navigate(mobilePaths.basicsInfo) },
          // The change-password dialog lives on the basic-info page.
          {
            key: 'changePassword',
            text: t('nav.changePassword'),
            onClick: () => navigate(`${mobilePaths.basicsInfo}?dialog=password`),
          },
          { key: 'logout', text: t('nav.logout'), danger: true, onClick: confirmLogout },
        ]}
        onAction={() => setUserOpen(false)}
      />
    </div>
  );
}
