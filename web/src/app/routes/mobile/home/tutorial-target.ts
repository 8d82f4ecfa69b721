// Where a coin's tutorial link leads on a phone. The server stores desktop paths
// (/tutorial/btc, /ironFish) or absolute addresses; phones live under /mobile.
import { MOBILE_PATTERNS, mobilePaths } from '@/config/paths';
import { toMobilePath } from '@/lib/device';
import { matchPath } from 'react-router-dom';

/** TutorialTarget says what tapping a tutorial link does. */
export type TutorialTarget =
  | { kind: 'none' }
  | { kind: 'internal'; to: string }
  | { kind: 'external'; href: string };

/**
 * FALLBACK_TUTORIAL is where a desktop tutorial without a mobile twin leads (the
 * IronFish page has none on phones): the general "sign up and start mining" guide,
 * which the device redirect would otherwise replace with the bare home page.
 */
export const FALLBACK_TUTORIAL = mobilePaths.tutorial.page('orePoolSignIn');

const isMobilePattern = (path: string) => MOBILE_PATTERNS.some((p) => matchPath({ path: p, end: true }, path) !== null);

/**
 * mobileTutorialTarget maps a coin's tutorialUrl for the /mobile tree: empty means
 * "not online yet"; http(s) addresses open in a new tab; desktop paths go to their
 * mobile twin (/tutorial/x → /mobile/tutorial/x), or to FALLBACK_TUTORIAL when there is none.
 */
export function mobileTutorialTarget(url: string | null | undefined): TutorialTarget {
  const s = (url ?? '').trim();
  if (s === '') return { kind: 'none' };
  if (/^https?:\/\/[^/\s]/i.test(s)) return { kind: 'external', href: s };
  // Anything else that is not a plain site path ("//host", "javascript:", "tutorial/x")
  // is not a link we can follow.
  if (!s.startsWith('/') || s.startsWith('//')) return { kind: 'none' };
  const u = new URL(s, 'http://x');
  const path = u.pathname.replace(/\/+$/, '') || '/';
  if (path === mobilePaths.home || path.startsWith(`${mobilePaths.home}/`)) {
    return isMobilePattern(path) ? { kind: 'internal', to: path + u.search + u.hash } : { kind: 'internal', to: FALLBACK_TUTORIAL };
  }
  const mobile = toMobilePath(path, u.search);
  // toMobilePath answers the bare home page when the desktop page has no twin.
  if (mobile === mobilePaths.home && path !== '/') return { kind: 'internal', to: FALLBACK_TUTORIAL };
  return { kind: 'internal', to: mobile + u.hash };
}
