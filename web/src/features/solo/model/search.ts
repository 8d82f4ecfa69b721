// The solo search: what an address may be, the coin last chosen (localStorage
// chainTypeInfoSolo), the recent addresses per coin (localStorage soloSearchList_{coin}) and
// the current search (sessionStorage soloSearch), SPEC section 3.
import { local, localKeys, session, sessionKeys, soloSearchListKey } from '@/lib/storage';
import type { SoloCoin, SoloTarget } from './types';

/** MAX_RECENT is how many searched addresses a coin remembers. */
export const MAX_RECENT = 10;
/** MAX_ADDRESS is the longest address the server looks up. */
export const MAX_ADDRESS = 128;

export type AddressCheck = { address: string } | { error: 'required' | 'invalid' };

/** checkAddress trims what was typed: empty is "required" (SPEC: address search requires input). */
export function checkAddress(raw: string): AddressCheck {
  const address = raw.trim();
  if (address === '') return { error: 'required' };
  // eslint-disable-next-line no-control-regex
  if (address.length > MAX_ADDRESS || /[\s\u0000-\u001f\u007f-\uffff]/.test(address)) return { error: 'invalid' };
  return { address };
}

/** StoredSoloCoin is what localStorage chainTypeInfoSolo holds (as chainTypeInfo does for pool mode). */
export interface StoredSoloCoin {
  type: string;
  name?: string;
}

/** readSoloCoin is the coin the solo search was last on, or null. */
export function readSoloCoin(): string | null {
  const v = local.getJSON<Partial<StoredSoloCoin>>(localKeys.chainTypeInfoSolo);
  return v && typeof v.type === 'string' && v.type ? v.type : null;
}

/** saveSoloCoin remembers the solo coin for the next visit. */
export function saveSoloCoin(c: Pick<SoloCoin, 'type' | 'name'>): void {
  local.setJSON(localKeys.chainTypeInfoSolo, { type: c.type, name: c.name } satisfies StoredSoloCoin);
}

/**
 * pickSoloCoin is the coin the search shows: the chosen one while it still offers solo
 * mining, else the first that does (a stored coin may have closed since).
 */
export function pickSoloCoin(coins: SoloCoin[], chosen: string | null): SoloCoin | undefined {
  const want = chosen?.toLowerCase();
  return (want ? coins.find((c) => c.type.toLowerCase() === want) : undefined) ?? coins[0];
}

/** readRecent gives the coin's searched addresses, newest first. */
export function readRecent(coin: string): string[] {
  const list = local.getJSON<unknown>(soloSearchListKey(coin));
  return Array.isArray(list) ? list.filter((a): a is string => typeof a === 'string' && 'address' in checkAddress(a)).slice(0, MAX_RECENT) : [];
}

/** rememberRecent puts address first in the coin's list (once), keeping MAX_RECENT. */
export function rememberRecent(coin: string, address: string): string[] {
  const next = [address, ...readRecent(coin).filter((a) => a !== address)].slice(0, MAX_RECENT);
  local.setJSON(soloSearchListKey(coin), next);
  return next;
}

/** forgetRecent takes address out of the coin's list. */
export function forgetRecent(coin: string, address: string): string[] {
  const next = readRecent(coin).filter((a) => a !== address);
  local.setJSON(soloSearchListKey(coin), next);
  return next;
}

/** readCurrent is the search this tab is on (sessionStorage soloSearch), or null. */
export function readCurrent(): SoloTarget | null {
  const v = session.getJSON<Partial<SoloTarget>>(sessionKeys.soloSearch);
  return v && typeof v.coin === 'string' && typeof v.address === 'string' && v.coin && v.address ? { coin: v.coin, address: v.address } : null;
}

export function saveCurrent(t: SoloTarget): void {
  session.setJSON(sessionKeys.soloSearch, t);
}

/** targetFrom reads ?coin=&address= (a shared link), else the tab's current search. */
export function targetFrom(query: URLSearchParams): SoloTarget | null {
  const coin = query.get('coin')?.trim() ?? '';
  const check = checkAddress(query.get('address') ?? '');
  if (coin && 'address' in check) return { coin, address: check.address };
  return readCurrent();
}

/** targetQuery is the query of a solo page for t. */
export function targetQuery(t: SoloTarget): string {
  return `?coin=${encodeURIComponent(t.coin)}&address=${encodeURIComponent(t.address)}`;
}
