import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { clearSession } from '@/lib/storage';

/**
 * useForgetOnLeave gives a function that marks the session for forgetting
 * when the calling page unmounts: after a cancellation the page first moves
 * home, and only then are the token, user and cached account answers
 * dropped, so the login gate of the page being left does not fire.
 */
export function useForgetOnLeave(): () => void {
  const client = useQueryClient();
  const marked = useRef(false);
  useEffect(
    () => () => {
      if (!marked.current) return;
      clearSession();
      client.removeQueries({ queryKey: ['account'] });
    },
    [client],
  );
  return useCallback(() => {
    marked.current = true;
  }, []);
}
