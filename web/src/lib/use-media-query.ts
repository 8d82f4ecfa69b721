// Whether a CSS media query matches, kept current as the window changes.
import { useSyncExternalStore } from 'react';

/**
 * useMediaQuery answers whether query matches now and re-renders when that changes.
 * Where matchMedia is missing (tests, old browsers) it answers true: the wide layout.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true),
    () => true,
  );
}
