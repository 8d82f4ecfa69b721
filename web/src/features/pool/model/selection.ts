// Which coin and sub-account the pool-mode screens show: pure rules, so the hook
// stays thin and the choices are tested without a browser.
import type { ChainType, SubAccount } from './types';

/** StoredChainType is what localStorage chainTypeInfo holds (SPEC section 3). */
export interface StoredChainType {
  type: string;
  name?: string;
}

/**
 * pickCoin chooses the selected coin: the one the address names if it exists, else
 * the stored one if it still exists, else the first in the list (SPEC section 4
 * "Default chain": the first currency in the loaded list becomes the default).
 */
export function pickCoin(coins: ChainType[], fromUrl: string | null, stored: StoredChainType | null): ChainType | null {
  const find = (type: string | null | undefined) => (type ? coins.find((c) => c.type.toLowerCase() === type.toLowerCase()) : undefined);
  return find(fromUrl) ?? find(stored?.type) ?? coins[0] ?? null;
}

/**
 * subAccountParam is the sub-account the address names: `code` on a page about one
 * sub-account (orePoolSubAccountDetail?code=), else `sub`, the switcher's own. The page's
 * code wins: the switcher showed "All sub-accounts" above one sub-account's page.
 */
export function subAccountParam(params: URLSearchParams): string | null {
  return params.get('code') || params.get('sub');
}

/**
 * chooseSubAccount writes a choice of the switcher into the address: `sub` always, and on
 * a page about one sub-account (`code` present) `code` too, so the page follows the choice;
 * all sub-accounts (null) there drops `code` (the page then asks for one).
 */
export function chooseSubAccount(params: URLSearchParams, code: string | null): void {
  params.set('sub', code ?? '');
  if (!params.has('code')) return;
  if (code) params.set('code', code);
  else params.delete('code');
}

/**
 * pickSubAccount chooses the selected sub-account: the one the address names, else the
 * stored one, else none (all sub-accounts). An unknown code means all, not an error:
 * a deleted sub-account's bookmark still opens the page.
 */
export function pickSubAccount(subs: SubAccount[], fromUrl: string | null, stored: string | null): SubAccount | null {
  const code = fromUrl ?? stored;
  if (!code) return null;
  return subs.find((s) => s.code === code.toLowerCase()) ?? null;
}
