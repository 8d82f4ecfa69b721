// Every route path of the app (SPEC.md section 2). The odd spellings
// (orePoolAnlageuebersicht, hadaSwithchOn, explorderIndex, orePoolWithdrawlSetList)
// are part of the published URLs and are kept exactly.

/** MOBILE_PREFIX is the root of the mobile route tree. */
export const MOBILE_PREFIX = '/mobile';

/** MAINTENANCE is the maintenance page, shared by both trees and exempt from device redirects. */
export const MAINTENANCE = '/maintenance';

/** TUTORIAL_PAGES are the tutorial children, the same on desktop and mobile. */
export const TUTORIAL_PAGES = [
  'soloAleo',
  'orePoolSignIn',
  'deviceAccess',
  'hadaSwithchOn',
  'ownedSwitchOn',
  'btc',
  'hiveOS',
  'AeBox',
  'observer',
] as const;
export type TutorialPage = (typeof TUTORIAL_PAGES)[number];

/** HELP_KINDS are the help-centre sections; notice needs login. */
export const HELP_KINDS = ['notice', 'announcement', 'faq'] as const;
export type HelpKind = (typeof HELP_KINDS)[number];

/** paths holds the desktop routes. */
export const paths = {
  home: '/',
  maintenance: MAINTENANCE,
  login: '/login',
  register: '/register',
  observer: '/observer',
  basicsInfo: '/basicsInfo',
  os: '/OS',
  upload: '/upload',
  ironFish: '/ironFish',
  help: {
    root: '/help',
    list: (kind: HelpKind) => `/help/${kind}/list`,
    detail: (kind: HelpKind, id: string | number) => `/help/${kind}/detail/${id}`,
  },
  tutorial: {
    root: '/tutorial',
    page: (page: TutorialPage) => `/tutorial/${page}`,
  },
  observerMode: {
    root: '/observerMode',
    observerList: '/observerMode/observerList',
    infoList: '/observerMode/infoList',
    infoDetail: '/observerMode/infoDetail',
    orePoolDeviceOverview: '/observerMode/orePoolDeviceOverview',
    orePoolAnlageuebersicht: '/observerMode/orePoolAnlageuebersicht',
    orePoolDeviceSubaccount: '/observerMode/orePoolDeviceSubaccount',
    orePoolRevenueSummary: '/observerMode/orePoolRevenueSummary',
    orePoolRevenueChain: '/observerMode/orePoolRevenueChain',
  },
  account: {
    root: '/account',
    orePoolSubAccountInfo: '/account/orePoolSubAccountInfo',
    orePoolSubAccountDetail: '/account/orePoolSubAccountDetail',
    orePoolDeviceSearch: '/account/orePoolDeviceSearch',
    orePoolDeviceOverview: '/account/orePoolDeviceOverview',
    orePoolAnlageuebersicht: '/account/orePoolAnlageuebersicht',
    orePoolRevenueChain: '/account/orePoolRevenueChain',
    orePoolRevenueSummary: '/account/orePoolRevenueSummary',
    orePoolDeviceSubaccount: '/account/orePoolDeviceSubaccount',
    orePoolMachineDetail: '/account/orePoolMachineDetail',
    orePoolOverclockManage: '/account/orePoolOverclockManage',
    orePoolOverclockSet: '/account/orePoolOverclockSet',
    orePoolOverclockCancel: '/account/orePoolOverclockCancel',
    orePoolAssetsOverview: '/account/orePoolAssetsOverview',
    orePoolAssetsDetail: '/account/orePoolAssetsDetail',
    orePoolAddressManage: '/account/orePoolAddressManage',
    orePoolWithdrawlSetList: '/account/orePoolWithdrawlSetList',
    // Not in the SPEC: a sub-account's offline and hashrate alerts (docs/alerts.md).
    orePoolAlertSet: '/account/orePoolAlertSet',
    soloEquipment: '/account/soloEquipment',
    soloSummary: '/account/soloSummary',
    soloSearch: '/account/soloSearch',
  },
  explorer: {
    root: '/explorderIndex',
    overView: '/explorderIndex/overView',
    rankingList: '/explorderIndex/rankingList',
    rankingDetail: (address: string) => `/explorderIndex/rankingDetail/${encodeURIComponent(address)}`,
    blockDetail: (height: string | number) => `/explorderIndex/blockDetail/${height}`,
    preBlockDetail: (height: string | number) => `/explorderIndex/preBlockDetail/${height}`,
  },
} as const;

/** HelpListType is the `type` query of the mobile help list and detail. */
export type HelpListType = HelpKind | 'infoList';

/** mobilePaths holds the /mobile routes. */
export const mobilePaths = {
  home: MOBILE_PREFIX,
  currencyDetail: '/mobile/currencyDetail',
  currencyList: '/mobile/currencyList',
  login: '/mobile/login',
  register: '/mobile/register',
  registerInvite: (inviteCode: string) => `/mobile/registerInvite/${encodeURIComponent(inviteCode)}`,
  os: '/mobile/OS',
  upload: '/mobile/upload',
  basicsInfo: '/mobile/basicsInfo',
  observer: '/mobile/observer',
  account: {
    soloSearch: '/mobile/account/soloSearch',
    soloSummary: '/mobile/account/soloSummary',
    soloEquipment: '/mobile/account/soloEquipment',
    orePoolDeviceOverview: '/mobile/account/orePoolDeviceOverview',
    orePoolAnlageuebersicht: '/mobile/account/orePoolAnlageuebersicht',
    orePoolDeviceSubaccount: '/mobile/account/orePoolDeviceSubaccount',
    orePoolMachineDetail: '/mobile/account/orePoolMachineDetail',
    orePoolVideoCard: '/mobile/account/orePoolVideoCard',
    orePoolDeviceSearch: '/mobile/account/orePoolDeviceSearch',
    orePoolSubAccountInfo: '/mobile/account/orePoolSubAccountInfo',
    orePoolSubAccountDetail: '/mobile/account/orePoolSubAccountDetail',
    orePoolRevenueSummary: '/mobile/account/orePoolRevenueSummary',
    orePoolRevenueChain: '/mobile/account/orePoolRevenueChain',
    orePoolRevenueDetail: '/mobile/account/orePoolRevenueDetail',
    orePoolOverclockManage: '/mobile/account/orePoolOverclockManage',
    orePoolOverclockSet: '/mobile/account/orePoolOverclockSet',
    orePoolOverclockCancel: '/mobile/account/orePoolOverclockCancel',
    assetsOverview: '/mobile/account/assetsOverview',
    assetsDetail: '/mobile/account/assetsDetail',
    addressManage: '/mobile/account/addressManage',
    withdrawlSetList: '/mobile/account/withdrawlSetList',
    orePoolAlertSet: '/mobile/account/orePoolAlertSet',
  },
  tutorial: {
    root: '/mobile/tutorial',
    page: (page: TutorialPage) => `/mobile/tutorial/${page}`,
  },
  help: {
    root: '/mobile/help',
    helpcenter: '/mobile/help/helpcenter',
    helplist: (type: HelpListType) => `/mobile/help/helplist?type=${type}`,
    helpdetail: (type: HelpListType, id: string | number) =>
      `/mobile/help/helpdetail?type=${type}&id=${encodeURIComponent(String(id))}`,
  },
  observerMode: {
    root: '/mobile/observerMode',
    observerList: '/mobile/observerMode/observerList',
    orePoolDeviceOverview: '/mobile/observerMode/orePoolDeviceOverview',
    orePoolAnlageuebersicht: '/mobile/observerMode/orePoolAnlageuebersicht',
    orePoolDeviceSubaccount: '/mobile/observerMode/orePoolDeviceSubaccount',
    orePoolRevenueSummary: '/mobile/observerMode/orePoolRevenueSummary',
    orePoolRevenueChain: '/mobile/observerMode/orePoolRevenueChain',
    helplist: (type: HelpListType) => `/mobile/observerMode/help/helplist?type=${type}`,
    helpdetail: (type: HelpListType, id: string | number) =>
      `/mobile/observerMode/help/helpdetail?type=${type}&id=${encodeURIComponent(String(id))}`,
  },
  // The explorer's phone pages (the SPEC lists none): the desktop's names under /mobile.
  explorer: {
    root: '/mobile/explorderIndex',
    overView: '/mobile/explorderIndex/overView',
    rankingList: '/mobile/explorderIndex/rankingList',
    rankingDetail: (id: string) => `/mobile/explorderIndex/rankingDetail/${encodeURIComponent(id)}`,
    blockDetail: (height: string | number) => `/mobile/explorderIndex/blockDetail/${height}`,
    preBlockDetail: (height: string | number) => `/mobile/explorderIndex/preBlockDetail/${height}`,
  },
} as const;

/**
 * DESKTOP_PATTERNS lists every desktop route pattern (react-router syntax); the
 * device redirect uses it to tell whether a path has a desktop page.
 */
export const DESKTOP_PATTERNS: readonly string[] = [
  paths.home,
  paths.login,
  paths.register,
  paths.observer,
  paths.basicsInfo,
  paths.os,
  paths.upload,
  paths.ironFish,
  paths.help.root,
  ...HELP_KINDS.flatMap((k) => [`/help/${k}`, `/help/${k}/list`, `/help/${k}/detail/:id`]),
  paths.tutorial.root,
  ...TUTORIAL_PAGES.map((p) => paths.tutorial.page(p)),
  paths.observerMode.root,
  ...Object.values(paths.observerMode).filter((p) => p !== paths.observerMode.root),
  paths.account.root,
  ...Object.values(paths.account).filter((p) => p !== paths.account.root),
  paths.explorer.root,
  paths.explorer.overView,
  paths.explorer.rankingList,
  '/explorderIndex/rankingDetail/:address',
  '/explorderIndex/blockDetail/:height',
  '/explorderIndex/preBlockDetail/:height',
];

/** MOBILE_PATTERNS lists every /mobile route pattern (react-router syntax). */
export const MOBILE_PATTERNS: readonly string[] = [
  mobilePaths.home,
  mobilePaths.currencyDetail,
  mobilePaths.currencyList,
  mobilePaths.login,
  mobilePaths.register,
  '/mobile/registerInvite',
  '/mobile/registerInvite/:inviteCode',
  mobilePaths.os,
  mobilePaths.upload,
  mobilePaths.basicsInfo,
  mobilePaths.observer,
  '/mobile/account',
  ...Object.values(mobilePaths.account),
  mobilePaths.tutorial.root,
  ...TUTORIAL_PAGES.map((p) => mobilePaths.tutorial.page(p)),
  mobilePaths.help.root,
  mobilePaths.help.helpcenter,
  '/mobile/help/helplist',
  '/mobile/help/helpdetail',
  mobilePaths.observerMode.root,
  mobilePaths.observerMode.observerList,
  mobilePaths.observerMode.orePoolDeviceOverview,
  mobilePaths.observerMode.orePoolAnlageuebersicht,
  mobilePaths.observerMode.orePoolDeviceSubaccount,
  mobilePaths.observerMode.orePoolRevenueSummary,
  mobilePaths.observerMode.orePoolRevenueChain,
  '/mobile/observerMode/help/helplist',
  '/mobile/observerMode/help/helpdetail',
  mobilePaths.explorer.root,
  mobilePaths.explorer.overView,
  mobilePaths.explorer.rankingList,
  '/mobile/explorderIndex/rankingDetail/:address',
  '/mobile/explorderIndex/blockDetail/:height',
  '/mobile/explorderIndex/preBlockDetail/:height',
];

/** isMobilePath reports whether a pathname belongs to the /mobile tree. */
export function isMobilePath(pathname: string): boolean {
  return pathname === MOBILE_PREFIX || pathname.startsWith(`${MOBILE_PREFIX}/`);
}

/** isObserverPath reports whether a pathname is an observer page (calls use the observer token there). */
export function isObserverPath(pathname: string): boolean {
  return /^(\/mobile)?\/observerMode(\/|$)/.test(pathname);
}

/** loginPathFor gives the login page of the tree that pathname belongs to. */
export function loginPathFor(pathname: string): string {
  return isMobilePath(pathname) ? mobilePaths.login : paths.login;
}

/** observerListPathFor gives the observer list of the tree that pathname belongs to. */
export function observerListPathFor(pathname: string): string {
  return isMobilePath(pathname) ? mobilePaths.observerMode.observerList : paths.observerMode.observerList;
}
