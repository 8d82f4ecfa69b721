import { DesktopLogin } from './auth/login';
import { DesktopRegister } from './auth/register';

/** AuthPage names the pages of this area. */
export type AuthPage = 'login' | 'register';

/** AuthArea renders the desktop login and register pages. */
export default function AuthArea({ page }: { page: AuthPage }) {
  return page === 'login' ? <DesktopLogin key="login" /> : <DesktopRegister key="register" />;
}
