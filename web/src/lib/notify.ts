// One way to show a short message, whichever UI kit the current route uses:
// the desktop layout registers antd `message`, the mobile layout antd-mobile `Toast`.

/** NoticeKind is the tone of a message. */
export type NoticeKind = 'success' | 'info' | 'warning' | 'error';

/** NoticeOptions tune one message. */
export interface NoticeOptions {
  /** durationMs is how long it shows (the UI kit's default when absent). */
  durationMs?: number;
}

/** Notifier shows one message. */
export type Notifier = (kind: NoticeKind, message: string, options?: NoticeOptions) => void;

let current: Notifier | null = null;
let pending: Array<[NoticeKind, string, NoticeOptions | undefined]> = [];

/**
 * setNotifier makes notifier the one that shows messages, and shows any that
 * came before it; the returned function unregisters it.
 */
export function setNotifier(notifier: Notifier): () => void {
  current = notifier;
  const queued = pending;
  pending = [];
  queued.forEach(([kind, message, options]) => notifier(kind, message, options));
  return () => {
    if (current === notifier) current = null;
  };
}

/** notify shows a message now, or as soon as a layout registers its notifier. */
export function notify(kind: NoticeKind, message: string, options?: NoticeOptions): void {
  if (!message) return;
  if (current) current(kind, message, options);
  else pending = [...pending.slice(-4), [kind, message, options]];
}
