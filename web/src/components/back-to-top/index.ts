export { BackToTop } from './back-to-top';
