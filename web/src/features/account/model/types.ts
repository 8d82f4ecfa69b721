import type { UserInfo } from '@/lib/storage';

/** Channel is a contact kind, named as in the call paths (sms for phone in the code calls). */
export type Channel = 'phone' | 'email';

/** AccountScene is a code scene of a logged-in user (docs/accounts.md "Verification codes"). */
export type AccountScene =
  | 'bindPhone'
  | 'changePhone'
  | 'newPhone'
  | 'resetPwdByPhone'
  | 'bindEmail'
  | 'changeEmail'
  | 'newEmail'
  | 'resetPwdByEmail';

/** BaseInfo is the logged-in user as GET /pc/v1/customer/baseInfo answers it (phone and email unmasked). */
export interface BaseInfo extends UserInfo {
  uid?: string;
  registDate?: number;
  accountTypeCode?: string;
  accountTypeName?: string;
}

/** AccountType is one account type option (SPEC.md section 3). */
export interface AccountType {
  code: string;
  name: string;
}

/** scenes names the scene of each step for each channel. */
export const scenes = {
  phone: { bind: 'bindPhone', change: 'changePhone', new: 'newPhone', resetPwd: 'resetPwdByPhone' },
  email: { bind: 'bindEmail', change: 'changeEmail', new: 'newEmail', resetPwd: 'resetPwdByEmail' },
} as const satisfies Record<Channel, Record<string, AccountScene>>;
