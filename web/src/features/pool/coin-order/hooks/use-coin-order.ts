// The "sort coins" dialog beside the coin picker, desktop and phone alike: a draft of the
// logged-in miner's coin order, moved one place at a time, saved to their account or
// reset to the pool's order. The picker reads the same coin list (useChainTypes), which
// save and reset refresh before the dialog closes.
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { useChainTypes, useOwnOrder } from '../../api/get-chain-types';
import type { ChainType } from '../../model/types';
import { usePoolTexts } from '../../texts';
import { useCoinOrderActions } from '../api/coin-order';
import { arrange, canMove, moveType, sameOrder } from '../model/order';

/** CoinOrder is the dialog's state and what it can do. */
export interface CoinOrder {
  /** available: a logged-in owner (not an observer link) with at least two coins to order. */
  available: boolean;
  isOpen: boolean;
  open: () => void;
  close: () => void;
  /** coins are the coins in the draft's order (the picker's order while closed). */
  coins: ChainType[];
  canMove: (type: string, by: -1 | 1) => boolean;
  move: (type: string, by: -1 | 1) => void;
  /** changed: the draft differs from the order the picker shows. */
  changed: boolean;
  /** announcement tells a screen reader where the last moved coin now is. */
  announcement: string;
  save: () => Promise<boolean>;
  reset: () => Promise<boolean>;
  saving: boolean;
  resetting: boolean;
  /** error is the server's refusal of the last save or reset, or ''. */
  error: string;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** useCoinOrder drives the sort-coins dialog. */
export function useCoinOrder(): CoinOrder {
  const { t } = usePoolTexts();
  const own = useOwnOrder();
  const list = useChainTypes().data;
  const actions = useCoinOrderActions();
  // null while the dialog is closed.
  const [draft, setDraft] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const [announcement, setAnnouncement] = useState('');

  const current = list ?? [];
  const coins = draft ? arrange(current, draft) : current;
  const order = coins.map((c) => c.type);
  const busy = actions.save.isPending || actions.reset.isPending;

  const run = async (call: () => Promise<unknown>, done: string) => {
    if (busy) return false;
    setError('');
    try {
      await call();
    } catch (err) {
      // The server's refusal (or the client's word on a lost connection), in the dialog;
      // the draft and the picker stay as they were.
      setError(messageOf(err));
      return false;
    }
    setDraft(null);
    notify('success', done);
    return true;
  };

  return {
    available: own && current.length > 1,
    isOpen: draft !== null,
    open: () => {
      setDraft(current.map((c) => c.type));
      setError('');
      setAnnouncement('');
    },
    close: () => {
      if (!busy) setDraft(null);
    },
    coins,
    canMove: (type, by) => !busy && canMove(order, type, by),
    move: (type, by) => {
      if (busy || !canMove(order, type, by)) return;
      const next = moveType(order, type, by);
      setDraft(next);
      setError('');
      const coin = coins.find((c) => c.type === type);
      setAnnouncement(t('coinOrder.moved', { coin: coin?.name ?? type, position: next.indexOf(type) + 1, total: next.length }));
    },
    changed: draft !== null && !sameOrder(order, current.map((c) => c.type)),
    announcement,
    save: () => run(() => actions.save.mutateAsync(order), t('coinOrder.saved')),
    reset: () => run(() => actions.reset.mutateAsync(), t('coinOrder.resetDone')),
    saving: actions.save.isPending,
    resetting: actions.reset.isPending,
    error,
  };
}
