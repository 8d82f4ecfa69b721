// observerList, where an observer link lands (/observerMode/observerList?token=...): the
// token is kept as the observer token (and taken out of the address), the link's flags and
// coins are stored for the menus, and the page offers what the link shares.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { local, localKeys, session, sessionKeys } from '@/lib/storage';
import { useSession } from '@/lib/use-session';
import { useObserverDetail } from '../api/observer-entry';
import { useObserverTexts } from '../texts';

/** TOKEN_PARAM is the link's query parameter (SPEC: the token is the part after '='). */
export const TOKEN_PARAM = 'token';

export function useObserverEntry() {
  const texts = useObserverTexts();
  const [params, setParams] = useSearchParams();
  const given = params.get(TOKEN_PARAM);
  const { observerToken, observerInfo } = useSession();
  const qc = useQueryClient();

  // A link with a token replaces whatever link was open before; the observer pages' cached
  // reads belonged to that one.
  useEffect(() => {
    if (!given) return;
    if (given !== local.get(localKeys.observerToken)) {
      session.remove(sessionKeys.observerGone);
      local.set(localKeys.observerToken, given);
      local.remove(localKeys.observerInfo);
      local.remove(localKeys.unReadCount);
      qc.clear();
    }
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete(TOKEN_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [given, setParams, qc]);

  const token = given ?? observerToken;
  const detail = useSharedLinkInfo(token, true);
  // A link that failed stays "gone" after it is forgotten (and the address has lost its
  // token), until another link is opened.
  const [gone, setGone] = useState(() => !given && session.get(sessionKeys.observerGone) === '1');
  useEffect(() => {
    if (detail.isError) setGone(true);
    else if (detail.data) setGone(false);
  }, [detail.isError, detail.data]);
  const info = detail.data ?? (observerToken ? observerInfo : null);
  return {
    texts,
    state:
      gone || detail.isError ? ('gone' as const) : !token ? ('none' as const) : !info || !texts.ready ? ('loading' as const) : ('open' as const),
    info,
  };
}

/**
 * useSharedLinkInfo reads what the link with token shares and keeps it in storage for the
 * menus (observer pages refresh it, so an owner's edit shows without a new link); a link
 * that no longer opens (code 5) is forgotten.
 */
export function useSharedLinkInfo(token: string | null, fresh = false) {
  const detail = useObserverDetail(token, fresh);
  useEffect(() => {
    if (detail.data) local.setJSON(localKeys.observerInfo, detail.data);
  }, [detail.data]);
  useEffect(() => {
    if (detail.isError && token && token === local.get(localKeys.observerToken)) {
      local.remove(localKeys.observerToken);
      local.remove(localKeys.observerInfo);
      // The observer list, where the page goes next, says why.
      session.set(sessionKeys.observerGone, '1');
    }
  }, [detail.isError, token]);
  return detail;
}
