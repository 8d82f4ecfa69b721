import { useEffect, useRef, useState } from 'react';

/** DEFAULT_REFRESH_SECONDS is the default auto-refresh period (SPEC.md section 9). */
export const DEFAULT_REFRESH_SECONDS = 60;

/** AutoRefreshOptions drive the countdown. */
export interface AutoRefreshOptions {
  enabled: boolean;
  /** refreshTime is the period in seconds. */
  refreshTime?: number;
  onRefresh: () => void;
}

/**
 * useAutoRefresh runs the countdown while enabled: it calls onRefresh once at
 * start and again each time the countdown reaches zero, then starts over. It
 * gives the seconds left.
 */
export function useAutoRefresh({ enabled, refreshTime = DEFAULT_REFRESH_SECONDS, onRefresh }: AutoRefreshOptions): number {
  const period = Math.max(1, Math.floor(refreshTime));
  const [remaining, setRemaining] = useState(period);
  const callback = useRef(onRefresh);
  callback.current = onRefresh;

  useEffect(() => {
    setRemaining(period);
    if (!enabled) return undefined;
    callback.current();
    let left = period;
    const id = setInterval(() => {
      left -= 1;
      if (left <= 0) {
        callback.current();
        left = period;
      }
      setRemaining(left);
    }, 1000);
    return () => clearInterval(id);
  }, [enabled, period]);

  return remaining;
}
