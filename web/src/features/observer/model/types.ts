// An observer link as the manager shows it (GET /pc/v1/customer/observer/link/get;
// docs/observer.md), and the rules of its form (SPEC section 5).

export interface ObserverLink {
  id: number;
  currencyList: string[];
  machineInfoEnabled: boolean;
  incomeInfoEnabled: boolean;
  note: string;
  /** link is the desktop observer list's path with the token after '='; '' when it cannot be shown again. */
  link: string;
  token: string;
  /** subAccounts are codes; empty shares every sub-account. */
  subAccounts: string[];
  /** expiresAt is Unix ms; 0 never. */
  expiresAt: number;
  expired: boolean;
  createTime: number;
  lastUsedAt: number;
  useCount: number;
}

/** EXPIRY_DAYS are the lifetimes a link may have; 0 is never. */
export const EXPIRY_DAYS = [0, 1, 7, 30] as const;

/** KEEP_EXPIRY is the edit form's choice that leaves a link's end where it is. */
export const KEEP_EXPIRY = -1;

/** NOTE_MAX is the note's length limit (SPEC section 5). */
export const NOTE_MAX = 10;

/** PAGE_SIZES are the manager's page sizes (SPEC section 2). */
export const PAGE_SIZES = [10, 20, 30, 50];

/** LinkValues are the add and edit form's fields. */
export interface LinkValues {
  currencyList?: string[];
  subAccounts?: string[];
  machineInfoEnabled?: boolean;
  incomeInfoEnabled?: boolean;
  note?: string;
  expiresIn?: number;
}

/** LinkBody is what add and edit send (expiresIn absent on edit: the end stays). */
export interface LinkBody {
  token?: string;
  id?: number;
  currencyList: string[];
  subAccounts: string[];
  machineInfoEnabled: boolean;
  incomeInfoEnabled: boolean;
  note: string;
  expiresIn?: number;
}
