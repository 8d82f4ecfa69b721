import { useMemo, useSyncExternalStore } from 'react';
import { getObserverInfo, local, localKeys, subscribeStorage, type ObserverInfo, type UserInfo } from './storage';

const watched = new Set<string>([
  localKeys.token,
  localKeys.userInfo,
  localKeys.observerToken,
  localKeys.observerInfo,
  localKeys.unReadCount,
]);

function subscribe(onChange: () => void): () => void {
  const off = subscribeStorage((key) => {
    if (watched.has(key)) onChange();
  });
  // Another tab logging in or out changes this tab's menus too.
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || watched.has(e.key)) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    off();
    window.removeEventListener('storage', onStorage);
  };
}

function snapshot(): string {
  return [...watched].map((k) => local.get(k) ?? '').join('\u0000');
}

/** SessionState is what the shell needs to know about who is looking. */
export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  observerToken: string | null;
  observerInfo: ObserverInfo;
  unreadCount: number;
}

/** useSession follows the stored token, user and observer link. */
export function useSession(): SessionState {
  const snap = useSyncExternalStore(subscribe, snapshot, snapshot);
  return useMemo(() => {
    const token = local.get(localKeys.token) || null;
    const observerToken = local.get(localKeys.observerToken) || null;
    const unread = Number(local.get(localKeys.unReadCount));
    return {
      token,
      user: local.getJSON<UserInfo>(localKeys.userInfo),
      observerToken,
      observerInfo: getObserverInfo(),
      unreadCount: observerToken && Number.isFinite(unread) && unread > 0 ? Math.floor(unread) : 0,
    };
    // snap is the serialized inputs: recompute exactly when one of them changes.
  }, [snap]);
}
