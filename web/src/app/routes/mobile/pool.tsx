import type { ComponentType } from 'react';
import { pageArea } from '../placeholders';
import { poolTitles } from '../shared-titles';
import { MobileAccountShell } from './pool/account-shell';
import { MobileAlertSettings } from './pool/alert-settings';
import { MobileAssetsDetail, MobileAssetsOverview } from './pool/assets';
import { MobileDeviceList } from './pool/device-list';
import { MobileDeviceOverview } from './pool/device-overview';
import { MobileDeviceSearch } from './pool/device-search';
import { MobileDeviceSubaccount } from './pool/device-subaccount';
import { MobileMachineDetail } from './pool/machine-detail';
import { MobileOverclockCancel } from './pool/overclock-cancel';
import { MobileOverclockManage } from './pool/overclock-manage';
import { MobileOverclockSet } from './pool/overclock-set';
import { MobileRevenueChain, MobileRevenueDetail, MobileRevenueSummary } from './pool/revenue';
import { MobileSubAccountDetail } from './pool/sub-account-detail';
import { MobileSubAccountInfo } from './pool/sub-account-info';
import { MobileVideoCard } from './pool/video-card';
import { MobileAddressManage, MobileWithdrawSettings } from './pool/withdraw';

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
  orePoolAlertSet: poolTitles.orePoolAlertSet,
} as const;
/** MobilePoolPage names the pages of this area. */
export type MobilePoolPage = keyof typeof titles;

const pages: Record<MobilePoolPage, ComponentType> = {
  orePoolSubAccountInfo: MobileSubAccountInfo,
  orePoolSubAccountDetail: MobileSubAccountDetail,
  orePoolDeviceOverview: MobileDeviceOverview,
  orePoolAnlageuebersicht: MobileDeviceList,
  orePoolDeviceSearch: MobileDeviceSearch,
  orePoolDeviceSubaccount: MobileDeviceSubaccount,
  orePoolMachineDetail: MobileMachineDetail,
  orePoolVideoCard: MobileVideoCard,
  orePoolOverclockManage: MobileOverclockManage,
  orePoolOverclockSet: MobileOverclockSet,
  orePoolOverclockCancel: MobileOverclockCancel,
  orePoolRevenueSummary: MobileRevenueSummary,
  orePoolRevenueChain: MobileRevenueChain,
  orePoolRevenueDetail: MobileRevenueDetail,
  assetsOverview: MobileAssetsOverview,
  assetsDetail: MobileAssetsDetail,
  addressManage: MobileAddressManage,
  withdrawlSetList: MobileWithdrawSettings,
  orePoolAlertSet: MobileAlertSettings,
};

/** MobilePoolArea renders a pool-mode page inside the account shell (switchers and menu). */
const MobilePoolArea = pageArea(MobileAccountShell, pages, titles);
export default MobilePoolArea;
