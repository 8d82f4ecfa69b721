import { Button } from 'antd-mobile';
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
              <HeaderAvatar src={user?.avatarUrl ?? ''} size={30} />
            </button>
          ) : (
            <>
              <HeaderAvatar src="" size={28} />
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

/**
 * HeaderAvatar is the user's picture, or a person outline without one: a plain element, as
 * the desktop header's is, because antd-mobile's Avatar brings its Image (about 4 kB on
 * the wire) to every phone's first visit.
 */
function HeaderAvatar({ src, size }: { src: string; size: number }) {
  if (src) return <img className="up-mnav__avatar" src={src} alt="" width={size} height={size} />;
  return (
    <span className="up-mnav__avatar" style={{ width: size, height: size }} aria-hidden="true">
      <svg viewBox="0 0 24 24" width={size * 0.6} height={size * 0.6} focusable="false">
        <circle cx="12" cy="8" r="4" fill="currentColor" />
        <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
      </svg>
    </span>
  );
}
