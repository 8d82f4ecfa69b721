// Withdrawals as the API gives them (internal/withdraw/handlers.go, docs/withdrawals.md).
// Amounts are decimal strings at the coin's precision; never parse them into floats.

/** VerifyType is a second-verification method (SPEC.md section 5). */
export type VerifyType = 'phone' | 'email';

/** AddressEntry is one address book entry. */
export interface AddressEntry {
  id: number;
  currencyType: string;
  address: string;
  network: string;
  description: string;
  /** usableAt is when it may first be paid, Unix ms (48 h after it was added or changed). */
  usableAt: number;
  /** lockedSeconds is how long until then; 0 when usable. */
  lockedSeconds: number;
  createdAt: number;
  updatedAt: number;
}

/** PaymentWindow: 00:00-12:00 Beijing time settings cannot change. */
export interface PaymentWindow {
  locked: boolean;
  lockedUntil: number;
}

/** WithdrawSetting is one coin's auto-withdrawal of a sub-account. */
export interface WithdrawSetting {
  currencyType: string;
  unit: string;
  decimals: number;
  autoEnabled: boolean;
  amount: string;
  addressId: number;
  address: string;
  minAmount: string;
  fee: string;
}

export interface SettingList {
  window: PaymentWindow;
  rows: WithdrawSetting[];
}

/** WithdrawInfo is what the withdrawal dialog needs. */
export interface WithdrawInfo {
  currencyType: string;
  unit: string;
  decimals: number;
  maxDecimals: number;
  available: string;
  frozen: string;
  maxAmount: string;
  fee: string;
  /** minAmount is the least a withdrawal may name: the fee plus the coin's dust floor. */
  minAmount: string;
  networks: string[];
  addresses: AddressEntry[];
  verifyTypes: VerifyType[];
  /** holdUntil: withdrawals wait until then (Unix ms) after the account's phone or email changed; 0 when nothing waits. */
  holdUntil: number;
}

/** WithdrawalStatus is what the user sees (SPEC.md section 4). */
export type WithdrawalStatus = 'processing' | 'success' | 'failure';

/** Withdrawal is one row of the history (SPEC.md section 3). */
export interface Withdrawal {
  id: number;
  orderNo: string;
  subAccount: string;
  currencyType: string;
  kind: 'manual' | 'auto';
  amount: string;
  fee: string;
  received: string;
  address: string;
  network: string;
  remark: string;
  status: WithdrawalStatus;
  stage: string;
  txHash: string;
  confirmations: number;
  requiredConfirmations: number;
  reason: string;
  createdAt: number;
  updatedAt: number;
}

export interface WithdrawalPage {
  rows: Withdrawal[];
  total: number;
  page: number;
  pageSize: number;
}

/** PAGE_SIZES of the history (SPEC.md section 9). */
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** Limits the server enforces too (docs/withdrawals.md). */
export const LIMITS = { description: 30, remark: 50, address: 128, maxDecimals: 5 } as const;
