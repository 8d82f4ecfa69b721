import { useEffect, useRef, useState } from 'react';

/** NAV_HIDE_OFFSET is the scroll past which the mobile nav hides (SPEC.md section 9). */
export const NAV_HIDE_OFFSET = 45;
/** NAV_REAPPEAR_MS is how long the nav stays hidden before it comes back fixed. */
export const NAV_REAPPEAR_MS = 200;

/** NavMode: in the page flow at the top, hidden while scrolling away, or fixed to the top. */
export type NavMode = 'static' | 'hidden' | 'fixed';

/** navModeOnScroll gives the nav's mode right after a scroll to scrollY. */
export function navModeOnScroll(current: NavMode, scrollY: number, offset = NAV_HIDE_OFFSET): NavMode {
  if (scrollY <= offset) return 'static';
  return current === 'static' ? 'hidden' : current;
}

/**
 * useNavMode hides the nav once the page is scrolled past 45 px and brings it
 * back fixed to the top 200 ms later; near the top it sits in the flow again.
 */
export function useNavMode(offset = NAV_HIDE_OFFSET, delay = NAV_REAPPEAR_MS): NavMode {
  const [mode, setMode] = useState<NavMode>('static');
  const current = useRef<NavMode>('static');

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const set = (next: NavMode) => {
      current.current = next;
      setMode(next);
    };
    const onScroll = () => {
      const next = navModeOnScroll(current.current, window.scrollY, offset);
      if (next === current.current) return;
      clearTimeout(timer);
      set(next);
      if (next === 'hidden') timer = setTimeout(() => set('fixed'), delay);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [offset, delay]);

  return mode;
}
