import { placeholderArea } from '../placeholders';

const titles = { home: 'pages.home' } as const;
/** HomePage names the pages of this area. */
export type HomePage = keyof typeof titles;
export default placeholderArea(titles);
