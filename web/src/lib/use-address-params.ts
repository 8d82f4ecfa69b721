// The address's query parameters with an editor that always starts from the latest edit.
// react-router's setSearchParams(prev => ...) hands its callback the parameters of the
// last render; with navigations in transitions (v7_startTransition) a second edit before
// that render (a search typed right after "Clear filters") started from the old address
// and put a cleared filter back. Every page that keeps state in its address edits it here.
import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * useAddressParams is [params, edit]: edit hands change a copy of the latest parameters
 * (the rendered ones, or those of an edit still on its way) and replaces the address with
 * what it returns.
 */
export function useAddressParams(): [URLSearchParams, (change: (prev: URLSearchParams) => URLSearchParams) => void] {
  const [params, setParams] = useSearchParams();
  const rendered = useRef(params.toString());
  // sent are the edits on their way, oldest first; the last is where the next edit starts.
  const sent = useRef<string[]>([]);
  const now = params.toString();
  if (rendered.current !== now) {
    rendered.current = now;
    // Our edit landed: those before it are done. Another navigation landed: it wins.
    const i = sent.current.indexOf(now);
    sent.current = i >= 0 ? sent.current.slice(i + 1) : [];
  }
  const edit = useCallback(
    (change: (prev: URLSearchParams) => URLSearchParams) => {
      const next = change(new URLSearchParams(sent.current.at(-1) ?? rendered.current));
      sent.current.push(next.toString());
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return [params, edit];
}
