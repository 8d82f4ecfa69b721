import type { ComponentType } from 'react';
import type { BaseInfo, Channel } from '../model/types';

/** DialogProps: every basic-info dialog is open or not and closes through onClose. */
export interface DialogProps {
  open: boolean;
  onClose: () => void;
  user: BaseInfo | undefined;
}

/** ActionsProps are a dialog form's cancel and submit buttons: the submit's text, whether it is waiting, red or off. */
export interface ActionsProps {
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  danger?: boolean;
  disabled?: boolean;
  /** cancelLabel is the cancel button's text when not the app's "Cancel". */
  cancelLabel?: string;
}

/** DialogKit is one size's dialogs of the basic-info page (antd modals or antd-mobile sheets). */
export interface DialogKit<Name extends string> {
  Nickname: ComponentType<DialogProps>;
  Contact: ComponentType<DialogProps & { channel: Channel }>;
  AccountType: ComponentType<DialogProps>;
  CancelAccount: ComponentType<Omit<DialogProps, 'user'> & { onCancelled: () => void }>;
  Password: ComponentType<DialogProps>;
  TwoFactor: ComponentType<{ dialog: Name | null; onClose: () => void }>;
}

/**
 * AccountDialogs mounts the basic-info page's dialogs, the one named by `dialog` open (the
 * page's ?dialog=), with the size's widgets from `kit`.
 */
export function AccountDialogs<Name extends string>({ kit, dialog, onClose, user, onCancelled }: {
  kit: DialogKit<Name>;
  dialog: Name | null;
  onClose: () => void;
  user: BaseInfo | undefined;
  onCancelled: () => void;
}) {
  const open = (name: string) => dialog === name && !!user;
  const { Nickname, Contact, AccountType, CancelAccount, Password, TwoFactor } = kit;
  return (
    <>
      <Nickname open={open('nickname')} onClose={onClose} user={user} />
      <Contact open={open('phone')} onClose={onClose} user={user} channel="phone" />
      <Contact open={open('email')} onClose={onClose} user={user} channel="email" />
      <AccountType open={open('type')} onClose={onClose} user={user} />
      <CancelAccount open={open('cancel')} onClose={onClose} onCancelled={onCancelled} />
      <Password open={open('password')} onClose={onClose} user={user} />
      {user ? <TwoFactor dialog={dialog} onClose={onClose} /> : null}
    </>
  );
}
