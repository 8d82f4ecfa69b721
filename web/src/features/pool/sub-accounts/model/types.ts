import type { UniplusConnection } from '@/lib/uniplus';
import type { SubAccount } from '../../model/types';

/**
 * Uniplus is what a rig needs to connect to a sub-account, with its Uniplus ID as the
 * pool can give it: the pool keeps only a hash of the ID, so uniplusId is there only in
 * the answer of regenerate (null on every read) and uniplusPrefix ("UP-" and 4 hex
 * digits) tells the owner which ID their rigs hold.
 */
export type Uniplus = UniplusConnection;

/** Counts are device counts by status and binding. */
export interface Counts {
  total: number;
  normal: number;
  abnormal: number;
  offline: number;
  bound: number;
  unbound: number;
}

/** SubAccountDetail is the detail call's answer. */
export interface SubAccountDetail extends SubAccount {
  counts: Counts;
  accepted: number;
  rejected: number;
  stale: number;
  updateTime: number;
}

/** CreatedSubAccount is the create call's answer: the sub-account and its Uniplus ID, shown this once. */
export interface CreatedSubAccount extends SubAccount {
  uniplusId: string;
  uniplusPrefix: string;
}
