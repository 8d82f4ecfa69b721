// The withdrawal dialog once for both layouts: its title, the form mounted only while it is
// open, the loading and failed states and closing after a withdrawal. The layouts give the
// widgets (antd's Modal and Form, or the phone's sheet and antd-mobile's Form), so this file
// imports neither kit and a phone never loads antd.
import type { ComponentType, ReactNode } from 'react';
import type { FieldForm } from '@/lib/field-form';
import { useWithdrawForm } from '../hooks/use-withdraw-form';
import type { WithdrawInfo } from '../model/types';
import { useWithdrawTexts } from '../texts';

/** WithdrawFormState is what the form's layout gets: the dialog's state and rules. */
export type WithdrawFormState = ReturnType<typeof useWithdrawForm>;

/** WithdrawDialogKit is a layout's widgets for the dialog. */
export interface WithdrawDialogKit<F extends FieldForm> {
  /** Frame is the dialog itself (antd's Modal, the phone's sheet). */
  Frame: ComponentType<{ open: boolean; title: string; onClose: () => void; children: ReactNode }>;
  /** useForm makes the kit's form instance (Form.useForm()[0]). */
  useForm: () => F;
  /** Loading stands where the form will be while the balance and addresses load. */
  Loading: ComponentType;
  /** Failed says the balance did not load, with a retry. */
  Failed: ComponentType<{ retry: () => void }>;
  /** Body lays out the form: f.info is there. */
  Body: ComponentType<{ form: F; f: WithdrawFormState; info: WithdrawInfo; onClose: () => void }>;
}

export interface WithdrawDialogProps<F extends FieldForm> {
  kit: WithdrawDialogKit<F>;
  sub: string;
  coin: string;
  open: boolean;
  onClose: () => void;
  /** onDone runs after a withdrawal is made (the balances refresh), before the dialog closes. */
  onDone: () => void;
}

/** WithdrawDialog withdraws one coin of one sub-account. */
export function WithdrawDialog<F extends FieldForm>({ kit, sub, coin, open, onClose, onDone }: WithdrawDialogProps<F>) {
  const { t } = useWithdrawTexts();
  const { Frame } = kit;
  return (
    <Frame open={open} title={t('dialog.title', { coin })} onClose={onClose}>
      {open ? <WithdrawFormFrame kit={kit} sub={sub} coin={coin} onClose={onClose} onDone={onDone} /> : null}
    </Frame>
  );
}

function WithdrawFormFrame<F extends FieldForm>({ kit, sub, coin, onClose, onDone }: Omit<WithdrawDialogProps<F>, 'open'>) {
  const form = kit.useForm();
  const f = useWithdrawForm(form, sub, coin, () => {
    onDone();
    onClose();
  });
  const { Body, Failed, Loading } = kit;
  if (f.failed) return <Failed retry={f.retry} />;
  if (f.loading || !f.info) return <Loading />;
  return <Body form={form} f={f} info={f.info} onClose={onClose} />;
}
