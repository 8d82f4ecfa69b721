// Earnings and assets as the API gives them (internal/earnings/handlers.go, docs/earnings.md).
// Amounts are decimal strings at the coin's precision; never parse them into money.
import type { HashRate } from '@/lib/hashrate';

export interface SubSummary {
  subAccount: string;
  yesterday: string;
  settling: string;
  last30: string;
  total: string;
}

/** CoinSummary is one coin's earnings: yesterday, settling, last 7 and 30 days, total. */
export interface CoinSummary {
  coin: string;
  unit: string;
  decimals: number;
  yesterday: string;
  settling: string;
  last7: string;
  last30: string;
  total: string;
  /** settleAt is the next settlement, Unix ms. */
  settleAt: number;
  subAccounts: SubSummary[];
}

/** EarningDay is one day of a coin's earnings, settled or settling (estimated). */
export interface EarningDay {
  day: string;
  hashRate: HashRate;
  amount: string;
  settling: boolean;
  settledAt: number;
  subAccounts: number;
}

export interface DayPage {
  rows: EarningDay[];
  total: number;
  page: number;
  pageSize: number;
  unit: string;
  decimals: number;
}

/** DayLogRow is one sub-account's day with the inputs of its amount. */
export interface DayLogRow {
  subAccount: string;
  hashRate: HashRate;
  accepted: number;
  difficultySum: number;
  accrued: string;
  carryIn: string;
  carryOut: string;
  amount: string;
  settledAt: number;
  feeRate: number;
}

export interface DayDetail {
  day: string;
  coin: string;
  unit: string;
  settled: boolean;
  rows: DayLogRow[];
}

export type Fiat = 'USD' | 'CNY';
export const FIATS: Fiat[] = ['USD', 'CNY'];

/** Asset is one coin's money: available, frozen, earned, withdrawn and its value. */
export interface Asset {
  coin: string;
  unit: string;
  decimals: number;
  available: string;
  frozen: string;
  earned: string;
  withdrawn: string;
  fiat: Fiat;
  /** fiatValue is "" when the coin has no price. */
  fiatValue: string;
  price: string;
  minWithdraw: string;
}

export type EntryKind = 'earning' | 'withdrawal' | 'withdrawal_paid' | 'withdrawal_refund';
export const ENTRY_KINDS: EntryKind[] = ['earning', 'withdrawal', 'withdrawal_paid', 'withdrawal_refund'];

/** Entry is one ledger journal row. */
export interface Entry {
  id: number;
  subAccount: string;
  coin: string;
  kind: EntryKind;
  amount: string;
  frozen: string;
  ref: string;
  createdAt: number;
}

export interface EntryPage {
  rows: Entry[];
  total: number;
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [10, 20, 30, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
