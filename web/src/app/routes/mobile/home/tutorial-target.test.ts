import { describe, expect, it } from 'vitest';
import { FALLBACK_TUTORIAL, mobileTutorialTarget } from './tutorial-target';

describe('mobileTutorialTarget', () => {
  it('says "not online" for an empty link and for links it cannot follow', () => {
    expect(mobileTutorialTarget('')).toEqual({ kind: 'none' });
    expect(mobileTutorialTarget('   ')).toEqual({ kind: 'none' });
    expect(mobileTutorialTarget(undefined)).toEqual({ kind: 'none' });
    expect(mobileTutorialTarget('javascript:alert(1)')).toEqual({ kind: 'none' });
    expect(mobileTutorialTarget('//evil.example/x')).toEqual({ kind: 'none' });
    expect(mobileTutorialTarget('tutorial/btc')).toEqual({ kind: 'none' });
  });

  it('opens absolute addresses as they are', () => {
    expect(mobileTutorialTarget('https://docs.example.com/kas')).toEqual({ kind: 'external', href: 'https://docs.example.com/kas' });
    expect(mobileTutorialTarget('HTTP://docs.example.com')).toEqual({ kind: 'external', href: 'HTTP://docs.example.com' });
  });

  it('maps desktop tutorial paths to their mobile twins', () => {
    expect(mobileTutorialTarget('/tutorial/btc')).toEqual({ kind: 'internal', to: '/mobile/tutorial/btc' });
    expect(mobileTutorialTarget('/tutorial/deviceAccess/')).toEqual({ kind: 'internal', to: '/mobile/tutorial/deviceAccess' });
    expect(mobileTutorialTarget('/tutorial/hiveOS#step-2')).toEqual({ kind: 'internal', to: '/mobile/tutorial/hiveOS#step-2' });
    expect(mobileTutorialTarget('/help/faq/list')).toEqual({ kind: 'internal', to: '/mobile/help/helplist?type=faq' });
  });

  it('keeps mobile paths, and sends pages without a mobile twin to the general guide', () => {
    expect(mobileTutorialTarget('/mobile/tutorial/AeBox')).toEqual({ kind: 'internal', to: '/mobile/tutorial/AeBox' });
    expect(mobileTutorialTarget('/ironFish')).toEqual({ kind: 'internal', to: FALLBACK_TUTORIAL });
    expect(mobileTutorialTarget('/tutorial/unknown')).toEqual({ kind: 'internal', to: FALLBACK_TUTORIAL });
    expect(mobileTutorialTarget('/mobile/nowhere')).toEqual({ kind: 'internal', to: FALLBACK_TUTORIAL });
    expect(FALLBACK_TUTORIAL).toBe('/mobile/tutorial/orePoolSignIn');
  });
});
