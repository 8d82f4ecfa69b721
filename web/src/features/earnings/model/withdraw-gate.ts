// Whether a coin's Withdraw on the asset overview opens, and why not. A withdrawal is paid
// from one sub-account's balance (docs/withdrawals.md), so under "All sub-accounts" the
// overview's sums cannot be withdrawn from: the page says so and offers the sub-accounts
// to choose from, where a disabled button with a hover tooltip said it only on the desktop.

/** WithdrawBlock is why Withdraw is off: no sub-account chosen, or nothing available. */
export type WithdrawBlock = 'pickSubAccount' | 'nothingAvailable';

/** withdrawBlock is why a coin's Withdraw is off for the chosen sub-account ('' for all), or null when it opens. */
export function withdrawBlock(subAccount: string, available: string): WithdrawBlock | null {
  if (!subAccount) return 'pickSubAccount';
  return /[1-9]/.test(available) ? null : 'nothingAvailable';
}

/** SubAccountChoice is a sub-account as the withdraw picker lists it. */
export interface SubAccountChoice {
  value: string;
  label: string;
}

/** subAccountChoices lists the owner's sub-accounts for the picker, by alias and code as the switcher names them. */
export function subAccountChoices(subs: ReadonlyArray<{ code: string; alias: string }>): SubAccountChoice[] {
  return subs.map((s) => ({ value: s.code, label: s.alias ? `${s.alias} (${s.code})` : s.code }));
}
