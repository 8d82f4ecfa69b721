import type { SubAccount } from '../../model/types';

/** Uniplus is a sub-account's Uniplus ID and what a rig needs to connect. */
export interface Uniplus {
  code: string;
  uniplusId: string;
  coin: string;
  stratumUrl: string;
  stratumUrls: string[];
  workerName: string;
  workerExample: string;
}

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
