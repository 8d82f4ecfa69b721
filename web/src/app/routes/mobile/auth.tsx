import { MobileLogin } from './auth/login';
import { MobileRegister } from './auth/register';

/** AuthPage names the pages of this area. */
export type AuthPage = 'login' | 'register';

/** AuthArea renders the mobile login and register pages. */
export default function AuthArea({ page }: { page: AuthPage }) {
  return page === 'login' ? <MobileLogin key="login" /> : <MobileRegister key="register" />;
}
