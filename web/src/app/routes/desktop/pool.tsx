import type { ComponentType } from 'react';
import { pageArea } from '../placeholders';
import { poolTitles } from '../shared-titles';
import { DesktopAccountShell } from './pool/account-shell';
import { DesktopAlertSettings } from './pool/alert-settings';
import { DesktopAssetsDetail, DesktopAssetsOverview } from './pool/assets';
import { DesktopDeviceList } from './pool/device-list';
import { DesktopDeviceOverview } from './pool/device-overview';
import { DesktopDeviceSearch } from './pool/device-search';
import { DesktopDeviceSubaccount } from './pool/device-subaccount';
import { DesktopMachineDetail } from './pool/machine-detail';
import { DesktopOverclockCancel } from './pool/overclock-cancel';
import { DesktopOverclockManage } from './pool/overclock-manage';
import { DesktopOverclockSet } from './pool/overclock-set';
import { DesktopRevenueChain, DesktopRevenueSummary } from './pool/revenue';
import { DesktopSubAccountDetail } from './pool/sub-account-detail';
import { DesktopSubAccountInfo } from './pool/sub-account-info';
import { DesktopAddressManage, DesktopWithdrawSettings } from './pool/withdraw';

/** PoolPage names the pages of this area. */
export type PoolPage = keyof typeof poolTitles;

const pages: Record<PoolPage, ComponentType> = {
  orePoolSubAccountInfo: DesktopSubAccountInfo,
  orePoolSubAccountDetail: DesktopSubAccountDetail,
  orePoolDeviceOverview: DesktopDeviceOverview,
  orePoolAnlageuebersicht: DesktopDeviceList,
  orePoolDeviceSearch: DesktopDeviceSearch,
  orePoolDeviceSubaccount: DesktopDeviceSubaccount,
  orePoolMachineDetail: DesktopMachineDetail,
  orePoolOverclockManage: DesktopOverclockManage,
  orePoolOverclockSet: DesktopOverclockSet,
  orePoolOverclockCancel: DesktopOverclockCancel,
  orePoolRevenueSummary: DesktopRevenueSummary,
  orePoolRevenueChain: DesktopRevenueChain,
  orePoolAssetsOverview: DesktopAssetsOverview,
  orePoolAssetsDetail: DesktopAssetsDetail,
  orePoolAddressManage: DesktopAddressManage,
  orePoolWithdrawlSetList: DesktopWithdrawSettings,
  orePoolAlertSet: DesktopAlertSettings,
};

/** PoolArea renders a pool-mode page inside the account shell (switchers and menu). */
const PoolArea = pageArea(DesktopAccountShell, pages, poolTitles);
export default PoolArea;
