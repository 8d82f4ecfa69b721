// Title keys of pages that both trees have.
import { TUTORIAL_PAGES, type TutorialPage } from '@/config/paths';

/** tutorialTitles are the tutorial pages' title keys. */
export const tutorialTitles = Object.fromEntries(
  TUTORIAL_PAGES.map((page) => [page, `pages.tutorial.${page}`]),
) as Record<TutorialPage, string>;

/** poolTitles are the pool-mode pages' title keys (desktop names). */
export const poolTitles = {
  orePoolSubAccountInfo: 'pages.orePoolSubAccountInfo',
  orePoolSubAccountDetail: 'pages.orePoolSubAccountDetail',
  orePoolDeviceSearch: 'pages.orePoolDeviceSearch',
  orePoolDeviceOverview: 'pages.orePoolDeviceOverview',
  orePoolAnlageuebersicht: 'pages.orePoolAnlageuebersicht',
  orePoolRevenueChain: 'pages.orePoolRevenueChain',
  orePoolRevenueSummary: 'pages.orePoolRevenueSummary',
  orePoolDeviceSubaccount: 'pages.orePoolDeviceSubaccount',
  orePoolMachineDetail: 'pages.orePoolMachineDetail',
  orePoolOverclockManage: 'pages.orePoolOverclockManage',
  orePoolOverclockSet: 'pages.orePoolOverclockSet',
  orePoolOverclockCancel: 'pages.orePoolOverclockCancel',
  orePoolAssetsOverview: 'pages.orePoolAssetsOverview',
  orePoolAssetsDetail: 'pages.orePoolAssetsDetail',
  orePoolAddressManage: 'pages.orePoolAddressManage',
  orePoolWithdrawlSetList: 'pages.orePoolWithdrawlSetList',
  orePoolAlertSet: 'pages.orePoolAlertSet',
} as const;

/** soloTitles are the solo-mode pages' title keys. */
export const soloTitles = {
  soloSearch: 'pages.soloSearch',
  soloSummary: 'pages.soloSummary',
  soloEquipment: 'pages.soloEquipment',
} as const;

/** observerModeTitles are the observer-mode pages' title keys. */
export const observerModeTitles = {
  observerList: 'pages.observerList',
  infoList: 'pages.infoList',
  infoDetail: 'pages.infoDetail',
  orePoolDeviceOverview: 'pages.orePoolDeviceOverview',
  orePoolAnlageuebersicht: 'pages.orePoolAnlageuebersicht',
  orePoolDeviceSubaccount: 'pages.orePoolDeviceSubaccount',
  orePoolRevenueSummary: 'pages.orePoolRevenueSummary',
  orePoolRevenueChain: 'pages.orePoolRevenueChain',
} as const;

/** explorerTitles are the block explorer's pages' title keys. */
export const explorerTitles = {
  overView: 'pages.explorerOverView',
  rankingList: 'pages.explorerRankingList',
  rankingDetail: 'pages.explorerRankingDetail',
  blockDetail: 'pages.explorerBlockDetail',
  preBlockDetail: 'pages.explorerPreBlockDetail',
} as const;
