import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loginPathFor } from '@/config/paths';
import { notify } from '@/lib/notify';
import { throttle } from '@/lib/throttle';
import { useSession } from '@/lib/use-session';

// One "please log in first" per second, however many gates a visitor bounces off.
const warnOnce = throttle((message: string) => notify('warning', message), 1000);

/** LoginGateProps: with `when`, only addresses whose query it accepts need login. */
export interface LoginGateProps {
  children?: ReactNode;
  when?: (query: URLSearchParams) => boolean;
}

/**
 * LoginGate lets logged-in visitors through; others get a "please log in
 * first" warning and go to /login, or /mobile/login on the mobile tree.
 *
 * The warning is for a visitor who arrives without a session. A session that
 * ends while the gate is shown (log out, a code 2 answer, a cancellation) is
 * ended by code that says why itself; the gate then only moves on. With route
 * transitions the page being left stays mounted until the login page's code
 * has loaded, so on a slow connection its gate does see the token go, and its
 * warning would replace "You have logged out."
 */
export function LoginGate({ children, when }: LoginGateProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { token } = useSession();
  const needed = when ? when(new URLSearchParams(location.search)) : true;
  const blocked = needed && !token;
  const hadSession = useRef(Boolean(token));
  if (token) hadSession.current = true;

  useEffect(() => {
    if (blocked && !hadSession.current) warnOnce(t('messages.pleaseLogin'));
  }, [blocked, t]);

  if (blocked) return <Navigate to={loginPathFor(location.pathname)} replace />;
  return <>{children ?? <Outlet />}</>;
}
