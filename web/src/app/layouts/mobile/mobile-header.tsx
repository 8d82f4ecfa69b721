import { Avatar, Button } from 'antd-mobile';
import { CloseOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BrandLogo } from '@/components/brand-logo';
import { mobilePaths } from '@/config/paths';
import { useSession } from '@/lib/use-session';
import { useNavMode } from './nav-visibility';

// The menu panel and the user's sheet (antd-mobile's popups, their animation and gesture
// code: about 40 kB on the wire) load when first opened, not with every page.
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));
const MobileUserSheet = lazy(() => import('./mobile-user-sheet'));

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

  // Each panel is mounted on its first opening and stays, so that it can animate out.
  const [menuUsed, setMenuUsed] = useState(false);
  const [userUsed, setUserUsed] = useState(false);

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
              onClick={() => {
                setUserUsed(true);
                setUserOpen(true);
              }}
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
            onClick={() => {
              setMenuUsed(true);
              setMenuOpen((open) => !open);
            }}
            data-testid="menu-toggle"
          >
            {menuOpen ? <CloseOutline fontSize={24} /> : <UnorderedListOutline fontSize={24} />}
          </button>
        </div>
      </header>
      {menuUsed ? (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
      {userUsed && token ? (
        <Suspense fallback={null}>
          <MobileUserSheet open={userOpen} onClose={() => setUserOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
