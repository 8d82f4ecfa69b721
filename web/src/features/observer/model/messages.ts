// Observer messages (docs/observer.md "Messages"): what a link is told, with the link's own
// read marks.

/** MessageKind says what a message is about. */
export type MessageKind = 'devicesOffline' | 'devicesOnline' | 'earningsSettled' | 'announcement';

/** MessageRow is one message in the list; title and summary are plain text in the reader's language. */
export interface MessageRow {
  id: string;
  kind: MessageKind;
  /** coin is the coin it is about ('' for announcements). */
  coin: string;
  title: string;
  summary: string;
  /** publishedAt is when the devices were seen, the day settled or the announcement published (Unix ms). */
  publishedAt: number;
  lang: string;
  read: boolean;
}

/** MessagePage is one page of the feed (the last 30 days, at most 300, newest first). */
export interface MessagePage {
  total: number;
  page: number;
  pageSize: number;
  rows: MessageRow[];
  unReadCount: number;
}

/** MessageDevice is one device of a device message. */
export interface MessageDevice {
  worker: string;
  subAccount: string;
  /** since is the last sign of life (offline) or when it came back (online), Unix ms. */
  since: number;
}

/** MessageEarnings is the settled day of an earnings message, per sub-account in the link. */
export interface MessageEarnings {
  coin: string;
  unit: string;
  day: string;
  amount: string;
  subAccounts: number;
  rows: { subAccount: string; hashRate: { show: string; unit: string }; amount: string }[];
}

/** MessageDetail is one message with what it is about; opening it marks it read. */
export interface MessageDetail extends MessageRow {
  prevId: string | null;
  nextId: string | null;
  /** html is an announcement's body, sanitised by the server. */
  html?: string;
  devices?: MessageDevice[];
  earnings?: MessageEarnings;
}

/** MessageInfo is the red marker's count, and with showContent the newest unread message. */
export interface MessageInfo {
  unReadCount: number;
  latest?: MessageRow | null;
}

const ID = /^(device-[1-9][0-9]{0,18}|announcement-[1-9][0-9]{0,18}|earningsSettled-[A-Za-z0-9_]{1,20}-[0-9]{4}-[0-9]{2}-[0-9]{2})$/;

/** parseMessageId reads a message id from an address: null when it cannot be one. */
export function parseMessageId(raw: string | null): string | null {
  const id = (raw ?? '').trim();
  return ID.test(id) ? id : null;
}

/** unreadOf clamps a stored or served count to a whole number from 0. */
export function unreadOf(n: unknown): number {
  const v = Number(n);
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : 0;
}
