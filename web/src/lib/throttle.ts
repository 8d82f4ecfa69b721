/**
 * throttle returns fn wrapped so that it runs at most once per `ms`: the first
 * call of a window runs at once, later calls in that window are dropped. The
 * default clock looks Date.now up at each call, so a test's clock counts.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number, now: () => number = () => Date.now()) {
  let last = -Infinity;
  return (...args: A): boolean => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    fn(...args);
    return true;
  };
}
