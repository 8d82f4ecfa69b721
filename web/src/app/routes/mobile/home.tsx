import { placeholderArea } from '../placeholders';

const titles = {
  home: 'pages.home',
  currencyList: 'pages.currencyList',
  currencyDetail: 'pages.currencyDetail',
} as const;
/** MobileHomePage names the pages of this area. */
export type MobileHomePage = keyof typeof titles;
export default placeholderArea(titles);
