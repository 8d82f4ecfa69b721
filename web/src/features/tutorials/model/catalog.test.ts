import { describe, expect, it } from 'vitest';
import { TUTORIAL_PAGES } from '@/config/paths';
import { CONTENTS } from '../content';
import { appPath, APP_TARGETS, entryOf, groupedTutorials, neighbours, tutorialPath, tutorialsFor, TUTORIALS } from './catalog';

describe('tutorial catalogue', () => {
  it('lists every tutorial route once (hadaSwithchOn is deviceAccess) plus IronFish, each with an article', () => {
    const ids = TUTORIALS.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual([...TUTORIAL_PAGES.filter((p) => p !== 'hadaSwithchOn'), 'ironFish'].sort());
    for (const id of ids) expect(CONTENTS[id], id).toBeTypeOf('function');
    expect(entryOf('hadaSwithchOn').id).toBe('deviceAccess');
  });

  it('reuses the app-wide title keys', () => {
    expect(entryOf('btc').titleKey).toBe('pages.tutorial.btc');
    expect(entryOf('ironFish').titleKey).toBe('pages.ironFish');
  });

  it('leaves IronFish out of the mobile navigation, which has no page for it', () => {
    expect(tutorialsFor(false)).toHaveLength(9);
    expect(tutorialsFor(true).map((t) => t.id)).not.toContain('ironFish');
    expect(groupedTutorials(true).flatMap((g) => g.entries)).toHaveLength(8);
    expect(neighbours('soloAleo', true).next).toBeNull();
    expect(neighbours('soloAleo', false).next?.id).toBe('ironFish');
    expect(neighbours('orePoolSignIn', false).prev).toBeNull();
  });

  it('links each site to its own pages', () => {
    expect(tutorialPath(entryOf('btc'), false)).toBe('/tutorial/btc');
    expect(tutorialPath(entryOf('btc'), true)).toBe('/mobile/tutorial/btc');
    expect(appPath('subAccounts', false)).toBe('/account/orePoolSubAccountInfo');
    expect(appPath('subAccounts', true)).toBe('/mobile/account/orePoolSubAccountInfo');
    expect(appPath('observer', false)).toBe('/observer');
    expect(appPath('download', true)).toBe('/mobile/upload');
    expect(appPath('os', false)).toBe('/OS');
    expect(appPath('soloSearch', true)).toBe('/mobile/account/soloSearch');
    for (const target of APP_TARGETS) expect(appPath(target, true).startsWith('/mobile/'), target).toBe(true);
  });
});
