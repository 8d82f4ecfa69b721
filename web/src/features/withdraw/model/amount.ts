// The withdrawal amount rules of SPEC.md section 5, checked on decimal strings as the
// server checks them (internal/withdraw/request.go ParseAmount): no floating point, so
// 0.1 + 0.2 never decides whether a withdrawal exceeds a balance.

/** toMinor reads a plain decimal ("1.5") as an integer of 10^-decimals; null if it is not one. */
export function toMinor(s: string, decimals: number): bigint | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s.trim());
  if (!m) return null;
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > decimals) return null;
  return BigInt(m[1]) * 10n ** BigInt(decimals) + BigInt((frac + '0'.repeat(decimals)).slice(0, decimals) || '0');
}

/** fromMinor writes an integer of 10^-decimals as a decimal string without trailing zeros. */
export function fromMinor(v: bigint, decimals: number): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const unit = 10n ** BigInt(decimals);
  const whole = a / unit;
  const frac = (a % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** AmountLimits are what a withdrawal is checked against. */
export interface AmountLimits {
  decimals: number;
  maxDecimals: number;
  fee: string;
  max: string;
  /** min is the least a withdrawal may name: the fee plus the coin's dust floor (withdraw/info minAmount). */
  min?: string;
}

/**
 * amountProblem names the message key of what is wrong with a typed amount, or '' when
 * the amount is fine: empty, not a number, not positive, too many decimals, not above
 * the fee, below the least the network accepts after the fee, above the maximum
 * transferable.
 */
export function amountProblem(raw: string, l: AmountLimits): string {
  const s = raw.trim();
  if (s === '') return 'rules.required';
  if (/^-\d/.test(s) && !Number.isNaN(Number(s))) return 'rules.positive';
  const frac = /^\d+\.(\d+)$/.exec(s)?.[1]?.replace(/0+$/, '') ?? '';
  if (!/^\d+(\.\d+)?$/.test(s)) return 'rules.wrong';
  if (frac.length > l.maxDecimals) return 'rules.decimals';
  const v = toMinor(s, l.decimals);
  if (v === null) return 'rules.wrong';
  if (v <= 0n) return 'rules.positive';
  if (v <= (toMinor(l.fee, l.decimals) ?? 0n)) return 'rules.aboveFee';
  // The server refuses it too (withdraw.belowDust); said here before a code is spent on it.
  if (l.min && v < (toMinor(l.min, l.decimals) ?? 0n)) return 'rules.belowMin';
  if (v > (toMinor(l.max, l.decimals) ?? 0n)) return 'rules.exceedsMax';
  return '';
}

/** receivedOf is the amount less the fee, '' when it is not a valid amount above the fee. */
export function receivedOf(raw: string, decimals: number, fee: string): string {
  const v = toMinor(raw, decimals);
  const f = toMinor(fee, decimals) ?? 0n;
  if (v === null || v <= f) return '';
  return fromMinor(v - f, decimals);
}
