// The observer entry page's states, once for both sizes: which state shows, each state's
// test mark and texts; the layout gives each state's widgets (antd or antd-mobile).
import type { ReactNode } from 'react';
import type { EntryAction, ShareRow, useObserverEntry } from '../hooks/use-observer-entry';

type Entry = ReturnType<typeof useObserverEntry>;

/** MissingView is a page without a link to show: none opened, or one that stopped (gone). */
export interface MissingView {
  gone: boolean;
  title: string;
  toOwnLinks: Entry['toOwnLinks'];
}

/** OpenView is an open link: what it shares and the pages it leads to. */
export interface OpenView {
  readOnly: string;
  sharesTitle: string;
  rows: ShareRow[];
  actions: EntryAction[];
}

/** EntryStates shows loading, failed (with retry), missing or the open link, each in its size's widgets. */
export function EntryStates({
  entry: e,
  loading,
  failed,
  missing,
  open,
}: {
  entry: Entry;
  loading: ReactNode;
  failed: (p: { title: string; retryLabel: string; retry: () => void }) => ReactNode;
  missing: (p: MissingView) => ReactNode;
  open: (p: OpenView) => ReactNode;
}) {
  const { t } = e.texts;
  if (e.state === 'loading') return <>{loading}</>;
  if (e.state === 'failed') return <div data-testid="observer-failed">{failed({ title: t('entry.failed'), retryLabel: t('common.retry'), retry: e.retry })}</div>;
  if (e.state === 'none' || e.state === 'gone')
    return <div data-testid={`observer-${e.state}`}>{missing({ gone: e.state === 'gone', title: t(`entry.${e.state}`), toOwnLinks: e.toOwnLinks })}</div>;
  if (!e.info) return null;
  return <div data-testid="observer-entry">{open({ readOnly: t('entry.readOnly'), sharesTitle: t('entry.shares'), rows: e.rows, actions: e.actions })}</div>;
}
