import { useCallback } from 'react';
import { useAddressParams } from '@/lib/use-address-params';

/** InfoDialog names a dialog of the basic-info page; ?dialog=<name> opens it (the user menus link to ?dialog=password). */
export type InfoDialog = 'nickname' | 'phone' | 'email' | 'type' | 'cancel' | 'password' | 'twoFactorOn' | 'twoFactorOff' | 'recoveryCodes';

const names: readonly InfoDialog[] = ['nickname', 'phone', 'email', 'type', 'cancel', 'password', 'twoFactorOn', 'twoFactorOff', 'recoveryCodes'];

/** useDialogParam keeps the open dialog of a page in its address, so a menu entry can open one. */
export function useDialogParam(): [InfoDialog | null, (name: InfoDialog) => void, () => void] {
  const [params, editParams] = useAddressParams();
  const raw = params.get('dialog');
  const current = names.includes(raw as InfoDialog) ? (raw as InfoDialog) : null;
  const open = useCallback(
    (name: InfoDialog) =>
      editParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set('dialog', name);
        return next;
      }),
    [editParams],
  );
  const close = useCallback(
    () =>
      editParams((prev) => {
        const next = new URLSearchParams(prev);
        next.delete('dialog');
        return next;
      }),
    [editParams],
  );
  return [current, open, close];
}
