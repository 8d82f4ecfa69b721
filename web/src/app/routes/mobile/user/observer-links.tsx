// /mobile/observer: the observer-link manager as cards, each link with copy and a QR code
// (a partner's phone scans it), a page at a time. Logic lives in features/observer; this
// file lays out antd-mobile widgets.
import { Button, Dialog, ErrorBlock, Form, Input, NavBar, NoticeBar, Selector, Skeleton, Switch, Tag } from 'antd-mobile';
import { useState } from 'react';
import { CoinIcons } from '@/components/coin-icons';
import { MobileDialog } from '@/components/mobile-dialog';
import { PageFrame } from '@/components/page-frame';
import { useLinkForm, useLinkManager } from '@/features/observer/hooks/use-link-manager';
import { EXPIRY_DAYS, KEEP_EXPIRY, NOTE_MAX, type ObserverLink } from '@/features/observer/model/types';
import { useChainTypes } from '@/features/pool/api/get-chain-types';
import { useSubAccounts } from '@/features/pool/api/get-sub-accounts';
import { MobilePager } from '@/features/pool/overclock/components/mobile-send-parts';
import { OneOf } from '../one-of';
import { MLoadFailed, MQrDialog } from '../pool/parts';
import type { TFunction } from 'i18next';
import '../mobile-forms.css';
import '../pool/pool.css';

function MLinkForm({ editing, onDone, t, coins, subs, defaultCoin }: { editing: ObserverLink | null; onDone: () => void; t: TFunction; coins: { value: string; label: string }[]; subs: { value: string; label: string }[]; defaultCoin: string }) {
  const [form] = Form.useForm();
  const f = useLinkForm(form, editing, defaultCoin, onDone);
  const expiry = [...(f.editing ? [KEEP_EXPIRY] : []), ...EXPIRY_DAYS].map((d) => ({
    value: d,
    label: d === KEEP_EXPIRY ? t('form.keep') : d === 0 ? t('form.never') : t(`form.days${d}`),
  }));
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={f.initial}
      onFinish={f.onFinish}
      requiredMarkStyle="none"
      className="up-mform up-mform--flush"
      footer={
        <>
          {f.error ? <NoticeBar content={f.error} color="error" wrap data-testid="form-error" /> : null}
          <div className="up-mform__actions up-msheet-actions">
            <Button block size="large" onClick={onDone}>
              {t('form.cancel')}
            </Button>
            <Button block size="large" type="submit" color="primary" loading={f.pending} data-testid="link-save">
              {t('form.save')}
            </Button>
          </div>
        </>
      }
    >
      <Form.Item name="currencyList" label={t('form.coins')} rules={[f.rules.coins]}>
        <Selector multiple columns={3} options={coins} data-testid="link-coins" />
      </Form.Item>
      <Form.Item name="subAccounts" label={t('form.subAccounts')} help={t('form.subAccountsHelp')}>
        <Selector multiple columns={2} options={subs} data-testid="link-subs" />
      </Form.Item>
      <Form.Item name="machineInfoEnabled" label={t('form.machine')} help={t('form.machineHelp')} valuePropName="checked" layout="horizontal" childElementPosition="right">
        <Switch onChange={f.recheckInfo} data-testid="link-machine" />
      </Form.Item>
      <Form.Item
        name="incomeInfoEnabled"
        label={t('form.income')}
        help={t('form.incomeHelp')}
        valuePropName="checked"
        layout="horizontal"
        childElementPosition="right"
        rules={[f.rules.info]}
      >
        <Switch onChange={f.recheckInfo} data-testid="link-income" />
      </Form.Item>
      <Form.Item name="note" label={t('form.note')} help={t('form.noteHelp')} rules={[f.rules.note]}>
        <Input placeholder={t('form.notePlaceholder')} maxLength={NOTE_MAX * 2} clearable data-testid="link-note" />
      </Form.Item>
      <Form.Item name="expiresIn" label={t('form.expiry')}>
        <OneOf options={expiry} columns={2} testId="link-expiry" />
      </Form.Item>
    </Form>
  );
}

/** MobileObserverLinks is /mobile/observer. */
export function MobileObserverLinks() {
  const m = useLinkManager({ mobile: true });
  const { t } = m.texts;
  const coinList = useChainTypes().data ?? [];
  const coins = coinList.map((c) => ({ value: c.type, label: c.type }));
  const subList = useSubAccounts().data ?? [];
  const subs = subList.map((s) => ({ value: s.code, label: s.code }));
  // A new link starts on the coin the user mines (their first sub-account's).
  const defaultCoin = subList[0]?.defaultCoin ?? coins[0]?.value ?? '';
  const [qr, setQr] = useState('');
  const confirm = (content: string, run: () => void) =>
    void Dialog.confirm({ content, confirmText: t('common.confirm'), cancelText: t('common.cancel'), onConfirm: run });
  return (
    <PageFrame titleKey="pages.observer">
      <NavBar
        className="up-mlinks-bar"
        back={<span data-testid="links-back">{t('list.back')}</span>}
        onBack={m.back}
        right={
          <Button color="primary" size="small" onClick={m.form.add} data-testid="link-add">
            {t('list.add')}
          </Button>
        }
      />
      <p className="up-mpool-hint">{t('list.intro')}</p>
      {m.failed ? (
        <MLoadFailed tp={t} retry={m.retry} />
      ) : m.loading ? (
        <Skeleton.Paragraph lineCount={6} animated />
      ) : m.total === 0 ? (
        <ErrorBlock status="empty" title={t('list.emptyTitle')} description={t('list.emptyBody')} fullPage={false} data-testid="links-empty" />
      ) : (
        <>
          {m.rows.map((l) => (
            <article key={l.id} className="up-mpool-device" data-testid={`link-row-${l.note}`}>
              <div className="up-mpool-device__head">
                <strong data-testid="link-note-text">{l.note}</strong>
                {l.expired ? <Tag color="danger">{t('list.expired')}</Tag> : <span className="up-mpool-hint">{m.expiry(l)}</span>}
              </div>
              <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap', margin: '6px 0' }}>
                <CoinIcons types={l.currencyList} coins={coinList} max={8} size={22} testIdPrefix="link-coin" />
                <Tag color={l.machineInfoEnabled ? 'success' : 'default'} data-testid="link-machine-flag">
                  {`${t('list.machine')}: ${t(l.machineInfoEnabled ? 'list.yes' : 'list.no')}`}
                </Tag>
                <Tag color={l.incomeInfoEnabled ? 'success' : 'default'} data-testid="link-income-flag">
                  {`${t('list.income')}: ${t(l.incomeInfoEnabled ? 'list.yes' : 'list.no')}`}
                </Tag>
              </div>
              <p className="up-mpool-hint">{`${t('list.subAccounts')}: ${l.subAccounts.length ? l.subAccounts.join(', ') : t('list.all')}`}</p>
              <p className="up-mpool-hint" data-testid="link-use">{`${t('list.use')}: ${m.use(l)}`}</p>
              {l.link ? (
                <div className="up-mpool-mono" data-testid="link-address" data-full={m.address(l)}>
                  {m.address(l)}
                </div>
              ) : (
                <p className="up-mpool-hint" data-testid="link-none">
                  {t('list.noLink')}
                </p>
              )}
              <div className="up-mpool-actions">
                <Button size="mini" fill="outline" disabled={!l.link} onClick={() => void m.copy(l)} data-testid="link-copy">
                  {t('list.copy')}
                </Button>
                <Button size="mini" disabled={!l.link} onClick={() => setQr(m.address(l))} data-testid="link-qr">
                  {t('list.qr')}
                </Button>
                <Button size="mini" onClick={() => m.form.edit(l)} data-testid="link-edit">
                  {t('list.edit')}
                </Button>
                <Button size="mini" onClick={() => confirm(t('list.regenerateConfirm'), () => void m.regenerate(l))} data-testid="link-regenerate">
                  {t('list.regenerate')}
                </Button>
                <Button size="mini" color="danger" fill="outline" onClick={() => confirm(t('list.deleteConfirm'), () => void m.remove(l))} data-testid="link-delete">
                  {t('list.delete')}
                </Button>
              </div>
            </article>
          ))}
          {m.paging.shown ? (
            <MobilePager
              page={m.paging.page}
              pageSize={m.paging.pageSize}
              total={m.total}
              onPage={(p) => m.paging.change(p, m.paging.pageSize)}
              onSize={(size) => m.paging.change(1, size)}
              testId="links-pager"
            />
          ) : null}
        </>
      )}
      <MQrDialog text={qr} title={t('list.link')} onClose={() => setQr('')} testId="link-qr-dialog" codeTestId="link-qr-code" />
      <MobileDialog open={m.form.open} onClose={m.form.close} title={m.form.title} testId="link-dialog">
        {m.form.open ? <MLinkForm editing={m.form.editing} onDone={m.form.close} t={t} coins={coins} subs={subs} defaultCoin={defaultCoin} /> : null}
      </MobileDialog>
    </PageFrame>
  );
}
