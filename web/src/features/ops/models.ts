// The operator console's data (docs/operations.md, "Operator console") and the rules the
// pages apply before a call: rights, filters to query strings, the reason and the
// authenticator code an action asks.

/** Perm is a right of the console's permission table. */
export type Perm = 'read' | 'users' | 'content' | 'finance' | 'coins' | 'operators';

/** Role is an operator's role. */
export type Role = 'owner' | 'finance' | 'support' | 'viewer';

export interface Operator {
  id: number;
  email: string;
  role: Role;
  totpEnrolled: boolean;
  disabled: boolean;
  createdAt: number;
}

export interface Me {
  operator: Operator;
  permissions: Perm[];
  idleSeconds: number;
}

/** LoginStep is the sign-in's answer: enrol (a new key), code (ask it), done. */
export interface LoginStep {
  step: 'enrol' | 'code' | 'done';
  secret?: string;
  uri?: string;
  operator?: Operator;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface AuditRow {
  id: number;
  at: number;
  operatorId: number | null;
  actor: string;
  ip: string;
  action: string;
  objectType: string;
  objectId: string;
  reason: string;
  before: unknown;
  after: unknown;
}

export interface Withdrawal {
  id: number;
  orderNo: string;
  userId: number;
  uid: string;
  email: string;
  subAccountId: number;
  coin: string;
  kind: string;
  address: string;
  network: string;
  amount: string;
  fee: string;
  received: string;
  remark: string;
  status: string;
  payoutId: number;
  reason: string;
  reasonKey: string;
  txid: string;
  confirmations: number;
  createdAt: number;
  updatedAt: number;
}

export interface Payout {
  id: number;
  coin: string;
  status: string;
  txid: string;
  raw: string;
  networkFee: string;
  outputs: number;
  confirmations: number;
  attempts: number;
  lastError: string;
  createdAt: number;
  signedAt: number;
  broadcastAt: number;
  doneAt: number;
}

export interface WithdrawalHistory {
  withdrawal: Withdrawal;
  payout: Payout | null;
  states: { state: string; at: number }[];
  audit: AuditRow[];
}

export interface PayoutView {
  payout: Payout;
  withdrawals: Withdrawal[];
  audit: AuditRow[];
}

export interface WalletReport {
  coin: string;
  wallet: string;
  available: string;
  unsent: string;
  surplus: string;
  frozen: string;
  open: string;
  unknownSends: number;
  problem: string;
  error: string;
}

export interface WalletSend {
  coin: string;
  txid: string;
  foundAt: number;
  acceptedAt: number;
  note: string;
}

export interface CoinFigures {
  coin: string;
  poolHashRate: number;
  poolHashRate24h: number;
  activeMiners: number;
  height: number;
  statsAt: number;
  devices: number;
  blocks: Record<string, number>;
  available: string;
  frozen: string;
  payoutsOpen: number;
  payoutsStuck: number;
  payoutsFailed24h: number;
  reviewsWaiting: number;
  /** The pool's hashrate over 24 hours, 10-minute buckets. */
  hashRateHistory?: { time: number; hashRate: number; accepted: number; rejected: number; stale: number }[];
  /** Shares answered in 24 hours: accepted, and refused by reason. */
  shares24h?: { accepted: number; refused: Record<string, number> };
  /** The node as the stratum process last reported it. */
  node?: NodeStatus;
  /** The newest pool block with its effort; null when none. */
  lastBlock?: Block | null;
  /** The wallet check's line of the coin. */
  wallet?: WalletReport & { short?: boolean };
}

export interface NodeStatus {
  status: 'ok' | 'error' | 'silent' | 'unknown' | string;
  error: string;
  errorAt: number;
  templateAt: number;
  templateAgeMs: number;
  templateHeight: number;
  reportAt: number;
}

export interface Block {
  id: number;
  coin: string;
  height: number;
  hash: string;
  reward: string;
  subAccount: string;
  soloAddress: string;
  worker: string;
  solo: boolean;
  netDiff: number;
  status: string;
  confirmations: number;
  reason: string;
  foundAt: number;
  /** The pool's work since the block before over this one's difficulty (1 = average); 0 unknown. */
  effort?: number;
}

export interface CoinSettings {
  type: string;
  name: string;
  algorithm: string;
  open: boolean;
  feeBps: number;
  settleModel: string;
  settleTime: string;
  ppsTxFees: boolean;
  minWithdraw: string;
  withdrawFee: string;
  withdrawReviewAbove: string;
  dustFloor: string;
  payoutConfirmations: number;
  stratumPorts: number[];
  soloPorts: number[];
  soloFeeBps: number;
  driver: string;
  flags: string[];
}

export interface UserSummary {
  id: number;
  uid: string;
  nickname: string;
  email: string;
  phone: string;
  status: string;
  createdAt: number;
  matched: string;
}

export interface UserPage {
  user: UserSummary;
  accountType: string;
  freeze: {
    frozen: boolean;
    frozenAt: number;
    frozenReason: string;
    withdrawalsFrozen: boolean;
    withdrawFrozenAt: number;
    withdrawalsFrozenReason: string;
  };
  twoFactor: { enabled: boolean; recoveryCodesLeft: number };
  subAccounts: {
    id: number;
    code: string;
    alias: string;
    defaultCoin: string;
    deleted: boolean;
    devices: { id: number; coin: string; worker: string; kind: string; status: string }[];
  }[];
  balances: { subAccountId: number; coin: string; available: number; frozen: number; earned: number; withdrawn: number }[];
  ledger: { id: number; subAccountId: number; coin: string; kind: string; available: number; frozen: number; ref: string; createdAt: number }[];
  withdrawals: Withdrawal[];
  addresses: { id: number; coin: string; address: string; network: string; description: string; usableAt: number; locked: boolean }[];
  observerLinks: { id: number; coins: string; note: string; expiresAt: number; createdAt: number }[];
  sessions: { createdAt: number; lastSeenAt: number; expiresAt: number; ip: string; userAgent: string }[];
  /** decimals of each coin of balances and ledger, whose amounts are minor units. */
  decimals: Record<string, number>;
}

/** NavKey names a page of the console's side menu. */
export type NavKey = 'overview' | 'withdrawals' | 'payouts' | 'wallet' | 'users' | 'coins' | 'coinEdit' | 'blocks' | 'audit' | 'operators';

/** NAV is the side menu: each page and the right it needs to be shown. */
export const NAV: readonly { key: NavKey; path: string; perm: Perm }[] = [
  { key: 'overview', path: '/', perm: 'read' },
  { key: 'withdrawals', path: '/withdrawals', perm: 'read' },
  { key: 'payouts', path: '/payouts', perm: 'read' },
  { key: 'wallet', path: '/wallet', perm: 'read' },
  { key: 'users', path: '/users', perm: 'read' },
  { key: 'coins', path: '/coins', perm: 'read' },
  { key: 'coinEdit', path: '/coin-edit', perm: 'coins' },
  { key: 'blocks', path: '/blocks', perm: 'read' },
  { key: 'audit', path: '/audit', perm: 'read' },
  { key: 'operators', path: '/operators', perm: 'operators' },
];

/** can tells whether the signed-in operator holds perm (the API checks it again). */
export function can(me: Pick<Me, 'permissions'> | undefined, perm: Perm): boolean {
  return !!me && me.permissions.includes(perm);
}

/** navFor is the side menu the operator's rights show. */
export function navFor(me: Pick<Me, 'permissions'> | undefined) {
  return NAV.filter((item) => can(me, item.perm));
}

/** navKeyOf is the menu entry a path belongs to (/withdrawals/12 is under withdrawals). */
export function navKeyOf(pathname: string): NavKey {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return (NAV.find((item) => item.path === `/${first}`)?.key ?? 'overview') as NavKey;
}

type Filters = Record<string, string | undefined>;

/** cleanFilters drops empty and blank filters and trims the rest: what goes on the query string. */
export function cleanFilters<F extends Filters>(filters: F): Partial<F> {
  const out: Filters = {};
  for (const [k, v] of Object.entries(filters)) {
    const s = (v ?? '').trim();
    if (s) out[k] = s;
  }
  return out as Partial<F>;
}

/** queryString writes filters (and a cursor) as ?a=b, or "" when there is none. */
export function queryString(filters: Filters): string {
  const params = new URLSearchParams(cleanFilters(filters) as Record<string, string>);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** filtersFrom reads the named filters from the page's address, so a filtered list can be linked. */
export function filtersFrom<K extends string>(search: URLSearchParams, keys: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const k of keys) out[k] = search.get(k) ?? '';
  return out;
}

export const WITHDRAWAL_FILTERS = ['status', 'coin', 'user', 'olderThan'] as const;
export const WITHDRAWAL_STATUSES = ['review', 'requested', 'batched', 'signed', 'broadcast', 'confirmed', 'failed'] as const;
export const PAYOUT_FILTERS = ['status', 'coin'] as const;
export const PAYOUT_STATUSES = ['batched', 'signed', 'broadcast', 'confirmed', 'failed'] as const;
export const BLOCK_FILTERS = ['coin', 'status'] as const;
export const BLOCK_STATUSES = ['pending', 'confirmed', 'orphaned', 'rejected'] as const;
export const AUDIT_FILTERS = ['actor', 'action', 'object', 'from', 'to'] as const;

/** OLDER_THAN is a duration the API reads (30m, 2h, 48h). */
const OLDER_THAN = /^\d+(s|m|h)$/;

/** validOlderThan tells whether the age filter is one the API takes ("" is none). */
export function validOlderThan(v: string): boolean {
  const s = v.trim();
  return s === '' || OLDER_THAN.test(s);
}

/** auditCsvUrl is the export of the audit log with the same filters as the page's list. */
export function auditCsvUrl(filters: Filters): string {
  return `/ops/api/v1/audit.csv${queryString(filters)}`;
}

/** MAX_REASON is the longest reason the API takes, in characters (account.MaxAdminReason). */
export const MAX_REASON = 200;

/** ActionSpec says what an action asks before it is sent. */
export interface ActionSpec {
  /** reasonRequired: the API refuses the action without a reason. */
  reasonRequired: boolean;
  /** needsCode: a finance action asks the authenticator code again (X-Ops-TOTP). */
  needsCode: boolean;
}

export interface ActionInput {
  reason: string;
  code: string;
}

/** ActionErrors name the fields to fix, as keys of the ops texts. */
export type ActionErrors = Partial<Record<keyof ActionInput, string>>;

/** validCode tells whether a code is six digits, as an authenticator app shows it. */
export function validCode(code: string): boolean {
  return /^\d{6}$/.test(code.trim());
}

/** validateAction checks the modal's fields before the call. */
export function validateAction(spec: ActionSpec, input: ActionInput): ActionErrors {
  const errors: ActionErrors = {};
  const reason = input.reason.trim();
  if (spec.reasonRequired && reason === '') errors.reason = 'form.reasonRequired';
  else if ([...reason].length > MAX_REASON) errors.reason = 'form.reasonTooLong';
  if (spec.needsCode && !validCode(input.code)) errors.code = 'form.codeSixDigits';
  return errors;
}

/** codeErrors are the API's refusals that mean "type the code again". */
export const CODE_ERRORS = ['ops.wrongCode', 'ops.totpRequired'] as const;

/** errorKeyOf reads the error key (data.error) of an API refusal. */
export function errorKeyOf(err: unknown): string {
  const data = (err as { data?: unknown } | null)?.data;
  const key = (data as { error?: unknown } | null)?.error;
  return typeof key === 'string' ? key : '';
}

/** isShort tells whether the wallet holds less than the pool owes (surplus below zero). */
export function isShort(r: Pick<WalletReport, 'surplus' | 'error'>): boolean {
  return !r.error && (r.surplus ?? '').trim().startsWith('-');
}

/** STALE_TEMPLATE_MS: a block template older than this is worth a look (most coins make one a minute or faster). */
export const STALE_TEMPLATE_MS = 5 * 60_000;

/** nodeHealth sums up the node for a tag: good, warning (an old template) or bad. */
export function nodeHealth(n: NodeStatus | undefined): 'good' | 'warning' | 'bad' | 'unknown' {
  if (!n || n.status === 'unknown') return 'unknown';
  if (n.status !== 'ok') return 'bad';
  return n.templateAt && n.templateAgeMs > STALE_TEMPLATE_MS ? 'warning' : 'good';
}

/** FINAL_WITHDRAWAL are the statuses no action changes. */
const FINAL_WITHDRAWAL = new Set(['confirmed', 'failed']);

/** isFinalWithdrawal tells whether a withdrawal's status will not change any more ("" or unknown: not yet read). */
export function isFinalWithdrawal(status: string | undefined): boolean {
  return !!status && FINAL_WITHDRAWAL.has(status);
}

/**
 * withdrawalActions are the actions a withdrawal in its status may take (the API decides):
 * one in review is approved or rejected; one no built transaction pays yet (requested, or
 * in a batched payout) may fail; a signed or broadcast one is the payout job's to follow.
 */
export function withdrawalActions(w: Pick<Withdrawal, 'status'>): ('approve' | 'reject' | 'fail')[] {
  if (w.status === 'review') return ['approve', 'reject'];
  if (w.status === 'requested' || w.status === 'batched') return ['fail'];
  return [];
}

/** payoutActions are the actions a payout in its status may take: only a batched one. */
export function payoutActions(p: Pick<Payout, 'status'>): ('fail' | 'unbatch')[] {
  return p.status === 'batched' ? ['fail', 'unbatch'] : [];
}

/** AuditChange is one field an audit entry changed, its values as short text. */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

/** AUDIT_VALUE_MAX is how much of a value the log's row shows; the details show all. */
export const AUDIT_VALUE_MAX = 60;

function shortValue(v: unknown): string {
  if (v === undefined) return '—';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > AUDIT_VALUE_MAX ? `${s.slice(0, AUDIT_VALUE_MAX - 1)}…` : s;
}

/**
 * auditChanges is what an entry changed, field by field: the top-level fields whose
 * values differ between before and after (an object made or removed: every field). A
 * whole article's text in before and after would otherwise fill the row.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const obj = (v: unknown): Record<string, unknown> | undefined =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  const b = obj(before);
  const a = obj(after);
  if (!b && !a) {
    return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: '', before: shortValue(before ?? undefined), after: shortValue(after ?? undefined) }];
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys
    .filter((k) => JSON.stringify(b?.[k]) !== JSON.stringify(a?.[k]))
    .map((k) => ({ field: k, before: shortValue(b?.[k]), after: shortValue(a?.[k]) }));
}

/**
 * minorToCoins writes an amount of minor units as coins with the coin's decimals, exactly
 * (integer arithmetic: 125000000 with 8 decimals is "1.25000000"); without the decimals,
 * the minor units as they are.
 */
export function minorToCoins(minor: number, decimals: number | undefined): string {
  if (decimals === undefined || !Number.isSafeInteger(minor)) return String(minor);
  const v = BigInt(minor);
  const neg = v < 0n;
  const digits = (neg ? -v : v).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals);
  return `${neg ? '-' : ''}${whole}${decimals > 0 ? `.${frac}` : ''}`;
}
