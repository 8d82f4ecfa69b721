import { placeholderArea } from '../placeholders';
import { poolTitles } from '../shared-titles';

const titles = {
  orePoolDeviceOverview: poolTitles.orePoolDeviceOverview,
  orePoolAnlageuebersicht: poolTitles.orePoolAnlageuebersicht,
  orePoolDeviceSubaccount: poolTitles.orePoolDeviceSubaccount,
  orePoolMachineDetail: poolTitles.orePoolMachineDetail,
  orePoolVideoCard: 'pages.orePoolVideoCard',
  orePoolDeviceSearch: poolTitles.orePoolDeviceSearch,
  orePoolSubAccountInfo: poolTitles.orePoolSubAccountInfo,
  orePoolSubAccountDetail: poolTitles.orePoolSubAccountDetail,
  orePoolRevenueSummary: poolTitles.orePoolRevenueSummary,
  orePoolRevenueChain: poolTitles.orePoolRevenueChain,
  orePoolRevenueDetail: 'pages.orePoolRevenueDetail',
  orePoolOverclockManage: poolTitles.orePoolOverclockManage,
  orePoolOverclockSet: poolTitles.orePoolOverclockSet,
  orePoolOverclockCancel: poolTitles.orePoolOverclockCancel,
  assetsOverview: poolTitles.orePoolAssetsOverview,
  assetsDetail: poolTitles.orePoolAssetsDetail,
  addressManage: poolTitles.orePoolAddressManage,
  withdrawlSetList: poolTitles.orePoolWithdrawlSetList,
} as const;
/** MobilePoolPage names the pages of this area. */
export type MobilePoolPage = keyof typeof titles;
export default placeholderArea(titles);
