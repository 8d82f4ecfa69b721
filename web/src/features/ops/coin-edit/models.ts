// Editing a coin in the console (docs/operations.md "Coins"): the form's fields as typed,
// the rules coin.Store.Update applies (checked here first, so most mistakes are named
// before a call; the server checks them all again), and the change sent: only the
// settings that differ from the coin as it is.
import type { CoinSettings } from '../models';
import { LANGS, type Lang } from '@/lib/language';

/** PendingTerms is a fee or PPS change waiting for its first settlement day (From, "YYYY-MM-DD"). */
export interface PendingTerms {
  feeBps: number;
  ppsTxFees: boolean;
  from: string;
}

/** EditableCoin is a coin as GET /ops/api/v1/coins shows it, with what this form edits. */
export type EditableCoin = CoinSettings & {
  closedMsg?: Partial<Record<string, string>> | null;
  pending?: PendingTerms | null;
  /** minDifficulty is vardiff's floor on the coin's ports; 0: the stratum default. */
  minDifficulty?: number;
};

/** CoinEdit is the body of POST /ops/api/v1/coins/{symbol}: the settings given change. */
export interface CoinEdit {
  reason: string;
  open?: boolean;
  closedMsg?: Record<string, string>;
  feeBps?: number;
  ppsTxFees?: boolean;
  minWithdraw?: string;
  withdrawFee?: string;
  withdrawReviewAbove?: string;
  dustFloor?: string;
  payoutConfirmations?: number;
  stratumPorts?: number[];
  soloPorts?: number[];
  soloFeeBps?: number;
  minDifficulty?: number;
}

/** CoinEditAnswer is what a change did; termsFrom is the first settlement day of a fee or PPS change. */
export interface CoinEditAnswer {
  coin: EditableCoin;
  termsFrom: string | null;
}

/** CoinForm is the form as typed: numbers and ports stay text until they are checked. */
export interface CoinForm {
  open: boolean;
  closedMsg: Record<Lang, string>;
  feeBps: string;
  ppsTxFees: boolean;
  minWithdraw: string;
  withdrawFee: string;
  withdrawReviewAbove: string;
  dustFloor: string;
  payoutConfirmations: string;
  stratumPorts: string;
  soloPorts: string;
  soloFeeBps: string;
  minDifficulty: string;
  reason: string;
}

export type CoinField = keyof CoinForm;

/** CoinFormErrors name each field's problem as a key of the coin-edit texts. */
export type CoinFormErrors = Partial<Record<CoinField | 'form', string>>;

/** Limits of coin.Store.Update (internal/coin/update.go) and of an operator's reason. */
export const MAX_BPS = 10_000;
export const MAX_CONFIRMATIONS = 1000;
export const MAX_CLOSED_MSG = 500;
export const MAX_REASON = 200;
/** MAX_MIN_DIFFICULTY is the highest difficulty floor (coin.update.minDifficultyRange). */
export const MAX_MIN_DIFFICULTY = 1e9;
/** NO_SOLO_DRIVERS have no solo mining (coin.update.noSolo). */
export const NO_SOLO_DRIVERS = ['ironfish', 'kaspad'] as const;

const runes = (s: string) => [...s].length;

/** formOf fills the form from a coin; a pending fee or PPS change shows as the value to come. */
export function formOf(c: EditableCoin): CoinForm {
  const closedMsg = {} as Record<Lang, string>;
  for (const l of LANGS) closedMsg[l] = c.closedMsg?.[l] ?? '';
  return {
    open: c.open,
    closedMsg,
    feeBps: String(c.pending ? c.pending.feeBps : c.feeBps),
    ppsTxFees: c.pending ? c.pending.ppsTxFees : c.ppsTxFees,
    minWithdraw: c.minWithdraw,
    withdrawFee: c.withdrawFee,
    withdrawReviewAbove: c.withdrawReviewAbove,
    dustFloor: c.dustFloor,
    payoutConfirmations: String(c.payoutConfirmations),
    stratumPorts: (c.stratumPorts ?? []).join(', '),
    soloPorts: (c.soloPorts ?? []).join(', '),
    soloFeeBps: String(c.soloFeeBps),
    minDifficulty: String(c.minDifficulty ?? 0),
    reason: '',
  };
}

const WHOLE = /^\d+$/;
const AMOUNT = /^\d+(\.\d+)?$/;
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** difficultyOf reads a difficulty floor: 0 (none), or above 0 and at most 10^9; null otherwise. */
export function difficultyOf(s: string): number | null {
  const t = s.trim();
  if (!DECIMAL.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) && n >= 0 && n <= MAX_MIN_DIFFICULTY ? n : null;
}

/** wholeIn reads a whole number from lo to hi, or null. */
export function wholeIn(s: string, lo: number, hi: number): number | null {
  const t = s.trim();
  if (!WHOLE.test(t)) return null;
  const n = Number(t);
  return n >= lo && n <= hi ? n : null;
}

/** parsePorts reads "3333, 3334 3335" as ports; null when a part is not a whole number. */
export function parsePorts(s: string): number[] | null {
  const parts = s.split(/[\s,，]+/).filter(Boolean);
  if (!parts.every((p) => WHOLE.test(p))) return null;
  return parts.map(Number);
}

/** normAmount writes an amount in coins without leading or trailing zeros ("0.010" is "0.01"). */
export function normAmount(s: string): string {
  const t = s.trim();
  if (!AMOUNT.test(t)) return t;
  const [int, frac = ''] = t.split('.');
  const i = int.replace(/^0+(?=\d)/, '');
  const f = frac.replace(/0+$/, '');
  return f ? `${i}.${f}` : i;
}

/** compareAmounts orders two amounts in coins exactly (no floating point); text that is no amount only compares equal to itself. */
export function compareAmounts(a: string, b: string): number {
  if (!AMOUNT.test(a.trim()) || !AMOUNT.test(b.trim())) return a.trim() === b.trim() ? 0 : a.trim() < b.trim() ? -1 : 1;
  const [ai, af = ''] = normAmount(a).split('.');
  const [bi, bf = ''] = normAmount(b).split('.');
  const len = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(len, '0'));
  const y = BigInt(bi + bf.padEnd(len, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}

const AMOUNT_FIELDS = ['minWithdraw', 'withdrawFee', 'withdrawReviewAbove', 'dustFloor'] as const;

/**
 * validateCoinForm checks the form as coin.Store.Update would, field by field, with the
 * same rules: fees 0-10000 bps, amounts not negative and numbers, the withdrawal fee below
 * a minimum, confirmations 0-1000, a difficulty floor of 0 (none) or above 0 and at most
 * 10^9, ports 1-65535 and none twice, no solo ports where the driver has none, closed
 * messages of at most 500 characters, and a reason.
 */
export function validateCoinForm(f: CoinForm, c: Pick<EditableCoin, 'driver'>): CoinFormErrors {
  const e: CoinFormErrors = {};
  if (wholeIn(f.feeBps, 0, MAX_BPS) === null) e.feeBps = 'errors.feeRange';
  if (wholeIn(f.soloFeeBps, 0, MAX_BPS) === null) e.soloFeeBps = 'errors.feeRange';
  for (const k of AMOUNT_FIELDS) {
    const v = f[k].trim();
    if (v.startsWith('-')) e[k] = 'errors.negative';
    else if (!AMOUNT.test(v)) e[k] = 'errors.badAmount';
  }
  if (!e.minWithdraw && !e.withdrawFee && compareAmounts(f.minWithdraw, '0') > 0 && compareAmounts(f.withdrawFee, f.minWithdraw) >= 0) {
    e.withdrawFee = 'errors.feeNotBelowMinimum';
  }
  if (wholeIn(f.payoutConfirmations, 0, MAX_CONFIRMATIONS) === null) e.payoutConfirmations = 'errors.confirmationsRange';
  if (difficultyOf(f.minDifficulty) === null) e.minDifficulty = 'errors.minDifficultyRange';
  const pool = parsePorts(f.stratumPorts);
  const solo = parsePorts(f.soloPorts);
  if (pool === null || pool.some((p) => p < 1 || p > 65535)) e.stratumPorts = 'errors.portRange';
  if (solo === null || solo.some((p) => p < 1 || p > 65535)) e.soloPorts = 'errors.portRange';
  if (pool && solo && !e.stratumPorts && !e.soloPorts) {
    const seen = new Set<number>();
    for (const [field, list] of [['stratumPorts', pool], ['soloPorts', solo]] as const) {
      for (const p of list) {
        if (seen.has(p)) e[field] = 'errors.portTwice';
        seen.add(p);
      }
    }
  }
  if (!e.soloPorts && solo && solo.length > 0 && (NO_SOLO_DRIVERS as readonly string[]).includes(c.driver)) e.soloPorts = 'errors.noSolo';
  if (LANGS.some((l) => runes(f.closedMsg[l]) > MAX_CLOSED_MSG)) e.closedMsg = 'errors.closedTooLong';
  const reason = f.reason.trim();
  if (reason === '') e.reason = 'errors.reasonRequired';
  else if (runes(reason) > MAX_REASON) e.reason = 'errors.reasonTooLong';
  return e;
}

const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * changeOf is the body to send: the reason and each setting that differs from the coin as
 * it is (a fee or PPS setting compared with the pending change when there is one). Call
 * it on a form validateCoinForm passed.
 */
export function changeOf(f: CoinForm, c: EditableCoin): CoinEdit {
  const base = formOf(c);
  const out: CoinEdit = { reason: f.reason.trim() };
  if (f.open !== c.open) out.open = f.open;
  if (LANGS.some((l) => f.closedMsg[l].trim() !== base.closedMsg[l].trim())) {
    const msg: Record<string, string> = {};
    for (const l of LANGS) if (f.closedMsg[l].trim()) msg[l] = f.closedMsg[l].trim();
    out.closedMsg = msg;
  }
  if (Number(f.feeBps) !== Number(base.feeBps)) out.feeBps = Number(f.feeBps);
  if (f.ppsTxFees !== base.ppsTxFees) out.ppsTxFees = f.ppsTxFees;
  for (const k of AMOUNT_FIELDS) if (compareAmounts(f[k], base[k]) !== 0) out[k] = normAmount(f[k]);
  if (Number(f.payoutConfirmations) !== c.payoutConfirmations) out.payoutConfirmations = Number(f.payoutConfirmations);
  const pool = parsePorts(f.stratumPorts) ?? [];
  const solo = parsePorts(f.soloPorts) ?? [];
  if (!sameList(pool, c.stratumPorts ?? [])) out.stratumPorts = pool;
  if (!sameList(solo, c.soloPorts ?? [])) out.soloPorts = solo;
  if (Number(f.soloFeeBps) !== c.soloFeeBps) out.soloFeeBps = Number(f.soloFeeBps);
  const floor = difficultyOf(f.minDifficulty);
  if (floor !== null && floor !== (c.minDifficulty ?? 0)) out.minDifficulty = floor;
  return out;
}

/** changesTerms tells whether a change moves the fee or PPS setting: it applies from the next settlement day. */
export function changesTerms(e: CoinEdit): boolean {
  return e.feeBps !== undefined || e.ppsTxFees !== undefined;
}

/** changedFields lists the settings a change sends (the reason aside). */
export function changedFields(e: CoinEdit): (keyof CoinEdit)[] {
  return (Object.keys(e) as (keyof CoinEdit)[]).filter((k) => k !== 'reason');
}

/**
 * fieldOfRefusal is the form field a refusal of the API names (data.field; "ports" is the
 * pool's ports), the reason's refusals included; "form" when it names none.
 */
export function fieldOfRefusal(key: string, field: string): CoinField | 'form' {
  if (key.startsWith('account.admin.reason')) return 'reason';
  if (field === 'ports') return 'stratumPorts';
  const known: CoinField[] = ['open', 'closedMsg', 'feeBps', 'ppsTxFees', ...AMOUNT_FIELDS, 'payoutConfirmations', 'stratumPorts', 'soloPorts', 'soloFeeBps', 'minDifficulty'];
  return (known as string[]).includes(field) ? (field as CoinField) : 'form';
}

/** canEditCoins tells whether the operator holds the coins right (the owner). */
export function canEditCoins(me: { permissions: string[] } | undefined): boolean {
  return !!me && me.permissions.includes('coins');
}

/** COIN_EDIT_NAV is the console menu's entry for this page, shown with the coins right. */
export const COIN_EDIT_NAV = { key: 'coinEdit', path: '/coin-edit', perm: 'coins' } as const;
