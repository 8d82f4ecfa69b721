// One way to show a short message, whichever UI kit the current route uses:
// the desktop layout registers antd `message`, the mobile layout antd-mobile `Toast`.

/** NoticeKind is the tone of a message. */
export type NoticeKind = 'success' | 'info' | 'warning' | 'error';

/** Notifier shows one message. */
export type Notifier = (kind: NoticeKind, message: string) => void;

let current: Notifier | null = null;
let pending: Array<[NoticeKind, string]> = [];

/**
 * setNotifier makes notifier the one that shows messages, and shows any that
 * came before it; the returned function unregisters it.
 */
export function setNotifier(notifier: Notifier): () => void {
  current = notifier;
  const queued = pending;
  pending = [];
  queued.forEach(([kind, message]) => notifier(kind, message));
  return () => {
    if (current === notifier) current = null;
  };
}

/** notify shows a message now, or as soon as a layout registers its notifier. */
export function notify(kind: NoticeKind, message: string): void {
  if (!message) return;
  if (current) current(kind, message);
  else pending = [...pending.slice(-4), [kind, message]];
}
