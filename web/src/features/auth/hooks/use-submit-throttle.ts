import { useMemo, useRef } from 'react';
import { throttle } from '@/lib/throttle';

/** SUBMIT_THROTTLE_MS is the login and register click throttle (SPEC.md section 5). */
export const SUBMIT_THROTTLE_MS = 300;

/** useSubmitThrottle wraps a submit so that clicks closer than 300 ms count once. */
export function useSubmitThrottle<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const latest = useRef(fn);
  latest.current = fn;
  return useMemo(() => {
    const run = throttle((...args: A) => latest.current(...args), SUBMIT_THROTTLE_MS);
    return (...args: A) => {
      run(...args);
    };
  }, []);
}
