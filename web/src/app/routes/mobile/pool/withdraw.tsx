// Phone withdrawal screens: addressManage, withdrawlSetList, the withdrawal sheet and
// history of assetsOverview. Logic lives in features/withdraw; this file lays out
// antd-mobile widgets.
import { Button, Dialog, ErrorBlock, Form, Input, NoticeBar, Radio, Selector, Skeleton, Space, Switch, Tag, type FormProps } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MobileDialog } from '@/components/mobile-dialog';
import { PageFrame } from '@/components/page-frame';
import { mobilePaths } from '@/config/paths';
import { MobileCodeButton } from '@/features/auth/components/mobile-code-button';
import { MobileSliderCaptcha } from '@/features/auth/components/mobile-slider-captcha';
import { MobilePager } from '@/features/pool/overclock/components/mobile-send-parts';
import { usePoolCodes } from '@/features/pool/hooks/use-pool-selection';
import { useAddressBookPage, useAddressForm, useDeleteAddressForm } from '@/features/withdraw/hooks/use-address-book';
import type { VerifyState } from '@/features/withdraw/hooks/use-verify';
import { useSettingForm, useSettingsPage } from '@/features/withdraw/hooks/use-withdraw-settings';
import { WithdrawDialog, type WithdrawDialogKit, type WithdrawFormState } from '@/features/withdraw/components/withdraw-dialog';
import { useWithdrawalHistory } from '@/features/withdraw/hooks/use-withdrawals';
import { LIMITS, type AddressEntry, type WithdrawInfo, type WithdrawSetting } from '@/features/withdraw/model/types';
import { useWithdrawTexts } from '@/features/withdraw/texts';
import { formatAmount } from '@/lib/format';
import { RECOVERY_INPUT_MAX, recoveryInput } from '@/lib/two-factor';
import { codeInput, LIMITS as INPUT_LIMITS } from '@/lib/validation';
import { FieldInput } from '../field-input';
import { OneOf } from '../one-of';
import { MCopy, MLoadFailed, MQrDialog } from './parts';
import type { TFunction } from 'i18next';
import '../mobile-forms.css';

/** MTotpField is the authenticator app's code, asked while two-factor sign-in is on. */
function MTotpField({ v, t }: { v: VerifyState; t: TFunction }) {
  if (!v.totp) return null;
  return (
    <Form.Item name="totpCode" label={t('verify.totp')} normalize={recoveryInput} help={t('verify.totpHint')}>
      <Input maxLength={RECOVERY_INPUT_MAX} autoComplete="one-time-code" placeholder={t('verify.totpPlaceholder')} data-testid="verify-totp" />
    </Form.Item>
  );
}

function MVerifyFields({ v, t }: { v: VerifyState; t: TFunction }) {
  if (!v.needed)
    return (
      <>
        <NoticeBar content={t('verify.none')} color="info" wrap />
        <MTotpField v={v} t={t} />
      </>
    );
  return (
    <>
      {v.methods.length > 1 ? (
        <Form.Item label={t('verify.method')}>
          <Radio.Group value={v.method ?? undefined} onChange={(m) => v.setMethod(m as 'phone' | 'email')}>
            <Space>
              {v.methods.map((m) => (
                <Radio key={m} value={m}>
                  {t(`verify.${m}`)}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
      ) : null}
      <Form.Item name="code" label={t('verify.code')} normalize={codeInput} help={t('verify.sentTo', { target: v.target })}>
        <FieldInput after={<MobileCodeButton code={v.codeButton} />} maxLength={INPUT_LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('verify.codePlaceholder')} data-testid="verify-code" />
      </Form.Item>
      <MTotpField v={v} t={t} />
      <MobileSliderCaptcha captcha={v.captcha} />
    </>
  );
}

function MFormError({ error }: { error: string }) {
  return error ? <NoticeBar content={error} color="error" wrap data-testid="form-error" /> : null;
}

interface MActionsProps {
  onCancel: () => void;
  submit: string;
  pending: boolean;
  t: TFunction;
  danger?: boolean;
  disabled?: boolean;
}

function MActions({ onCancel, submit, pending, t, danger = false, disabled = false }: MActionsProps) {
  return (
    <div className="up-mform__actions up-msheet-actions">
      <Button block size="large" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button block size="large" type="submit" color={danger ? 'danger' : 'primary'} loading={pending} disabled={disabled} data-testid="dialog-submit">
        {submit}
      </Button>
    </div>
  );
}

/** MSheetForm is a withdraw sheet's form: labels above the fields, its error under them, cancel and submit as its footer. */
function MSheetForm({ actions, error, children, ...rest }: Omit<FormProps, 'layout' | 'footer' | 'children'> & { actions: MActionsProps; error: string; children: ReactNode }) {
  return (
    <Form {...rest} layout="vertical" footer={<MActions {...actions} />}>
      {children}
      <MFormError error={error} />
    </Form>
  );
}

/** MobileAddressManage: the address book as cards, with a QR code per address. */
export function MobileAddressManage() {
  const { selection } = usePoolCodes();
  const p = useAddressBookPage();
  const { t } = p.texts;
  const [qr, setQr] = useState('');
  const coins = selection.coins.map((c) => ({ value: c.type, label: c.type }));
  return (
    <PageFrame titleKey="pages.orePoolAddressManage">
      <p className="up-mpool-hint">{t('book.intro')}</p>
      <div className="up-mpool-actions" style={{ marginTop: 0 }}>
        <Button color="primary" size="small" onClick={p.form.add} data-testid="address-add">
          {t('book.add')}
        </Button>
        <Link to={mobilePaths.account.withdrawlSetList}>{t('book.toSettings')}</Link>
      </div>
      <Selector value={[p.coin]} onChange={(x) => p.setCoin(x[0] ?? '')} options={[{ value: '', label: t('common.all') }, ...coins]} data-testid="address-coin" />
      {p.failed ? (
        <MLoadFailed tp={t} retry={p.retry} />
      ) : p.loading ? (
        <Skeleton.Paragraph lineCount={6} animated />
      ) : p.empty ? (
        <ErrorBlock status="empty" title={t('book.emptyTitle')} description={t('book.emptyBody')} fullPage={false} />
      ) : (
        p.rows.map((a) => (
          <article key={a.id} className="up-mpool-device" data-testid="address-card">
            <div className="up-mpool-device__head">
              <strong>{`${a.currencyType} · ${a.network}`}</strong>
              {a.lockedSeconds > 0 ? (
                <Tag color="warning" data-testid="address-status">
                  {t('book.locked', { hours: p.lockLeft(a) })}
                </Tag>
              ) : (
                <Tag color="success" data-testid="address-status">
                  {t('book.usable')}
                </Tag>
              )}
            </div>
            {a.description ? <p className="up-mpool-hint">{a.description}</p> : null}
            <MCopy text={a.address} tp={t} testId="address-text" />
            <div className="up-mpool-actions">
              <Button size="mini" onClick={() => setQr(a.address)}>
                {t('common.qr')}
              </Button>
              <Button size="mini" onClick={() => p.form.edit(a)} data-testid="address-edit">
                {t('book.edit')}
              </Button>
              <Button size="mini" color="danger" fill="outline" onClick={() => p.remove.ask(a)} data-testid="address-delete">
                {t('book.delete')}
              </Button>
            </div>
          </article>
        ))
      )}
      <MQrDialog text={qr} title={t('common.qr')} onClose={() => setQr('')} testId="address-qr-dialog" codeTestId="address-qr" />
      <MobileDialog open={p.form.open} onClose={p.form.close} title={p.form.title} testId="address-dialog">
        {p.form.open ? <MAddressForm editing={p.form.editing} coins={coins} defaultCoin={p.coin || selection.coin?.type || ''} onDone={p.form.close} /> : null}
      </MobileDialog>
      <MobileDialog open={p.remove.entry !== null} onClose={p.remove.close} title={t('book.deleteTitle')} testId="address-delete-dialog">
        {p.remove.entry ? <MDeleteForm entry={p.remove.entry} onDone={p.remove.close} /> : null}
      </MobileDialog>
    </PageFrame>
  );
}

function MAddressForm({ editing, coins, defaultCoin, onDone }: { editing: AddressEntry | null; coins: { value: string; label: string }[]; defaultCoin: string; onDone: () => void }) {
  const { t } = useWithdrawTexts();
  const [form] = Form.useForm();
  const f = useAddressForm(form, editing, defaultCoin, onDone);
  const coin = (Form.useWatch('currencyType', form) as string | undefined) ?? f.initial.currencyType ?? '';
  return (
    <MSheetForm
      form={form}
      initialValues={f.initial}
      onFinish={f.onFinish}
      onValuesChange={(ch) => 'currencyType' in ch && form.setFieldsValue({ network: ch.currencyType })}
      actions={{ onCancel: onDone, submit: t('common.save'), pending: f.pending, t }}
      error={f.error}
    >
      <NoticeBar content={f.lockNote} color="alert" wrap />
      <Form.Item name="currencyType" label={t('book.coin')} rules={[f.rules.coin]} disabled={editing !== null}>
        <OneOf options={coins.map((c) => ({ ...c, disabled: editing !== null && c.value !== coin }))} testId="address-form-coin" />
      </Form.Item>
      <Form.Item name="network" label={t('book.network')} rules={[f.rules.network]}>
        <OneOf options={f.networks(coin).map((n) => ({ value: n, label: n }))} />
      </Form.Item>
      <Form.Item name="address" label={t('book.address')} rules={[f.rules.address]}>
        <Input maxLength={LIMITS.address} placeholder={t('book.addressPlaceholder')} autoComplete="off" data-testid="address-form-address" />
      </Form.Item>
      <Form.Item name="description" label={t('book.description')} rules={[f.rules.description]}>
        <Input maxLength={LIMITS.description} placeholder={t('book.descriptionPlaceholder')} />
      </Form.Item>
      <MVerifyFields v={f.verify} t={t} />
    </MSheetForm>
  );
}

function MDeleteForm({ entry, onDone }: { entry: AddressEntry; onDone: () => void }) {
  const { t } = useWithdrawTexts();
  const [form] = Form.useForm();
  const f = useDeleteAddressForm(form, entry, onDone);
  return (
    <MSheetForm form={form} onFinish={f.onFinish} actions={{ onCancel: onDone, submit: t('book.delete'), pending: f.pending, t, danger: true }} error={f.error}>
      <p className="up-mpool-hint">{t('book.deleteBody', { address: entry.address })}</p>
      <MVerifyFields v={f.verify} t={t} />
    </MSheetForm>
  );
}

/** MobileWithdrawSettings: the chosen sub-account's auto-withdrawal per coin, as cards. */
export function MobileWithdrawSettings() {
  const { subAccount } = usePoolCodes();
  const p = useSettingsPage(subAccount);
  const { t } = p.texts;
  return (
    <PageFrame titleKey="pages.orePoolWithdrawlSetList">
      <NoticeBar content={p.lockedNote || p.windowNote} color={p.lockedNote ? 'alert' : 'info'} wrap data-testid={p.lockedNote ? 'settings-locked' : undefined} />
      <div className="up-mpool-actions">
        <Link to={mobilePaths.account.addressManage}>{t('settings.toBook')}</Link>
      </div>
      {p.noSubAccount ? (
        <ErrorBlock status="empty" title={t('settings.pickSubAccount')} description="" fullPage={false} />
      ) : p.failed ? (
        <MLoadFailed tp={t} retry={p.retry} />
      ) : p.loading ? (
        <Skeleton.Paragraph lineCount={6} animated />
      ) : p.rows.length === 0 ? (
        <ErrorBlock status="empty" title={t('settings.emptyTitle')} description={t('settings.emptyBody')} fullPage={false} />
      ) : (
        p.rows.map((s) => (
          <article key={s.currencyType} className="up-mpool-device" data-testid="setting-card">
            <div className="up-mpool-device__head">
              <strong>{s.currencyType}</strong>
              <Tag color={s.autoEnabled ? 'success' : 'default'} data-testid={`setting-auto-${s.currencyType}`}>
                {t(s.autoEnabled ? 'settings.on' : 'settings.off')}
              </Tag>
            </div>
            <div className="up-mpool-row">
              <span>{t('settings.amount')}</span>
              <span>{formatAmount(s.amount, s.unit)}</span>
            </div>
            <div className="up-mpool-row">
              <span>{t('settings.fee')}</span>
              <span>{formatAmount(s.fee, s.unit)}</span>
            </div>
            {s.address ? (
              <>
                <p className="up-mpool-hint">{t('settings.address')}</p>
                <MCopy text={s.address} tp={t} testId={`setting-address-${s.currencyType}`} />
              </>
            ) : null}
            <div className="up-mpool-actions">
              <Button size="mini" disabled={p.window.locked} onClick={() => p.edit.open(s)} data-testid={`setting-edit-${s.currencyType}`}>
                {t('settings.edit')}
              </Button>
              {s.autoEnabled ? (
                <Button
                  size="mini"
                  disabled={p.window.locked}
                  onClick={async () => {
                    if (await Dialog.confirm({ content: t('settings.turnOffConfirm', { coin: s.currencyType }), confirmText: t('settings.turnOff'), cancelText: t('common.cancel') })) void p.turnOff(s);
                  }}
                >
                  {t('settings.turnOff')}
                </Button>
              ) : null}
            </div>
          </article>
        ))
      )}
      <MobileDialog open={p.edit.setting !== null} onClose={p.edit.close} title={`${t('settings.title')} · ${p.edit.setting?.currencyType ?? ''}`} testId="setting-dialog">
        {p.edit.setting ? <MSettingForm sub={subAccount} setting={p.edit.setting} onDone={p.edit.close} /> : null}
      </MobileDialog>
    </PageFrame>
  );
}

function MSettingForm({ sub, setting, onDone }: { sub: string; setting: WithdrawSetting; onDone: () => void }) {
  const { t } = useWithdrawTexts();
  const [form] = Form.useForm();
  const f = useSettingForm(form, sub, setting, onDone);
  const on = (Form.useWatch('autoEnabled', form) as boolean | undefined) ?? f.initial.autoEnabled;
  return (
    <MSheetForm form={form} initialValues={f.initial} onFinish={f.onFinish} actions={{ onCancel: onDone, submit: t('common.save'), pending: f.pending, t }} error={f.error}>
      <Form.Item name="autoEnabled" label={t('settings.auto')} valuePropName="checked">
        <Switch data-testid="setting-switch" />
      </Form.Item>
      {on ? (
        <>
          <Form.Item name="amount" label={t('settings.amount')} rules={[f.rules.amount]} help={`${t('settings.amountHint')} ${f.minNote}`}>
            <Input inputMode="decimal" data-testid="setting-amount" />
          </Form.Item>
          <Form.Item name="addressId" label={t('settings.address')} rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('rules.address')))) }]}>
            {f.options.length === 0 && !f.addressesLoading ? (
              <Link to={mobilePaths.account.addressManage}>{t('settings.noAddress')}</Link>
            ) : (
              <OneOf columns={1} options={f.options} testId="setting-address" />
            )}
          </Form.Item>
          <NoticeBar content={f.verifyNote} color="info" wrap />
          <MVerifyFields v={f.verify} t={t} />
        </>
      ) : null}
    </MSheetForm>
  );
}

type FormInstance = ReturnType<typeof Form.useForm>[0];

/** mobileWithdrawKit: the withdrawal dialog's antd-mobile widgets, in a bottom sheet. */
const mobileWithdrawKit: WithdrawDialogKit<FormInstance> = {
  Frame: ({ open, title, onClose, children }) => (
    <MobileDialog open={open} onClose={onClose} title={title} testId="withdraw-dialog">
      {children}
    </MobileDialog>
  ),
  useForm: () => Form.useForm()[0],
  Loading: () => <Skeleton.Paragraph lineCount={8} animated />,
  Failed: MWithdrawFailed,
  Body: MWithdrawForm,
};

function MWithdrawFailed({ retry }: { retry: () => void }) {
  return <MLoadFailed tp={useWithdrawTexts().t} retry={retry} />;
}

/** MobileWithdrawSheet: withdraw one coin of one sub-account, in a bottom sheet. */
export function MobileWithdrawSheet(props: { sub: string; coin: string; open: boolean; onClose: () => void; onDone: () => void }) {
  return <WithdrawDialog kit={mobileWithdrawKit} {...props} />;
}

function MWithdrawForm({ form, f, info: d, onClose }: { form: FormInstance; f: WithdrawFormState; info: WithdrawInfo; onClose: () => void }) {
  const { t } = useWithdrawTexts();
  return (
    <MSheetForm
      form={form}
      initialValues={f.initialValues}
      onFinish={f.onFinish}
      onValuesChange={f.onValuesChange}
      actions={{ onCancel: onClose, submit: t('dialog.submit'), pending: f.pending, t, disabled: f.hold !== '' }}
      error={f.error}
    >
      {f.hold ? <NoticeBar content={f.hold} color="alert" wrap data-testid="withdraw-hold" /> : null}
      {f.figures.map((x) => {
        const Figure = x.key === 'available' ? 'strong' : 'span';
        return (
          <div key={x.key} className="up-mpool-row">
            <span>{x.label}</span>
            <Figure data-testid={`withdraw-${x.key}`}>{x.value}</Figure>
          </div>
        );
      })}
      {f.noAddress ? (
        <NoticeBar content={t('dialog.noAddress')} color="info" wrap extra={<Link to={mobilePaths.account.addressManage}>{t('dialog.toBook')}</Link>} />
      ) : null}
      <Form.Item name="addressId" label={t('dialog.address')} rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('rules.fieldsRequired')))) }]}>
        <OneOf columns={1} testId="withdraw-address" options={f.options} />
      </Form.Item>
      <Form.Item name="network" label={t('dialog.network')} rules={[f.rules.network]}>
        <OneOf options={d.networks.map((n) => ({ value: n, label: n }))} />
      </Form.Item>
      <Form.Item name="amount" label={t('dialog.amount')} rules={[f.rules.amount]} help={f.maxText}>
        <FieldInput
          inputMode="decimal"
          data-testid="withdraw-amount"
          after={
            <Button size="small" fill="none" color="primary" onClick={f.setAll} data-testid="withdraw-all">
              {t('dialog.all')}
            </Button>
          }
        />
      </Form.Item>
      <p className="up-mpool-hint" data-testid="withdraw-received">
        {f.receivedText}
      </p>
      <Form.Item name="remark" label={t('dialog.remark')} rules={[f.rules.remark]}>
        <Input maxLength={LIMITS.remark} placeholder={t('dialog.remarkPlaceholder')} />
      </Form.Item>
      <MVerifyFields v={f.verify} t={t} />
    </MSheetForm>
  );
}

/** MobileWithdrawals: the withdrawal history as cards (ready false: the sub-account is not known yet). */
export function MobileWithdrawals({ sub, ready, onSettled }: { sub: string; ready?: boolean; onSettled?: () => void }) {
  const h = useWithdrawalHistory(sub, '', onSettled, ready);
  const { t } = h.texts;
  const color = { processing: 'primary', success: 'success', failure: 'danger' } as const;
  return (
    <section data-testid="withdrawals">
      <h2 className="up-mpool-title">{t('history.title')}</h2>
      {h.failed ? (
        <MLoadFailed tp={t} retry={h.retry} />
      ) : h.loading ? (
        <Skeleton.Paragraph lineCount={6} animated />
      ) : h.rows.length === 0 ? (
        <ErrorBlock status="empty" title={t('history.emptyTitle')} description={t('history.emptyBody')} fullPage={false} />
      ) : (
        <>
          {h.rows.map((w) => (
            <article key={w.id} className="up-mpool-device" data-testid="withdrawal-card">
              <div className="up-mpool-device__head">
                <strong>{h.amount(w, 'amount')}</strong>
                <Tag color={color[w.status]} data-testid="withdrawal-status">
                  {t(`history.statuses.${w.status}`)}
                </Tag>
              </div>
              {h.progress(w) ? <p className="up-mpool-hint">{h.progress(w)}</p> : null}
              <div className="up-mpool-row">
                <span>{t('history.time')}</span>
                <span>{h.time(w.createdAt)}</span>
              </div>
              <div className="up-mpool-row">
                <span>{t('history.fee')}</span>
                <span>{h.amount(w, 'fee')}</span>
              </div>
              <div className="up-mpool-row">
                <span>{t('history.received')}</span>
                <strong>{h.amount(w, 'received')}</strong>
              </div>
              <div className="up-mpool-row">
                <span>{t('history.network')}</span>
                <span>{`${w.network} · ${t(`history.kinds.${w.kind}`)}`}</span>
              </div>
              {w.remark ? (
                <div className="up-mpool-row">
                  <span>{t('history.remark')}</span>
                  <span>{w.remark}</span>
                </div>
              ) : null}
              <p className="up-mpool-hint">{t('history.address')}</p>
              <MCopy text={w.address} tp={t} />
              {w.txHash ? (
                <>
                  <p className="up-mpool-hint">{t('history.txHash')}</p>
                  <MCopy text={w.txHash} tp={t} testId="withdrawal-tx" />
                </>
              ) : null}
              <p className="up-mpool-hint">{t('history.orderNo')}</p>
              <MCopy text={w.orderNo} tp={t} testId="withdrawal-order" />
            </article>
          ))}
          {h.total > h.size ? <MobilePager page={h.page} pageSize={h.size} total={h.total} onPage={(p) => h.setPage(p)} onSize={(s) => h.setPage(1, s)} /> : null}
        </>
      )}
    </section>
  );
}
