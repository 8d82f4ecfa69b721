import { placeholderArea } from '../placeholders';

const titles = { basicsInfo: 'pages.basicsInfo', observer: 'pages.observer' } as const;
/** UserPage names the pages of this area. */
export type UserPage = keyof typeof titles;
export default placeholderArea(titles);
