// The tutorials, their order and groups in the navigation, and the app pages they link to.
import { mobilePaths, paths, type TutorialPage } from '@/config/paths';

/** TutorialId names a tutorial: the tutorial routes (hadaSwithchOn shows deviceAccess) plus IronFish. */
export type TutorialId = Exclude<TutorialPage, 'hadaSwithchOn'> | 'ironFish';

/** TutorialGroup is a heading of the navigation (locale keys nav.groups.*). */
export type TutorialGroup = 'start' | 'gpu' | 'asic' | 'solo';

/** TutorialEntry is one tutorial in the navigation. */
export interface TutorialEntry {
  id: TutorialId;
  group: TutorialGroup;
  /** titleKey is the app-wide page title. */
  titleKey: string;
  desktopPath: string;
  /** mobilePath is null where the mobile site has no page (IronFish). */
  mobilePath: string | null;
}

const page = (id: Exclude<TutorialId, 'ironFish'>, group: TutorialGroup): TutorialEntry => ({
  id,
  group,
  titleKey: `pages.tutorial.${id}`,
  desktopPath: paths.tutorial.page(id),
  mobilePath: mobilePaths.tutorial.page(id),
});

/** TUTORIALS are the tutorials in navigation order. */
export const TUTORIALS: readonly TutorialEntry[] = [
  page('orePoolSignIn', 'start'),
  page('observer', 'start'),
  page('deviceAccess', 'gpu'),
  page('ownedSwitchOn', 'gpu'),
  page('hiveOS', 'gpu'),
  page('btc', 'asic'),
  page('AeBox', 'asic'),
  page('soloAleo', 'solo'),
  { id: 'ironFish', group: 'solo', titleKey: 'pages.ironFish', desktopPath: paths.ironFish, mobilePath: null },
];

/** GROUPS are the navigation headings in order. */
export const GROUPS: readonly TutorialGroup[] = ['start', 'gpu', 'asic', 'solo'];

/** tutorialsFor lists the tutorials a site shows (the mobile site has no IronFish page). */
export function tutorialsFor(mobile: boolean): TutorialEntry[] {
  return TUTORIALS.filter((t) => !mobile || t.mobilePath !== null);
}

/** groupedTutorials gives each group with its tutorials, leaving out empty groups. */
export function groupedTutorials(mobile: boolean): Array<{ group: TutorialGroup; entries: TutorialEntry[] }> {
  const list = tutorialsFor(mobile);
  return GROUPS.map((group) => ({ group, entries: list.filter((t) => t.group === group) })).filter((g) => g.entries.length > 0);
}

/** tutorialPath is where a tutorial lives on one site. */
export function tutorialPath(entry: TutorialEntry, mobile: boolean): string {
  return mobile ? (entry.mobilePath ?? entry.desktopPath) : entry.desktopPath;
}

/** entryOf finds a tutorial; hadaSwithchOn is the deviceAccess tutorial. */
export function entryOf(id: TutorialId | 'hadaSwithchOn'): TutorialEntry {
  const want = id === 'hadaSwithchOn' ? 'deviceAccess' : id;
  const hit = TUTORIALS.find((t) => t.id === want);
  if (!hit) throw new Error(`tutorials: no tutorial ${id}`);
  return hit;
}

/** neighbours gives the previous and next tutorial of a site, for the links under an article. */
export function neighbours(id: TutorialId, mobile: boolean): { prev: TutorialEntry | null; next: TutorialEntry | null } {
  const list = tutorialsFor(mobile);
  const i = list.findIndex((t) => t.id === id);
  if (i < 0) return { prev: null, next: null };
  return { prev: list[i - 1] ?? null, next: list[i + 1] ?? null };
}

/**
 * AppTarget names an app page a tutorial links to; the same names are the link tags
 * translators wrap words in (<subAccounts>Sub-accounts</subAccounts>).
 */
export type AppTarget =
  | 'register'
  | 'login'
  | 'subAccounts'
  | 'devices'
  | 'earnings'
  | 'basicsInfo'
  | 'observer'
  | 'download'
  | 'os'
  | 'soloSearch';

const targets: Record<AppTarget, { desktop: string; mobile: string; titleKey: string }> = {
  register: { desktop: paths.register, mobile: mobilePaths.register, titleKey: 'pages.register' },
  login: { desktop: paths.login, mobile: mobilePaths.login, titleKey: 'pages.login' },
  subAccounts: {
    desktop: paths.account.orePoolSubAccountInfo,
    mobile: mobilePaths.account.orePoolSubAccountInfo,
    titleKey: 'pages.orePoolSubAccountInfo',
  },
  devices: {
    desktop: paths.account.orePoolDeviceOverview,
    mobile: mobilePaths.account.orePoolDeviceOverview,
    titleKey: 'pages.orePoolDeviceOverview',
  },
  earnings: {
    desktop: paths.account.orePoolRevenueSummary,
    mobile: mobilePaths.account.orePoolRevenueSummary,
    titleKey: 'pages.orePoolRevenueSummary',
  },
  basicsInfo: { desktop: paths.basicsInfo, mobile: mobilePaths.basicsInfo, titleKey: 'pages.basicsInfo' },
  observer: { desktop: paths.observer, mobile: mobilePaths.observer, titleKey: 'pages.observer' },
  download: { desktop: paths.upload, mobile: mobilePaths.upload, titleKey: 'pages.upload' },
  os: { desktop: paths.os, mobile: mobilePaths.os, titleKey: 'pages.os' },
  soloSearch: { desktop: paths.account.soloSearch, mobile: mobilePaths.account.soloSearch, titleKey: 'pages.soloSearch' },
};

/** APP_TARGETS lists every target name. */
export const APP_TARGETS = Object.keys(targets) as AppTarget[];

/** appPath is a target's page on one site. */
export function appPath(target: AppTarget, mobile: boolean): string {
  return mobile ? targets[target].mobile : targets[target].desktop;
}

/** appTitleKey is the app-wide title of a target's page (for buttons that name the page). */
export function appTitleKey(target: AppTarget): string {
  return targets[target].titleKey;
}
