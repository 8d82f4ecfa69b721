import { placeholderArea } from '../placeholders';

const titles = { login: 'pages.login', register: 'pages.register' } as const;
/** AuthPage names the pages of this area. */
export type AuthPage = keyof typeof titles;
export default placeholderArea(titles);
