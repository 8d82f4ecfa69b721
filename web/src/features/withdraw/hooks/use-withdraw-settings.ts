// orePoolWithdrawlSetList and withdrawlSetList: a sub-account's auto-withdrawal per coin,
// the payment window that locks them, and the edit form, once for both layouts.
import { useState } from 'react';
import { errorsOf, type FieldForm } from '@/lib/field-form';
import { formatClock } from '@/lib/format';
import { notify } from '@/lib/notify';
import { checkCode, fieldRule } from '@/lib/validation';
import { useAddressBook, useCloseSetting, useSaveSetting, useWithdrawSettings } from '../api/withdraw';
import { toMinor } from '../model/amount';
import { LIMITS, type WithdrawSetting } from '../model/types';
import { useWithdrawTexts } from '../texts';
import { addressOption } from './use-address-book';
import { useVerify } from './use-verify';

/** useSettingsPage lists a sub-account's settings and runs turning one off. */
export function useSettingsPage(sub: string) {
  const texts = useWithdrawTexts();
  const { t } = texts;
  const list = useWithdrawSettings(sub);
  const close = useCloseSetting();
  const [editing, setEditing] = useState<WithdrawSetting | null>(null);
  const window = list.data?.window ?? { locked: false, lockedUntil: 0 };
  const turnOff = async (s: WithdrawSetting) => {
    try {
      const answer = await close.mutateAsync({ subAccount: sub, currencyType: s.currencyType });
      notify('success', answer.msg || t('settings.saved'));
    } catch (err) {
      notify('error', errorsOf(err)[0] ?? '');
    }
  };
  const until = window.lockedUntil ? formatClock(window.lockedUntil, texts.lang) : '';
  return {
    texts,
    rows: list.data?.rows ?? [],
    window,
    /** lockedNote explains the window; '' when settings can change. */
    lockedNote: window.locked ? t('settings.locked', { until }) : '',
    windowNote: t('settings.window'),
    loading: !texts.ready || list.isLoading,
    failed: list.isError && !list.data,
    retry: () => void list.refetch(),
    noSubAccount: sub === '',
    edit: { setting: editing, open: setEditing, close: () => setEditing(null) },
    turnOff,
    turningOff: close.isPending,
  };
}

interface SettingValues {
  autoEnabled?: boolean;
  amount?: string;
  addressId?: number;
  code?: string;
  totpCode?: string;
}

/**
 * useSettingForm edits one coin's auto-withdrawal. Turning it on or changing it takes the
 * second verification of a withdrawal (the code, and the authenticator's while two-factor
 * sign-in is on); turning it off takes none. An address inside its 48 hours is shown but
 * cannot be chosen (the server refuses it too).
 */
export function useSettingForm(form: FieldForm, sub: string, setting: WithdrawSetting | null, onDone: () => void) {
  const { t } = useWithdrawTexts();
  const save = useSaveSetting();
  const book = useAddressBook(setting?.currencyType ?? '');
  const verify = useVerify('withdraw', form);
  const [error, setError] = useState('');
  const coin = setting?.currencyType ?? '';
  const initial: SettingValues = { autoEnabled: setting?.autoEnabled ?? false, amount: setting?.amount ?? '', addressId: setting?.addressId || undefined };
  const onFinish = async (v: SettingValues) => {
    setError('');
    const on = Boolean(v.autoEnabled);
    try {
      const answer = await save.mutateAsync({
        subAccount: sub,
        currencyType: coin,
        autoEnabled: on,
        amount: String(v.amount ?? '').trim(),
        addressId: Number(v.addressId ?? 0),
        ...(on ? verify.of(v.code, v.totpCode) : {}),
      });
      notify('success', answer.msg || t('settings.saved'));
      onDone();
    } catch (err) {
      setError(errorsOf(err)[0] ?? '');
    }
  };
  const decimals = setting?.decimals ?? 8;
  return {
    error,
    initial,
    pending: save.isPending,
    onFinish,
    verify,
    verifyNote: t('settings.verifyNote'),
    options: (book.data ?? []).map((a) => addressOption(a, t)),
    addressesLoading: book.isLoading,
    minNote: t('settings.minNote', { fee: `${setting?.fee ?? ''} ${setting?.unit ?? ''}` }),
    rules: {
      amount: fieldRule(t, (s) => {
        const v = s.trim();
        if (!v) return 'rules.required';
        if (!/^\d+(\.\d+)?$/.test(v)) return 'rules.wrong';
        if ((v.split('.')[1] ?? '').replace(/0+$/, '').length > Math.min(LIMITS.maxDecimals, decimals)) return 'rules.decimals';
        const n = toMinor(v, decimals);
        if (n === null || n <= 0n) return 'rules.positive';
        return null;
      }),
      address: fieldRule(t, (s) => (s ? null : 'rules.address')),
      code: fieldRule(t, checkCode),
    },
  };
}
