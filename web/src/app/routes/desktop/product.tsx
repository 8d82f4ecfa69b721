import { placeholderArea } from '../placeholders';

const titles = { os: 'pages.os', upload: 'pages.upload', ironFish: 'pages.ironFish' } as const;
/** ProductPage names the pages of this area. */
export type ProductPage = keyof typeof titles;
export default placeholderArea(titles);
