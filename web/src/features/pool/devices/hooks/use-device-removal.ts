// Removing offline devices from the device list, desktop and phone alike: a rig that is
// gone for good, or worker names a stranger invented by mining to the sub-account (they
// used to hold its device cap for 3 days; docs/security.md "Device squatting"). One device
// from its row, or every offline device of the list's coin and sub-account at once; either
// after a confirmation that says what goes. Only the owner: an observer link sees none of
// it, and the pool refuses an online device (its message shows in the confirmation).
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useReadOnly } from '@/lib/read-only';
import { useDeviceRemovals, useOverview } from '../api/devices';
import type { DeviceRow } from '../model/types';
import { useDeviceTexts } from '../texts';

/** RemovalTarget is what an open confirmation would remove. */
export type RemovalTarget = { kind: 'one'; device: DeviceRow } | { kind: 'offline'; count: number };

/** DeviceRemoval is the removal state of a device list and what it can do. */
export interface DeviceRemoval {
  /** allowed: the owner's page (not an observer link). */
  allowed: boolean;
  /** canRemove tells whether a row offers Remove: an offline device on the owner's page. */
  canRemove: (d: DeviceRow) => boolean;
  /** offline is how many offline devices the list's coin and sub-account have; 0 hides "Remove all offline". */
  offline: number;
  /** target is what the open confirmation would remove; null while none is open. */
  target: RemovalTarget | null;
  /** question is the open confirmation's text ('' while none is open). */
  question: string;
  askOne: (d: DeviceRow) => void;
  askAll: () => void;
  cancel: () => void;
  /** confirm removes the target; it answers whether it did (a refusal stays in error, the confirmation open). */
  confirm: () => Promise<boolean>;
  pending: boolean;
  /** error is the pool's refusal of the last confirm, or ''. */
  error: string;
}

const messageOf = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : String(err));

/**
 * useDeviceRemoval drives removal for a device list of coin and subAccount ('' for every
 * sub-account). bulk offers "Remove all offline" (the list of one coin; the search across
 * every coin offers only its rows').
 */
export function useDeviceRemoval({ coin, subAccount, bulk }: { coin: string; subAccount: string; bulk: boolean }): DeviceRemoval {
  const { t } = useDeviceTexts();
  const readOnly = useReadOnly();
  const allowed = !readOnly;
  const { remove, removeOffline } = useDeviceRemovals();
  // The same overview the overview page reads (cached for both): its offline count.
  const overview = useOverview(allowed && bulk ? coin : '', subAccount);
  const offline = allowed && bulk ? (overview.data?.counts.offline ?? 0) : 0;
  const [target, setTarget] = useState<RemovalTarget | null>(null);
  const [error, setError] = useState('');
  const pending = remove.isPending || removeOffline.isPending;

  const open = (next: RemovalTarget) => {
    if (!allowed || pending) return;
    setError('');
    setTarget(next);
  };

  let question = '';
  if (target?.kind === 'one') question = t('remove.confirmOne', { worker: target.device.code });
  else if (target)
    question = subAccount
      ? t('remove.confirmAllSub', { count: target.count, coin, sub: subAccount })
      : t('remove.confirmAll', { count: target.count, coin });

  return {
    allowed,
    canRemove: (d) => allowed && d.status === 'offline',
    offline,
    target,
    question,
    askOne: (d) => {
      if (d.status === 'offline') open({ kind: 'one', device: d });
    },
    askAll: () => {
      if (offline > 0) open({ kind: 'offline', count: offline });
    },
    cancel: () => {
      if (!pending) setTarget(null);
    },
    confirm: async () => {
      if (!target || pending) return false;
      setError('');
      try {
        if (target.kind === 'one') {
          const gone = await remove.mutateAsync({ id: target.device.id });
          notify('success', t('remove.doneOne', { worker: gone.code }));
        } else {
          // Devices that came back online since the count stay; the pool says how many went.
          const { removed } = await removeOffline.mutateAsync({ subAccount, coin });
          notify('success', t('remove.doneAll', { count: removed }));
        }
      } catch (err) {
        setError(messageOf(err));
        return false;
      }
      setTarget(null);
      return true;
    },
    pending,
    error,
  };
}
