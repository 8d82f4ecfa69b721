// orePoolAddressManage and addressManage: the address book list, and the add, edit and
// delete forms with their second verification, once for both layouts.
import { useState } from 'react';
import type { FieldForm } from '@/lib/field-form';
import { errorsOf } from '@/lib/field-form';
import { notify } from '@/lib/notify';
import { checkCode, fieldRule } from '@/lib/validation';
import { useAddressBook, useDeleteAddress, useSaveAddress } from '../api/withdraw';
import { LIMITS, type AddressEntry } from '../model/types';
import { useWithdrawTexts } from '../texts';
import { useVerify } from './use-verify';

/** lockLeft tells how long an entry still waits, as hours (rounded up); 0 when usable. */
export function lockLeft(a: Pick<AddressEntry, 'lockedSeconds'>): number {
  return Math.ceil(a.lockedSeconds / 3600);
}

/** AddressOption is an entry as a choice in a form: its name, the address when the name
 * is a description, and whether it can be paid yet. */
export interface AddressOption {
  value: number;
  label: string;
  description?: string;
  disabled: boolean;
}

/** addressOption names an entry for a picker; a locked one says its hours and is disabled. */
export function addressOption(a: AddressEntry, t: (key: string, o?: Record<string, unknown>) => string): AddressOption {
  const name = a.description || a.address;
  const locked = a.lockedSeconds > 0;
  return {
    value: a.id,
    label: locked ? t('dialog.lockedAddress', { address: name, hours: lockLeft(a) }) : name,
    description: a.description ? a.address : undefined,
    disabled: locked,
  };
}

/** useAddressBookPage lists the entries, of one coin when one is chosen. */
export function useAddressBookPage() {
  const texts = useWithdrawTexts();
  const [coin, setCoin] = useState('');
  const list = useAddressBook(coin);
  const [editing, setEditing] = useState<AddressEntry | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AddressEntry | null>(null);
  const rows = list.data ?? [];
  return {
    texts,
    coin,
    setCoin,
    rows,
    loading: !texts.ready || list.isLoading,
    failed: list.isError && !list.data,
    retry: () => void list.refetch(),
    empty: rows.length === 0,
    /** form is the add or edit dialog: open with the entry edited (null: a new one). */
    form: {
      open: adding || editing !== null,
      editing,
      title: texts.t(editing ? 'book.edit' : 'book.add'),
      add: () => setAdding(true),
      edit: setEditing,
      close: () => (setAdding(false), setEditing(null)),
    },
    remove: { entry: removing, ask: setRemoving, close: () => setRemoving(null) },
    lockLeft,
  };
}

interface AddressValues {
  currencyType?: string;
  network?: string;
  address?: string;
  description?: string;
  code?: string;
  totpCode?: string;
}

/** useAddressForm adds or edits an entry after the second verification. */
export function useAddressForm(form: FieldForm, editing: AddressEntry | null, defaultCoin: string, onDone: () => void) {
  const { t } = useWithdrawTexts();
  const save = useSaveAddress();
  const verify = useVerify('addressBook', form);
  // A refusal (a bad address, a wrong code) shows above the buttons; the next try clears it.
  const [error, setError] = useState('');
  const initial: AddressValues = editing
    ? { currencyType: editing.currencyType, network: editing.network, address: editing.address, description: editing.description }
    : { currencyType: defaultCoin, network: defaultCoin };
  const onFinish = async (v: AddressValues) => {
    setError('');
    try {
      const answer = await save.mutateAsync({
        id: editing?.id,
        currencyType: String(v.currencyType ?? ''),
        network: String(v.network ?? v.currencyType ?? ''),
        address: String(v.address ?? '').trim(),
        description: String(v.description ?? '').trim(),
        ...verify.of(v.code, v.totpCode),
      });
      notify('success', answer.msg || t('book.saved'));
      form.resetFields();
      onDone();
    } catch (err) {
      setError(errorsOf(err)[0] ?? '');
    }
  };
  const required = (key: string) => fieldRule(t, (s) => (s.trim() ? null : key));
  return {
    verify,
    initial,
    error,
    pending: save.isPending,
    onFinish,
    /** networks of a coin: its own chain (docs/withdrawals.md). */
    networks: (coin: string) => (coin ? [coin] : []),
    rules: {
      coin: required('rules.coin'),
      network: required('rules.network'),
      address: fieldRule(t, (s) => (!s.trim() ? 'rules.address' : /\s/.test(s.trim()) || s.trim().length > LIMITS.address ? 'rules.addressShape' : null)),
      description: fieldRule(t, (s) => (s.trim().length > LIMITS.description ? 'rules.description' : null)),
      code: fieldRule(t, checkCode),
    },
    lockNote: t('book.lockNote'),
  };
}

/** useDeleteAddressForm deletes an entry after the second verification. */
export function useDeleteAddressForm(form: FieldForm, entry: AddressEntry | null, onDone: () => void) {
  const { t } = useWithdrawTexts();
  const del = useDeleteAddress();
  const verify = useVerify('addressBook', form);
  const [error, setError] = useState('');
  const onFinish = async (v: { code?: string; totpCode?: string }) => {
    if (!entry) return;
    setError('');
    try {
      const answer = await del.mutateAsync({ id: entry.id, ...verify.of(v.code, v.totpCode) });
      notify('success', answer.msg || t('book.deleted'));
      form.resetFields();
      onDone();
    } catch (err) {
      setError(errorsOf(err)[0] ?? '');
    }
  };
  return { verify, error, pending: del.isPending, onFinish, rules: { code: fieldRule(t, checkCode) } };
}
