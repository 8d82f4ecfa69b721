// Every route of SPEC.md section 2: the desktop tree at /... and the mobile tree
// at /mobile/... Pages load lazily, one chunk per area and tree, so a failed
// download is caught by RouteError (which reloads once).
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { HELP_KINDS, TUTORIAL_PAGES, mobilePaths, paths, type HelpKind } from '@/config/paths';
import type { ExplorerPage } from './routes/desktop/explorer';
import type { HelpPage } from './routes/desktop/help';
import type { ObserverModePage } from './routes/desktop/observer-mode';
import type { PoolPage } from './routes/desktop/pool';
import type { MobilePoolPage } from './routes/mobile/pool';
import type { MobileObserverModePage } from './routes/mobile/observer-mode';
import { LoginGate } from './guards/login-gate';
import { MaintenancePage } from './routes/maintenance';
import { NotFound } from './routes/not-found';
import { RouteError } from './routes/route-error';
import { RegisterInvite } from './routes/mobile/register-invite';
import { Root } from './root';
import type { RouteHandle } from './route-handle';

/** area makes one lazily loaded chunk and returns a function that renders one of its pages. */
function area<P extends string>(load: () => Promise<{ default: ComponentType<{ page: P }> }>) {
  const Area = lazy(load);
  return function page(name: P): ReactNode {
    return <Area page={name} />;
  };
}

const DesktopLayout = lazy(() => import('./layouts/desktop-layout'));
const MobileLayout = lazy(() => import('./layouts/mobile-layout'));

const d = {
  home: area<'home'>(() => import('./routes/desktop/home')),
  auth: area<'login' | 'register'>(() => import('./routes/desktop/auth')),
  user: area<'basicsInfo' | 'observer'>(() => import('./routes/desktop/user')),
  product: area<'os' | 'upload' | 'ironFish'>(() => import('./routes/desktop/product')),
  help: area<HelpPage>(() => import('./routes/desktop/help')),
  tutorial: area<(typeof TUTORIAL_PAGES)[number]>(() => import('./routes/desktop/tutorial')),
  observerMode: area<ObserverModePage>(() => import('./routes/desktop/observer-mode')),
  pool: area<PoolPage>(() => import('./routes/desktop/pool')),
  solo: area<'soloSearch' | 'soloSummary' | 'soloEquipment'>(() => import('./routes/desktop/solo')),
  explorer: area<ExplorerPage>(() => import('./routes/desktop/explorer')),
};

const m = {
  home: area<'home' | 'currencyList' | 'currencyDetail'>(() => import('./routes/mobile/home')),
  auth: area<'login' | 'register'>(() => import('./routes/mobile/auth')),
  user: area<'basicsInfo' | 'observer'>(() => import('./routes/mobile/user')),
  product: area<'os' | 'upload'>(() => import('./routes/mobile/product')),
  help: area<'helpcenter' | 'helplist' | 'helpdetail'>(() => import('./routes/mobile/help')),
  tutorial: area<(typeof TUTORIAL_PAGES)[number]>(() => import('./routes/mobile/tutorial')),
  observerMode: area<MobileObserverModePage>(() => import('./routes/mobile/observer-mode')),
  pool: area<MobilePoolPage>(() => import('./routes/mobile/pool')),
  solo: area<'soloSearch' | 'soloSummary' | 'soloEquipment'>(() => import('./routes/mobile/solo')),
  explorer: area<ExplorerPage>(() => import('./routes/mobile/explorer')),
};

const gated = (element: ReactNode) => <LoginGate>{element}</LoginGate>;
const redirect = (to: string) => <Navigate to={to} replace />;

function helpSection(kind: HelpKind): RouteObject {
  const list = `${kind}List` as HelpPage;
  const detail = `${kind}Detail` as HelpPage;
  return {
    path: kind,
    // Notifications belong to an account; announcements and FAQ are public.
    element: kind === 'notice' ? <LoginGate /> : <Outlet />,
    children: [
      { index: true, element: redirect(paths.help.list(kind)) },
      { path: 'list', element: d.help(list) },
      { path: 'detail/:id', element: d.help(detail) },
    ],
  };
}

const poolPages: PoolPage[] = [
  'orePoolSubAccountInfo',
  'orePoolSubAccountDetail',
  'orePoolDeviceSearch',
  'orePoolDeviceOverview',
  'orePoolAnlageuebersicht',
  'orePoolRevenueChain',
  'orePoolRevenueSummary',
  'orePoolDeviceSubaccount',
  'orePoolMachineDetail',
  'orePoolOverclockManage',
  'orePoolOverclockSet',
  'orePoolOverclockCancel',
  'orePoolAssetsOverview',
  'orePoolAssetsDetail',
  'orePoolAddressManage',
  'orePoolWithdrawlSetList',
  'orePoolAlertSet',
];

const observerModePages: ObserverModePage[] = [
  'observerList',
  'infoList',
  'infoDetail',
  'orePoolDeviceOverview',
  'orePoolAnlageuebersicht',
  'orePoolDeviceSubaccount',
  'orePoolRevenueSummary',
  'orePoolRevenueChain',
];

/** desktopRoutes are the pages inside the desktop layout. */
export const desktopRoutes: RouteObject[] = [
  { index: true, element: d.home('home') },
  { path: 'login', element: d.auth('login') },
  { path: 'register', element: d.auth('register') },
  { path: 'observer', element: gated(d.user('observer')) },
  { path: 'basicsInfo', element: gated(d.user('basicsInfo')) },
  { path: 'OS', element: d.product('os') },
  { path: 'upload', element: d.product('upload') },
  { path: 'ironFish', element: d.product('ironFish') },
  {
    path: 'help',
    children: [{ index: true, element: d.help('helpCenter') }, ...HELP_KINDS.map(helpSection)],
  },
  {
    path: 'tutorial',
    children: [
      { index: true, element: redirect(paths.tutorial.page('orePoolSignIn')) },
      ...TUTORIAL_PAGES.map((page) => ({
        path: page,
        // hadaSwithchOn shows the deviceAccess tutorial.
        element: d.tutorial(page === 'hadaSwithchOn' ? 'deviceAccess' : page),
      })),
    ],
  },
  {
    path: 'observerMode',
    children: [
      { index: true, element: redirect(paths.observerMode.observerList) },
      ...observerModePages.map((page) => ({ path: page, element: d.observerMode(page) })),
    ],
  },
  {
    path: 'account',
    children: [
      {
        element: <LoginGate />,
        children: [
          { index: true, element: redirect(paths.account.orePoolDeviceOverview) },
          ...poolPages.map((page) => ({ path: page, element: d.pool(page) })),
        ],
      },
      { path: 'soloEquipment', element: d.solo('soloEquipment') },
      { path: 'soloSummary', element: d.solo('soloSummary') },
      { path: 'soloSearch', element: d.solo('soloSearch') },
    ],
  },
  {
    path: 'explorderIndex',
    children: [
      { index: true, element: redirect(paths.explorer.overView) },
      { path: 'overView', element: d.explorer('overView') },
      { path: 'rankingList', element: d.explorer('rankingList') },
      { path: 'rankingDetail/:address', element: d.explorer('rankingDetail') },
      { path: 'blockDetail/:height', element: d.explorer('blockDetail') },
      { path: 'preBlockDetail/:height', element: d.explorer('preBlockDetail') },
    ],
  },
  { path: '*', element: <NotFound /> },
];

const mobilePoolPages: MobilePoolPage[] = [
  'orePoolDeviceOverview',
  'orePoolAnlageuebersicht',
  'orePoolDeviceSubaccount',
  'orePoolMachineDetail',
  'orePoolVideoCard',
  'orePoolDeviceSearch',
  'orePoolSubAccountInfo',
  'orePoolSubAccountDetail',
  'orePoolRevenueSummary',
  'orePoolRevenueChain',
  'orePoolRevenueDetail',
  'orePoolOverclockManage',
  'orePoolOverclockSet',
  'orePoolOverclockCancel',
  'assetsOverview',
  'assetsDetail',
  'addressManage',
  'withdrawlSetList',
  'orePoolAlertSet',
];

const mobileObserverModePages: MobileObserverModePage[] = [
  'observerList',
  'orePoolDeviceOverview',
  'orePoolAnlageuebersicht',
  'orePoolDeviceSubaccount',
  'orePoolRevenueSummary',
  'orePoolRevenueChain',
];

const noticeNeedsLogin = (query: URLSearchParams) => query.get('type') === 'notice';
const bare: RouteHandle = { chrome: false };

/** mobileRoutes are the pages inside the mobile layout (relative to /mobile). */
export const mobileRoutes: RouteObject[] = [
  { index: true, element: m.home('home') },
  { path: 'currencyList', element: m.home('currencyList') },
  { path: 'currencyDetail', element: m.home('currencyDetail') },
  { path: 'login', element: m.auth('login') },
  { path: 'register', element: m.auth('register') },
  { path: 'registerInvite', element: <RegisterInvite />, handle: bare },
  { path: 'registerInvite/:inviteCode', element: <RegisterInvite />, handle: bare },
  { path: 'OS', element: m.product('os') },
  { path: 'upload', element: m.product('upload') },
  { path: 'basicsInfo', element: gated(m.user('basicsInfo')) },
  { path: 'observer', element: gated(m.user('observer')) },
  {
    path: 'account',
    children: [
      { index: true, element: redirect(mobilePaths.account.orePoolDeviceOverview) },
      { path: 'soloSearch', element: m.solo('soloSearch') },
      { path: 'soloSummary', element: m.solo('soloSummary') },
      { path: 'soloEquipment', element: m.solo('soloEquipment') },
      {
        element: <LoginGate />,
        children: mobilePoolPages.map((page) => ({ path: page, element: m.pool(page) })),
      },
    ],
  },
  {
    path: 'tutorial',
    children: [
      { index: true, element: redirect(mobilePaths.tutorial.page('orePoolSignIn')) },
      ...TUTORIAL_PAGES.map((page) => ({
        path: page,
        element: m.tutorial(page === 'hadaSwithchOn' ? 'deviceAccess' : page),
      })),
    ],
  },
  {
    path: 'help',
    children: [
      { index: true, element: redirect(mobilePaths.help.helpcenter) },
      { path: 'helpcenter', element: m.help('helpcenter') },
      { path: 'helplist', element: <LoginGate when={noticeNeedsLogin}>{m.help('helplist')}</LoginGate> },
      { path: 'helpdetail', element: <LoginGate when={noticeNeedsLogin}>{m.help('helpdetail')}</LoginGate> },
    ],
  },
  {
    path: 'observerMode',
    children: [
      { index: true, element: redirect(mobilePaths.observerMode.observerList) },
      ...mobileObserverModePages.map((page) => ({ path: page, element: m.observerMode(page) })),
      { path: 'help/helplist', element: m.help('helplist') },
      { path: 'help/helpdetail', element: m.help('helpdetail') },
    ],
  },
  {
    path: 'explorderIndex',
    children: [
      { index: true, element: redirect(mobilePaths.explorer.overView) },
      { path: 'overView', element: m.explorer('overView') },
      { path: 'rankingList', element: m.explorer('rankingList') },
      { path: 'rankingDetail/:address', element: m.explorer('rankingDetail') },
      { path: 'blockDetail/:height', element: m.explorer('blockDetail') },
      { path: 'preBlockDetail/:height', element: m.explorer('preBlockDetail') },
    ],
  },
  { path: '*', element: <NotFound /> },
];

function withLayout(layout: ReactNode, children: RouteObject[]): RouteObject[] {
  return [
    {
      element: <Suspense fallback={null}>{layout}</Suspense>,
      // A page that fails keeps the nav and footer around its error.
      children: [{ errorElement: <RouteError />, children }],
    },
  ];
}

/** routes is the whole route tree. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: 'maintenance', element: <MaintenancePage /> },
      { path: 'mobile', children: withLayout(<MobileLayout />, mobileRoutes) },
      ...withLayout(<DesktopLayout />, desktopRoutes),
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | null = null;

/** AppRouter renders the app's routes in the browser. */
export function AppRouter() {
  router ??= createBrowserRouter(routes, { future: { v7_relativeSplatPath: true } });
  return <RouterProvider router={router} future={{ v7_startTransition: true }} />;
}
