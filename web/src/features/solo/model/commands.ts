// The solo page's miner command lines: a solo port takes the miner's own payout address as
// the worker name (docs/solo.md), so the lines carry the address typed in the search, or a
// placeholder to replace while none is typed.
import { minerCommands, type MinerCommand } from '@/lib/miner-commands';
import { checkAddress } from './search';
import type { SoloCoin } from './types';

/** ADDRESS_PLACEHOLDER stands for the miner's payout address until one is typed. */
export const ADDRESS_PLACEHOLDER = 'YOUR_WALLET_ADDRESS';

/** soloCommands are the miners' lines for the coin's main solo address and the address typed (or the placeholder). */
export function soloCommands(coin: Pick<SoloCoin, 'algorithm' | 'driver' | 'soloUrls'> | undefined, typed: string): MinerCommand[] {
  if (!coin || coin.soloUrls.length === 0) return [];
  const check = checkAddress(typed);
  return minerCommands(coin, coin.soloUrls[0]!, 'address' in check ? check.address : ADDRESS_PLACEHOLDER);
}
