// What a coin's capability flags allow on the pool pages (SPEC section 6: "Per-chain
// flags gate machine binding, machine detail, currency change and GPU overclocking").
// The server refuses the same (internal/pool: pool.coinNoChange, pool.coinNoBind); the
// pages gate them first, so nobody is offered what would be refused. Machine detail is
// not linked to from the lists where the coin has no machineDetailFlag (detailAllowed),
// and stays the device page's own refusal for an address typed in
// (machine/hooks/use-device-page.ts); overclocking is the overclock pages' coin filter
// (overclock/hooks).
import type { ChainType } from './types';

type Coin = Pick<ChainType, 'type' | 'name' | 'status' | 'currencyChangeFlag' | 'machineBindFlag'>;

/** CoinChoice is one coin of a sub-account's coin picker. */
export interface CoinChoice {
  type: string;
  name: string;
  /** disabled: the sub-account cannot change to it; reason says why. */
  disabled: boolean;
  /** reason is a key of pool mode's shared texts (tp), or null. */
  reason: string | null;
}

/**
 * coinChoices are the coins a sub-account mining current may be set to: the open coins,
 * those without currencyChangeFlag disabled with why. The current coin is always there
 * and never disabled (choosing it changes nothing), even when it is closed or unknown.
 */
export function coinChoices(coins: Coin[], current: string): CoinChoice[] {
  const out: CoinChoice[] = [];
  for (const c of coins) {
    if (c.type === current) out.push({ type: c.type, name: c.name || c.type, disabled: false, reason: null });
    else if (c.status !== 1) continue;
    else if (!c.currencyChangeFlag) out.push({ type: c.type, name: c.name || c.type, disabled: true, reason: 'flags.noChange' });
    else out.push({ type: c.type, name: c.name || c.type, disabled: false, reason: null });
  }
  if (current && !out.some((c) => c.type === current)) out.unshift({ type: current, name: current, disabled: false, reason: null });
  return out;
}

/** BindGate says whether a device's binding can be changed: a switch, or why not. */
export type BindGate = { allowed: true } | { allowed: false; reason: string; coin: string };

/**
 * bindGate is whether a device on coin can be bound or unbound: not when the coin has no
 * machineBindFlag (the pool refuses both ways, and keeps such devices unbound). A coin
 * the list does not know (not loaded yet) leaves the switch to the server's answer.
 */
export function bindGate(coins: Coin[], coin: string): BindGate {
  const c = coins.find((x) => x.type === coin);
  if (!c || c.machineBindFlag) return { allowed: true };
  return { allowed: false, reason: 'flags.noBind', coin: c.type };
}

/**
 * detailAllowed is whether a device on coin has a device page to link to: not when the
 * coin has no machineDetailFlag (the pool refuses the page). A coin the list does not know
 * (not loaded yet) keeps the link; the page then says what the server says.
 */
export function detailAllowed(coins: Pick<ChainType, 'type' | 'machineDetailFlag'>[], coin: string): boolean {
  const c = coins.find((x) => x.type === coin);
  return !c || c.machineDetailFlag;
}
