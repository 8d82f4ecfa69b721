import { placeholderArea } from '../placeholders';

const titles = {
  overView: 'pages.explorerOverView',
  rankingList: 'pages.explorerRankingList',
  rankingDetail: 'pages.explorerRankingDetail',
  blockDetail: 'pages.explorerBlockDetail',
  preBlockDetail: 'pages.explorerPreBlockDetail',
} as const;
/** ExplorerPage names the pages of this area. */
export type ExplorerPage = keyof typeof titles;
export default placeholderArea(titles);
