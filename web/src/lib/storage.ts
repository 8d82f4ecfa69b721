// Browser storage: every key the app keeps (SPEC.md section 3) and safe helpers
// around localStorage and sessionStorage (which can be missing or full).

/** localKeys are the localStorage keys. */
export const localKeys = {
  token: 'token',
  observerToken: 'observerToken',
  observerInfo: 'observerInfo',
  userInfo: 'userInfo',
  lang: 'lang',
  chainTypeInfo: 'chainTypeInfo',
  chainTypeInfoSolo: 'chainTypeInfoSolo',
  index: 'index',
  unReadCount: 'unReadCount',
  version: 'version',
  legalTender: 'legalTender',
  /** poolSubAccount is the sub-account last chosen in pool mode ('' for all). */
  poolSubAccount: 'poolSubAccount',
} as const;

/** soloSearchListKey is the localStorage key of the searched solo addresses of one chain. */
export function soloSearchListKey(chainType: string): string {
  return `soloSearchList_${chainType}`;
}

/** sessionKeys are the sessionStorage keys. */
export const sessionKeys = {
  soloSearch: 'soloSearch',
  agentInviteCode: 'agentInviteCode',
  /** observerGone marks that the observer link this tab had stopped opening (code 5). */
  observerGone: 'observerGone',
} as const;

/** StorageArea wraps one Web Storage with string and JSON helpers that never throw. */
export interface StorageArea {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  getJSON<T>(key: string): T | null;
  setJSON(key: string, value: unknown): void;
}

function createArea(pick: () => Storage | undefined): StorageArea {
  const store = (): Storage | undefined => {
    try {
      return pick();
    } catch {
      return undefined;
    }
  };
  const area: StorageArea = {
    get(key) {
      try {
        return store()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        store()?.setItem(key, value);
      } catch {
        // Quota exceeded or storage disabled: the value lives only for this page view.
      }
      notify(key);
    },
    remove(key) {
      try {
        store()?.removeItem(key);
      } catch {
        // Storage disabled: nothing was stored.
      }
      notify(key);
    },
    getJSON<T>(key: string): T | null {
      const raw = area.get(key);
      if (raw === null || raw === '') return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    setJSON(key, value) {
      area.set(key, JSON.stringify(value));
    },
  };
  return area;
}

type Listener = (key: string) => void;
const listeners = new Set<Listener>();

function notify(key: string) {
  listeners.forEach((l) => l(key));
}

/** subscribeStorage calls listener with the key after every write through these helpers. */
export function subscribeStorage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** local is localStorage. */
export const local = createArea(() => globalThis.localStorage);
/** session is sessionStorage. */
export const session = createArea(() => globalThis.sessionStorage);

/** UserInfo is the user the client holds after login (SPEC.md section 3). */
export interface UserInfo {
  id?: number | string;
  uid?: string;
  uuid?: string;
  userName?: string;
  username?: string;
  nickName?: string;
  avatarUrl?: string;
  birthday?: string;
  customerCode?: string;
  sex?: number | string;
  status?: number | string;
  phone?: string;
  email?: string;
  /** registDate is the registration time in Unix milliseconds. */
  registDate?: number | string;
  accountTypeCode?: string;
  accountTypeName?: string;
}

/** ObserverInfo tells which observer pages a shared link opens. */
export interface ObserverInfo {
  machineInfoEnabled?: boolean;
  incomeInfoEnabled?: boolean;
  /** currencyList are the coins the link shares. */
  currencyList?: string[];
  /** subAccounts are the codes it shares; empty: every sub-account. */
  subAccounts?: string[];
  note?: string;
  /** expiresAt is Unix ms; 0 never. */
  expiresAt?: number;
}

/** getToken gives the session token, or null when logged out. */
export function getToken(): string | null {
  return local.get(localKeys.token) || null;
}

/** getObserverToken gives the observer token, or null without an observer link. */
export function getObserverToken(): string | null {
  return local.get(localKeys.observerToken) || null;
}

/** getUserInfo gives the stored user, or null. */
export function getUserInfo(): UserInfo | null {
  return local.getJSON<UserInfo>(localKeys.userInfo);
}

/** getObserverInfo gives the stored observer flags, or an empty object. */
export function getObserverInfo(): ObserverInfo {
  return local.getJSON<ObserverInfo>(localKeys.observerInfo) ?? {};
}

/** getUnreadCount gives the unread observer message count: 0 without an observer token. */
export function getUnreadCount(): number {
  if (!getObserverToken()) return 0;
  const n = Number(local.get(localKeys.unReadCount));
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** setSession stores the token and user after login. */
export function setSession(token: string, user: UserInfo): void {
  local.set(localKeys.token, token);
  local.setJSON(localKeys.userInfo, user);
}

/** setUserInfo replaces the stored user (after the basic info is read again), keeping the token. */
export function setUserInfo(user: UserInfo): void {
  local.setJSON(localKeys.userInfo, user);
}

/** readInviteCode gives the agent invite code kept by the invite link, or null. */
export function readInviteCode(): string | null {
  return session.get(sessionKeys.agentInviteCode) || null;
}

/** keepInviteCode keeps an invite link's agent code for registration. */
export function keepInviteCode(code: string): void {
  session.set(sessionKeys.agentInviteCode, code);
}

/** clearInviteCode forgets the invite code (after a registration used it, or refused it). */
export function clearInviteCode(): void {
  session.remove(sessionKeys.agentInviteCode);
}

/** clearSession forgets the token and the user (logout, code 4). */
export function clearSession(): void {
  local.remove(localKeys.token);
  local.remove(localKeys.userInfo);
}
