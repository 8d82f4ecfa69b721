import { useCallback, useEffect, useRef, useState } from 'react';

/** Countdown is a running count of whole seconds down to zero. */
export interface Countdown {
  /** remaining is the number of seconds left; 0 when not running. */
  remaining: number;
  running: boolean;
  start: (seconds: number) => void;
  stop: () => void;
}

/**
 * useCountdown counts whole seconds down to zero. It reads the clock on every
 * tick, so a throttled background tab still ends on time.
 */
export function useCountdown(): Countdown {
  const [remaining, setRemaining] = useState(0);
  const endAt = useRef(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
    endAt.current = 0;
    setRemaining(0);
  }, []);

  const start = useCallback(
    (seconds: number) => {
      if (timer.current !== null) clearInterval(timer.current);
      endAt.current = Date.now() + seconds * 1000;
      setRemaining(seconds);
      timer.current = setInterval(() => {
        const left = Math.max(0, Math.ceil((endAt.current - Date.now()) / 1000));
        setRemaining(left);
        if (left === 0) stop();
      }, 1000);
    },
    [stop],
  );

  useEffect(
    () => () => {
      if (timer.current !== null) clearInterval(timer.current);
    },
    [],
  );

  return { remaining, running: remaining > 0, start, stop };
}
