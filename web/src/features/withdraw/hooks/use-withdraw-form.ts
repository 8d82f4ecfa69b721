// The withdrawal dialog of the asset pages, once for both layouts: the sub-account's
// balance, fee and addresses, the SPEC.md section 5 amount rules, the second
// verification and the submit (one request id per dialog, so a retried submit is the
// same withdrawal).
import { useState } from 'react';
import { errorsOf, type FieldForm } from '@/lib/field-form';
import { DASH, formatAmount, formatDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { checkCode, fieldRule } from '@/lib/validation';
import { useApplyWithdrawal, useWithdrawInfo } from '../api/withdraw';
import { amountProblem, receivedOf } from '../model/amount';
import { LIMITS, type AddressEntry } from '../model/types';
import { useWithdrawTexts } from '../texts';
import { addressOption } from './use-address-book';
import { useVerify } from './use-verify';

interface WithdrawValues {
  addressId?: number;
  network?: string;
  amount?: string;
  remark?: string;
  code?: string;
  totpCode?: string;
}

const newRequestId = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).slice(0, 64);

/** WithdrawFigure is one line of the dialog's figures: what it is, and the amount with its unit. */
export interface WithdrawFigure {
  key: 'available' | 'frozen' | 'fee';
  label: string;
  value: string;
}

/** useWithdrawForm runs the dialog for one sub-account and coin; the layouts mount it only while the dialog is open. */
export function useWithdrawForm(form: FieldForm, sub: string, coin: string, onDone: () => void) {
  const { t, lang } = useWithdrawTexts();
  const info = useWithdrawInfo(sub, coin);
  const apply = useApplyWithdrawal();
  const verify = useVerify('withdraw', form);
  const [requestId, setRequestId] = useState(newRequestId);
  const [error, setError] = useState('');
  const [amount, setAmount] = useState('');
  const d = info.data;
  const limits = { decimals: d?.decimals ?? 8, maxDecimals: d?.maxDecimals ?? LIMITS.maxDecimals, fee: d?.fee ?? '0', max: d?.maxAmount ?? '0', min: d?.minAmount };
  // The server refuses a withdrawal for 24 hours after a contact change (docs/withdrawals.md
  // "After a contact change"); the dialog says until when, in the reader's time zone. The
  // server's word decides (0 once over), not this device's clock.
  const holdUntil = d?.holdUntil ?? 0;
  const onFinish = async (v: WithdrawValues) => {
    setError('');
    try {
      const answer = await apply.mutateAsync({
        subAccount: sub,
        currencyType: coin,
        amount: String(v.amount ?? '').trim(),
        addressId: Number(v.addressId ?? 0),
        network: String(v.network ?? ''),
        remark: String(v.remark ?? '').trim(),
        requestId,
        ...verify.of(v.code, v.totpCode),
      });
      notify('success', answer.msg || t('dialog.done'));
      form.resetFields();
      setRequestId(newRequestId());
      setAmount('');
      onDone();
    } catch (err) {
      setError(errorsOf(err)[0] ?? '');
    }
  };
  const usable = (a: AddressEntry) => a.lockedSeconds === 0;
  const firstUsable = d?.addresses.find(usable)?.id;
  const received = receivedOf(amount, limits.decimals, limits.fee);
  const unit = d?.unit ?? '';
  return {
    info: d,
    loading: info.isLoading,
    failed: info.isError && !d,
    retry: () => void info.refetch(),
    error,
    pending: apply.isPending,
    /** hold says until when withdrawals wait after a contact change ('' when they do not); the submit is off meanwhile. */
    hold: holdUntil ? t('dialog.hold', { until: holdTime(holdUntil, lang) }) : '',
    verify,
    onFinish,
    /** options: the coin's addresses, usable ones first; a locked one is shown, disabled, with its hours. */
    options: [...(d?.addresses ?? [])].sort((a, b) => Number(usable(b)) - Number(usable(a))).map((a) => addressOption(a, t)),
    /** firstUsable is the address chosen when the dialog opens. */
    firstUsable,
    /** initialValues: the first network and the first usable address. */
    initialValues: { network: d?.networks[0], addressId: firstUsable },
    /** onValuesChange follows the typed amount (for what arrives). */
    onValuesChange: (changed: WithdrawValues) => {
      if ('amount' in changed) setAmount(String(changed.amount ?? ''));
    },
    /** figures: the balance, the frozen part and the fee, each with the coin's unit. */
    figures: (d
      ? [
          { key: 'available', label: t('dialog.available'), value: formatAmount(d.available, unit) },
          { key: 'frozen', label: t('dialog.frozen'), value: formatAmount(d.frozen, unit) },
          { key: 'fee', label: t('dialog.fee'), value: formatAmount(d.fee, unit) },
        ]
      : []) as WithdrawFigure[],
    /** maxText says the most that can be withdrawn, under the amount. */
    maxText: `${t('dialog.max')}: ${formatAmount(d?.maxAmount, unit)}`,
    /** receivedText says what arrives for the typed amount ("—" while it is not valid). */
    receivedText: `${t('dialog.received')}: ${received ? formatAmount(received, unit) : DASH}`,
    noAddress: d !== undefined && d.addresses.length === 0,
    /** setAll fills in the most that can be withdrawn. */
    setAll: () => {
      form.setFieldsValue({ amount: limits.max });
      setAmount(limits.max);
    },
    onAmount: setAmount,
    /** received is what arrives for the typed amount ('' while it is not valid). */
    received,
    rules: {
      address: fieldRule(t, (s) => (s ? null : 'rules.fieldsRequired')),
      network: fieldRule(t, (s) => (s ? null : 'rules.fieldsRequired')),
      amount: fieldRule((key) => t(key, { min: `${limits.min ?? ''} ${d?.unit ?? ''}`.trim() }), (s) => amountProblem(s, limits) || null),
      remark: fieldRule(t, (s) => (s.trim().length > LIMITS.remark ? 'rules.remark' : null)),
      code: fieldRule(t, checkCode),
    },
  };
}

/** holdTime writes the end of a hold as a date and time in the reader's language and time zone. */
export function holdTime(ms: number, lang: string): string {
  return formatDateTime(ms, lang);
}
