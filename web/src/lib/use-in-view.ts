// Whether a box has come into view, once: heavy parts below the fold (the trend chart and
// its ECharts, 140 kB on the wire) load when the reader gets to them, not with the page.
import { useEffect, useRef, useState } from 'react';

/**
 * useInView gives a ref for the box and whether at least `share` of it has been on screen
 * (the screen grown by rootMargin, to start a little before the reader gets there).
 * It stays true once seen. Where IntersectionObserver is missing (tests, old browsers) the
 * box counts as seen at once.
 */
export function useInView<T extends Element>(share = 0.25, rootMargin = '0px') {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= share)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold: [share], rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen, share, rootMargin]);
  return { ref, seen };
}
