// Desktop withdrawal screens: orePoolAddressManage, orePoolWithdrawlSetList, the
// withdrawal dialog and history of the asset pages. Logic lives in features/withdraw;
// this file lays out antd widgets.
import { QrcodeOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Input, Modal, Popconfirm, Popover, Radio, Select, Skeleton, Switch, Table, Tag } from 'antd';
import type { FormInstance } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { Link } from 'react-router-dom';
import { CopyText } from '@/components/copy-text/copy-text';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { DesktopCodeButton } from '@/features/auth/components/desktop-code-button';
import { DesktopSliderCaptcha } from '@/features/auth/components/desktop-slider-captcha';
import { usePoolCodes } from '@/features/pool/hooks/use-pool-selection';
import { useAddressBookPage, useAddressForm, useDeleteAddressForm, type AddressOption } from '@/features/withdraw/hooks/use-address-book';
import type { VerifyState } from '@/features/withdraw/hooks/use-verify';
import { useSettingForm, useSettingsPage } from '@/features/withdraw/hooks/use-withdraw-settings';
import { WithdrawDialog, type WithdrawDialogKit, type WithdrawFormState } from '@/features/withdraw/components/withdraw-dialog';
import { useWithdrawalHistory } from '@/features/withdraw/hooks/use-withdrawals';
import { LIMITS, PAGE_SIZES, type AddressEntry, type WithdrawInfo, type WithdrawSetting } from '@/features/withdraw/model/types';
import { useWithdrawTexts } from '@/features/withdraw/texts';
import { DASH, formatAmount } from '@/lib/format';
import { RECOVERY_INPUT_MAX, recoveryInput } from '@/lib/two-factor';
import { useFormat } from '@/lib/use-format';
import { codeInput, LIMITS as INPUT_LIMITS } from '@/lib/validation';
import { Copyable, LoadFailed, Loaded } from './parts';
import type { TFunction } from 'i18next';
import '../desktop-forms.css';
import './withdraw.css';

/** AddressQR shows an address's QR code in a popover. */
function AddressQR({ address, t }: { address: string; t: TFunction }) {
  return (
    <Popover content={<QRCodeSVG value={address} size={160} data-testid="address-qr" />} trigger="click">
      <Button type="link" size="small" icon={<QrcodeOutlined />} aria-label={t('common.qr')} />
    </Popover>
  );
}

/** TotpField is the authenticator app's code, asked while two-factor sign-in is on. */
function TotpField({ v, t }: { v: VerifyState; t: TFunction }) {
  if (!v.totp) return null;
  return (
    <Form.Item name="totpCode" label={t('verify.totp')} required extra={t('verify.totpHint')} normalize={recoveryInput}>
      <Input maxLength={RECOVERY_INPUT_MAX} autoComplete="one-time-code" spellCheck={false} placeholder={t('verify.totpPlaceholder')} data-testid="verify-totp" />
    </Form.Item>
  );
}

/** VerifyFields: the method, the code with its button, the slider, and the authenticator code. */
function VerifyFields({ v, t }: { v: VerifyState; t: TFunction }) {
  if (!v.needed)
    return (
      <>
        <Alert type="info" showIcon message={t('verify.none')} className="up-dialog-alert" />
        <TotpField v={v} t={t} />
      </>
    );
  return (
    <>
      {v.methods.length > 1 ? (
        <Form.Item label={t('verify.method')}>
          <Radio.Group value={v.method} onChange={(e) => v.setMethod(e.target.value)} data-testid="verify-method">
            {v.methods.map((m) => (
              <Radio.Button key={m} value={m}>
                {t(`verify.${m}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
      ) : null}
      <Form.Item label={t('verify.code')} required extra={t('verify.sentTo', { target: v.target })}>
        <div className="up-code-row">
          <Form.Item name="code" noStyle normalize={codeInput}>
            <Input maxLength={INPUT_LIMITS.codeLength} inputMode="numeric" autoComplete="one-time-code" placeholder={t('verify.codePlaceholder')} data-testid="verify-code" />
          </Form.Item>
          <DesktopCodeButton code={v.codeButton} />
        </div>
      </Form.Item>
      <TotpField v={v} t={t} />
      <DesktopSliderCaptcha captcha={v.captcha} />
    </>
  );
}

function FormError({ error }: { error: string }) {
  return error ? <Alert type="error" showIcon message={error} className="up-dialog-alert" data-testid="form-error" /> : null;
}

function Actions({ onCancel, submit, pending, t, disabled = false }: { onCancel: () => void; submit: string; pending: boolean; t: TFunction; disabled?: boolean }) {
  return (
    <div className="up-dialog-actions" style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <Button type="primary" htmlType="submit" loading={pending} disabled={disabled} data-testid="dialog-submit">
        {submit}
      </Button>
    </div>
  );
}

/** DesktopAddressManage: the address book with add, edit and delete. */
export function DesktopAddressManage() {
  const { selection } = usePoolCodes();
  const p = useAddressBookPage();
  const { t } = p.texts;
  const f = useFormat();
  const coins = selection.coins.map((c) => ({ value: c.type, label: c.type }));
  return (
    <PageFrame
      titleKey="pages.orePoolAddressManage"
      actions={
        <span style={{ display: 'inline-flex', gap: 8 }}>
          <Link to={paths.account.orePoolWithdrawlSetList}>{t('book.toSettings')}</Link>
          <Button type="primary" onClick={p.form.add} data-testid="address-add">
            {t('book.add')}
          </Button>
        </span>
      }
    >
      <p className="up-pool-hint">{t('book.intro')}</p>
      <div className="up-pool-filters">
        <Select value={p.coin} onChange={p.setCoin} style={{ width: 160 }} options={[{ value: '', label: t('common.all') }, ...coins]} data-testid="address-coin" />
      </div>
      <Loaded state={p} tp={t} rows={4}>
        <Table<AddressEntry>
          rowKey="id"
          dataSource={p.rows}
          pagination={false}
          // As wide as the addresses want; wider than the page, it scrolls by itself with
          // the coin and the actions fixed.
          scroll={{ x: 'max-content' }}
          data-testid="address-table"
          locale={{ emptyText: <Empty description={`${t('book.emptyTitle')}. ${t('book.emptyBody')}`} /> }}
          columns={[
            { key: 'coin', title: t('book.coin'), fixed: 'left', render: (_, a) => <strong>{a.currencyType}</strong> },
            {
              key: 'address',
              title: t('book.address'),
              render: (_, a) => (
                <span className="up-earn-mono">
                  <Copyable text={a.address} tp={t} testId="address-text" />
                  <AddressQR address={a.address} t={t} />
                </span>
              ),
            },
            { key: 'network', title: t('book.network'), dataIndex: 'network' },
            { key: 'description', title: t('book.description'), dataIndex: 'description' },
            {
              key: 'status',
              title: t('book.status'),
              className: 'up-pool-nowrap',
              render: (_, a) =>
                a.lockedSeconds > 0 ? (
                  <Tag color="orange" data-testid="address-status">
                    {t('book.locked', { hours: p.lockLeft(a) })}
                  </Tag>
                ) : (
                  <Tag color="green" data-testid="address-status">
                    {t('book.usable')}
                  </Tag>
                ),
            },
            { key: 'created', title: t('book.created'), className: 'up-pool-nowrap', render: (_, a) => f.dateTime(a.createdAt, true) },
            {
              key: 'actions',
              title: t('book.actions'),
              fixed: 'right',
              render: (_, a) => (
                <span style={{ display: 'inline-flex', gap: 4 }}>
                  <Button size="small" onClick={() => p.form.edit(a)} data-testid="address-edit">
                    {t('book.edit')}
                  </Button>
                  <Button size="small" danger onClick={() => p.remove.ask(a)} data-testid="address-delete">
                    {t('book.delete')}
                  </Button>
                </span>
              ),
            },
          ]}
        />
      </Loaded>
      <Modal open={p.form.open} title={p.form.title} onCancel={p.form.close} footer={null} destroyOnHidden width={560}>
        <AddressForm editing={p.form.editing} coins={coins} defaultCoin={p.coin || selection.coin?.type || ''} onDone={p.form.close} />
      </Modal>
      <Modal open={p.remove.entry !== null} title={t('book.deleteTitle')} onCancel={p.remove.close} footer={null} destroyOnHidden width={520}>
        <DeleteForm entry={p.remove.entry} onDone={p.remove.close} />
      </Modal>
    </PageFrame>
  );
}

function AddressForm({ editing, coins, defaultCoin, onDone }: { editing: AddressEntry | null; coins: { value: string; label: string }[]; defaultCoin: string; onDone: () => void }) {
  const { t } = useWithdrawTexts();
  const [form] = Form.useForm();
  const f = useAddressForm(form, editing, defaultCoin, onDone);
  const coin = Form.useWatch('currencyType', form) ?? f.initial.currencyType ?? '';
  return (
    <Form form={form} layout="vertical" name="address" initialValues={f.initial} onFinish={f.onFinish} requiredMark={false}>
      <Alert type="warning" showIcon message={f.lockNote} className="up-dialog-alert" />
      <Form.Item name="currencyType" label={t('book.coin')} rules={[f.rules.coin]}>
        <Select options={coins} disabled={editing !== null} onChange={(c) => form.setFieldsValue({ network: c })} data-testid="address-form-coin" />
      </Form.Item>
      <Form.Item name="network" label={t('book.network')} rules={[f.rules.network]}>
        <Select options={f.networks(coin).map((n) => ({ value: n, label: n }))} data-testid="address-form-network" />
      </Form.Item>
      <Form.Item name="address" label={t('book.address')} rules={[f.rules.address]}>
        <Input maxLength={LIMITS.address} placeholder={t('book.addressPlaceholder')} autoComplete="off" spellCheck={false} data-testid="address-form-address" />
      </Form.Item>
      <Form.Item name="description" label={t('book.description')} rules={[f.rules.description]}>
        <Input maxLength={LIMITS.description} placeholder={t('book.descriptionPlaceholder')} data-testid="address-form-description" />
      </Form.Item>
      <VerifyFields v={f.verify} t={t} />
      <FormError error={f.error} />
      <Actions onCancel={onDone} submit={t('common.save')} pending={f.pending} t={t} />
    </Form>
  );
}

function DeleteForm({ entry, onDone }: { entry: AddressEntry | null; onDone: () => void }) {
  const { t } = useWithdrawTexts();
  const [form] = Form.useForm();
  const f = useDeleteAddressForm(form, entry, onDone);
  return (
    <Form form={form} layout="vertical" name="address-delete" onFinish={f.onFinish} requiredMark={false}>
      <p>{t('book.deleteBody', { address: entry?.address ?? '' })}</p>
      <VerifyFields v={f.verify} t={t} />
      <FormError error={f.error} />
      <Actions onCancel={onDone} submit={t('book.delete')} pending={f.pending} t={t} />
    </Form>
  );
}

/** DesktopWithdrawSettings: the chosen sub-account's auto-withdrawal per coin. */
export function DesktopWithdrawSettings() {
  const { subAccount } = usePoolCodes();
  const p = useSettingsPage(subAccount);
  const { t } = p.texts;
  return (
    <PageFrame titleKey="pages.orePoolWithdrawlSetList" actions={<Link to={paths.account.orePoolAddressManage}>{t('settings.toBook')}</Link>}>
      {p.lockedNote ? <Alert type="warning" showIcon message={p.lockedNote} data-testid="settings-locked" style={{ marginBottom: 16 }} /> : <p className="up-pool-hint">{p.windowNote}</p>}
      {p.noSubAccount ? (
        <Empty description={t('settings.pickSubAccount')} />
      ) : (
        <Loaded state={p} tp={t} rows={4}>
          <Table<WithdrawSetting>
            rowKey="currencyType"
            dataSource={p.rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="settings-table"
            locale={{ emptyText: <Empty description={`${t('settings.emptyTitle')}. ${t('settings.emptyBody')}`} /> }}
            columns={[
              { key: 'coin', title: t('settings.coin'), fixed: 'left', render: (_, s) => <strong>{s.currencyType}</strong> },
              {
                key: 'auto',
                title: t('settings.auto'),
                render: (_, s) => (
                  <Tag color={s.autoEnabled ? 'green' : 'default'} data-testid={`setting-auto-${s.currencyType}`}>
                    {t(s.autoEnabled ? 'settings.on' : 'settings.off')}
                  </Tag>
                ),
              },
              { key: 'amount', title: t('settings.amount'), align: 'right', className: 'up-pool-nowrap', render: (_, s) => formatAmount(s.amount, s.unit) },
              { key: 'address', title: t('settings.address'), render: (_, s) => (s.address ? <CopyText text={s.address} keep={10} testId={`setting-address-${s.currencyType}`} /> : '—') },
              { key: 'fee', title: t('settings.fee'), align: 'right', className: 'up-pool-nowrap', render: (_, s) => formatAmount(s.fee, s.unit) },
              {
                key: 'actions',
                title: '',
                fixed: 'right',
                render: (_, s) => (
                  <span style={{ display: 'inline-flex', gap: 4 }}>
                    <Button size="small" disabled={p.window.locked} onClick={() => p.edit.open(s)} data-testid={`setting-edit-${s.currencyType}`}>
                      {t('settings.edit')}
                    </Button>
                    {s.autoEnabled ? (
                      <Popconfirm title={t('settings.turnOffConfirm', { coin: s.currencyType })} onConfirm={() => void p.turnOff(s)} disabled={p.window.locked}>
                        <Button size="small" disabled={p.window.locked} loading={p.turningOff}>
                          {t('settings.turnOff')}
                        </Button>
                      </Popconfirm>
                    ) : null}
                  </span>
                ),
              },
            ]}
          />
        </Loaded>
      )}
      <Modal open={p.edit.setting !== null} title={`${t('settings.title')} · ${p.edit.setting?.currencyType ?? ''}`} onCancel={p.edit.close} footer={null} destroyOnHidden width={520}>
        <SettingForm sub={subAccount} setting={p.edit.setting} onDone={p.edit.close} />
      </Modal>
    </PageFrame>
  );
}

function SettingForm({ sub, setting, onDone }: { sub: string; setting: WithdrawSetting | null; onDone: () => void }) {
  const { t } = useWithdrawTexts();
  const [form] = Form.useForm();
  const f = useSettingForm(form, sub, setting, onDone);
  const on = Form.useWatch('autoEnabled', form) ?? f.initial.autoEnabled;
  return (
    <Form form={form} layout="vertical" name="setting" initialValues={f.initial} onFinish={f.onFinish} requiredMark={false}>
      <Form.Item name="autoEnabled" label={t('settings.auto')} valuePropName="checked">
        <Switch data-testid="setting-switch" />
      </Form.Item>
      {on ? (
        <>
          <Form.Item name="amount" label={t('settings.amount')} rules={[f.rules.amount]} extra={`${t('settings.amountHint')} ${f.minNote}`}>
            <Input inputMode="decimal" suffix={setting?.unit} data-testid="setting-amount" />
          </Form.Item>
          <Form.Item name="addressId" label={t('settings.address')} rules={[f.rules.address]} extra={f.options.length === 0 && !f.addressesLoading ? <Link to={paths.account.orePoolAddressManage}>{t('settings.noAddress')}</Link> : null}>
            <Select loading={f.addressesLoading} options={f.options.map(desktopOption)} data-testid="setting-address" />
          </Form.Item>
          <Alert type="info" showIcon message={f.verifyNote} className="up-dialog-alert" />
          <VerifyFields v={f.verify} t={t} />
        </>
      ) : null}
      <FormError error={f.error} />
      <Actions onCancel={onDone} submit={t('common.save')} pending={f.pending} t={t} />
    </Form>
  );
}

/** desktopOption shows an address choice on one line: its name, then the address. */
const desktopOption = (o: AddressOption) => ({ value: o.value, disabled: o.disabled, label: o.description ? `${o.label} · ${o.description}` : o.label });

/** desktopWithdrawKit: the withdrawal dialog's antd widgets. */
const desktopWithdrawKit: WithdrawDialogKit<FormInstance> = {
  Frame: ({ open, title, onClose, children }) => (
    <Modal open={open} title={title} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      {children}
    </Modal>
  ),
  useForm: () => Form.useForm()[0],
  Loading: () => <Skeleton active paragraph={{ rows: 6 }} />,
  Failed: WithdrawFailed,
  Body: WithdrawForm,
};

function WithdrawFailed({ retry }: { retry: () => void }) {
  return <LoadFailed tp={useWithdrawTexts().t} retry={retry} />;
}

/** DesktopWithdrawDialog: withdraw one coin of one sub-account. */
export function DesktopWithdrawDialog(props: { sub: string; coin: string; open: boolean; onClose: () => void; onDone: () => void }) {
  return <WithdrawDialog kit={desktopWithdrawKit} {...props} />;
}

function WithdrawForm({ form, f, info: d, onClose }: { form: FormInstance; f: WithdrawFormState; info: WithdrawInfo; onClose: () => void }) {
  const { t } = useWithdrawTexts();
  return (
    <Form
      form={form}
      layout="vertical"
      name="withdraw"
      initialValues={f.initialValues}
      onFinish={f.onFinish}
      onValuesChange={f.onValuesChange}
      requiredMark={false}
    >
      {f.hold ? <Alert type="warning" showIcon message={f.hold} className="up-dialog-alert" data-testid="withdraw-hold" /> : null}
      <dl className="up-withdraw-figures" data-testid="withdraw-figures">
        {f.figures.map((x) => (
          <div key={x.key}>
            <dt>{x.label}</dt>
            <dd data-testid={`withdraw-${x.key}`}>{x.value}</dd>
          </div>
        ))}
      </dl>
      {f.noAddress ? (
        <Alert type="info" showIcon message={t('dialog.noAddress')} action={<Link to={paths.account.orePoolAddressManage}>{t('dialog.toBook')}</Link>} className="up-dialog-alert" />
      ) : null}
      <Form.Item name="addressId" label={t('dialog.address')} rules={[f.rules.address]}>
        <Select
          placeholder={t('dialog.addressPlaceholder')}
          data-testid="withdraw-address"
          options={f.options.map(desktopOption)}
        />
      </Form.Item>
      <Form.Item name="network" label={t('dialog.network')} rules={[f.rules.network]}>
        <Select options={d.networks.map((n) => ({ value: n, label: n }))} data-testid="withdraw-network" />
      </Form.Item>
      <Form.Item label={t('dialog.amount')} required extra={f.maxText}>
        <div className="up-code-row">
          <Form.Item name="amount" noStyle rules={[f.rules.amount]}>
            <Input inputMode="decimal" suffix={d.unit} data-testid="withdraw-amount" />
          </Form.Item>
          <Button onClick={f.setAll} data-testid="withdraw-all">
            {t('dialog.all')}
          </Button>
        </div>
      </Form.Item>
      <p className="up-pool-hint" data-testid="withdraw-received">
        {f.receivedText}
      </p>
      <Form.Item name="remark" label={t('dialog.remark')} rules={[f.rules.remark]}>
        <Input maxLength={LIMITS.remark} placeholder={t('dialog.remarkPlaceholder')} />
      </Form.Item>
      <VerifyFields v={f.verify} t={t} />
      <FormError error={f.error} />
      <Actions onCancel={onClose} submit={t('dialog.submit')} pending={f.pending} t={t} disabled={f.hold !== ''} />
    </Form>
  );
}

/** DesktopWithdrawals: the withdrawal history of the chosen sub-account (all when none; ready false: not known yet). */
export function DesktopWithdrawals({ sub, ready, onSettled }: { sub: string; ready?: boolean; onSettled?: () => void }) {
  const h = useWithdrawalHistory(sub, '', onSettled, ready);
  const { t } = h.texts;
  const color = { processing: 'processing', success: 'success', failure: 'error' } as const;
  return (
    <section className="up-pool-panel" data-testid="withdrawals">
      <h2>{t('history.title')}</h2>
      <Loaded state={h} tp={t} rows={4}>
        <Table
          rowKey="id"
          dataSource={h.rows}
          // The coin stays on the left when the table scrolls; what identifies a withdrawal
          // (its hash and order number) comes right after its figures, on screen at 1440 px.
          scroll={{ x: 'max-content' }}
          data-testid="withdrawals-table"
          locale={{ emptyText: <Empty description={`${t('history.emptyTitle')}. ${t('history.emptyBody')}`} /> }}
          pagination={{
            current: h.page,
            pageSize: h.size,
            total: h.total,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (n) => t('history.total', { count: n }),
            onChange: (p, s) => h.setPage(p, s as (typeof PAGE_SIZES)[number]),
          }}
          columns={[
            {
              key: 'coin',
              title: t('history.coin'),
              fixed: 'left',
              render: (_, w) => (
                <>
                  <strong>{w.currencyType}</strong>
                  <div className="up-pool-hint">{t(`history.kinds.${w.kind}`)}</div>
                </>
              ),
            },
            { key: 'time', title: t('history.time'), className: 'up-pool-nowrap', render: (_, w) => h.time(w.createdAt) },
            {
              key: 'status',
              title: t('history.status'),
              render: (_, w) => (
                <span>
                  <Tag color={color[w.status]} data-testid="withdrawal-status">
                    {t(`history.statuses.${w.status}`)}
                  </Tag>
                  <div className="up-pool-hint">{h.progress(w)}</div>
                </span>
              ),
            },
            { key: 'amount', title: t('history.amount'), align: 'right', className: 'up-pool-nowrap', render: (_, w) => h.amount(w, 'amount') },
            { key: 'received', title: t('history.received'), align: 'right', className: 'up-pool-nowrap', render: (_, w) => <strong>{h.amount(w, 'received')}</strong> },
            { key: 'tx', title: t('history.txHash'), className: 'up-pool-nowrap', render: (_, w) => (w.txHash ? <CopyText text={w.txHash} keep={8} testId="withdrawal-tx" /> : DASH) },
            { key: 'order', title: t('history.orderNo'), className: 'up-pool-nowrap', render: (_, w) => <CopyText text={w.orderNo} keep={8} testId="withdrawal-order" /> },
            { key: 'fee', title: t('history.fee'), align: 'right', className: 'up-pool-nowrap', render: (_, w) => h.amount(w, 'fee') },
            { key: 'address', title: t('history.address'), className: 'up-pool-nowrap', render: (_, w) => <CopyText text={w.address} keep={8} /> },
            { key: 'network', title: t('history.network'), dataIndex: 'network' },
            { key: 'remark', title: t('history.remark'), dataIndex: 'remark' },
          ]}
        />
      </Loaded>
    </section>
  );
}
