// The console's calls: the app's one API client (lib/api-client) under /ops/api, with the
// session in its cookie and the console's own answer to "sign in again".
import { createApiClient, type ApiClient } from '@/lib/api-client';
import {
  AUDIT_FILTERS,
  BLOCK_FILTERS,
  BLOCK_STATUSES,
  PAYOUT_FILTERS,
  PAYOUT_STATUSES,
  WITHDRAWAL_FILTERS,
  WITHDRAWAL_STATUSES,
  type AuditRow,
  type Block,
  type CoinFigures,
  type CoinSettings,
  type LoginStep,
  type Me,
  type Operator,
  type Page,
  type Payout,
  type PayoutView,
  type UserPage,
  type UserSummary,
  type WalletReport,
  type WalletSend,
  type Withdrawal,
  type WithdrawalHistory,
} from './models';

/** TOTP_HEADER carries the authenticator code a finance action asks again. */
export const TOTP_HEADER = 'X-Ops-TOTP';

let onSignedOut: (msg: string) => void = () => {};

/** setSignedOutHandler is what a 401 (session ended or never was) does: the app sends to sign-in. */
export function setSignedOutHandler(fn: (msg: string) => void): void {
  onSignedOut = fn;
}

/** opsClient is the console's API client. */
export const opsClient: ApiClient = createApiClient({
  base: '/ops/api',
  sendToken: false,
  loginRequired: (msg) => onSignedOut(msg),
});

type Query = Record<string, string | undefined>;

/** Call options of a write: the code again for finance actions. */
export interface WriteOptions {
  code?: string;
}

const write = <T,>(path: string, body: unknown, { code }: WriteOptions = {}) =>
  opsClient.post<T>(path, body, { quiet: true, headers: code ? { [TOTP_HEADER]: code.trim() } : undefined });

// Reads are quiet: the page shows the message beside a retry button.
const read = <T,>(path: string, query?: Query) => opsClient.get<T>(path, query, { quiet: true });

export const opsApi = {
  login: (email: string, password: string, code?: string) =>
    opsClient.post<LoginStep>('/v1/login', { email, password, ...(code ? { code } : {}) }, { quiet: true }),
  enrol: (code: string) => opsClient.post<LoginStep>('/v1/enrol', { code }, { quiet: true }),
  me: () => read<Me>('/v1/me'),
  logout: () => opsClient.post<null>('/v1/logout', {}, { quiet: true }),

  overview: () => read<{ coins: CoinFigures[] }>('/v1/overview'),
  wallet: () => read<{ coins: WalletReport[] }>('/v1/wallet'),
  walletSends: (coin?: string) => read<{ items: WalletSend[] }>('/v1/wallet/sends', { coin }),
  acceptSend: (body: { coin: string; txid: string; note: string }, o: WriteOptions) => write<null>('/v1/wallet/sends/accept', body, o),

  withdrawals: (q: Query) => read<Page<Withdrawal>>('/v1/withdrawals', q),
  withdrawal: (id: string) => read<WithdrawalHistory>(`/v1/withdrawals/${encodeURIComponent(id)}`),
  withdrawalAction: (id: number, action: 'approve' | 'reject' | 'fail', reason: string, o: WriteOptions) =>
    write<unknown>(`/v1/withdrawals/${id}/${action}`, { reason }, o),

  payouts: (q: Query) => read<Page<Payout>>('/v1/payouts', q),
  payout: (id: string) => read<PayoutView>(`/v1/payouts/${encodeURIComponent(id)}`),
  payoutAction: (id: number, action: 'fail' | 'unbatch', reason: string, o: WriteOptions) =>
    write<unknown>(`/v1/payouts/${id}/${action}`, { reason }, o),

  users: (q: string) => read<{ items: UserSummary[] }>('/v1/users', { q }),
  user: (id: string) => read<UserPage>(`/v1/users/${encodeURIComponent(id)}`),
  userAction: (id: number, action: 'freeze' | 'unfreeze' | 'end-sessions' | 'reset-2fa', body: { reason: string; what?: string }) =>
    write<unknown>(`/v1/users/${id}/${action}`, body),

  coins: () => read<{ coins: CoinSettings[] }>('/v1/coins'),
  blocks: (q: Query) => read<Page<Block>>('/v1/blocks', q),
  audit: (q: Query) => read<Page<AuditRow>>('/v1/audit', q),
  operators: () => read<Operator[]>('/v1/operators'),
  disableOperator: (id: number, reason: string) => write<Operator>(`/v1/operators/${id}/disable`, { reason }),
};

/**
 * opsLists are the console's filtered lists paged by cursor: each one's filters (the keys
 * of its address and of the API's query), the statuses it filters by, and its call.
 */
export const opsLists = {
  withdrawals: { keys: WITHDRAWAL_FILTERS, statuses: WITHDRAWAL_STATUSES, fetch: opsApi.withdrawals },
  payouts: { keys: PAYOUT_FILTERS, statuses: PAYOUT_STATUSES, fetch: opsApi.payouts },
  blocks: { keys: BLOCK_FILTERS, statuses: BLOCK_STATUSES, fetch: opsApi.blocks },
  audit: { keys: AUDIT_FILTERS, statuses: [], fetch: opsApi.audit },
} as const;

export type OpsListName = keyof typeof opsLists;
/** OpsListRow is a row of the named list. */
export type OpsListRow<N extends OpsListName> = Awaited<ReturnType<(typeof opsLists)[N]['fetch']>>['items'][number];
/** OpsListFilter is a filter key of the named list. */
export type OpsListFilter<N extends OpsListName> = (typeof opsLists)[N]['keys'][number];
