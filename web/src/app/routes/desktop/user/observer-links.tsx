// /observer on the desktop: the observer-link manager (SPEC section 2). Logic lives in
// features/observer; this file lays out antd widgets.
import { ArrowLeftOutlined, CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Input, Modal, Popconfirm, Select, Skeleton, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { CoinIcons } from '@/components/coin-icons';
import { PageFrame } from '@/components/page-frame';
import { useLinkForm, useLinkManager } from '@/features/observer/hooks/use-link-manager';
import { EXPIRY_DAYS, KEEP_EXPIRY, NOTE_MAX, type ObserverLink } from '@/features/observer/model/types';
import { useChainTypes } from '@/features/pool/api/get-chain-types';
import { useSubAccounts } from '@/features/pool/api/get-sub-accounts';
import type { ChainType } from '@/features/pool/model/types';
import type { TFunction } from 'i18next';
import { LoadFailed } from '../pool/parts';
import '../pool/pool.css';

/** LinkDialog adds or edits a link. */
function LinkDialog({ editing, onClose, t, coins, subs }: { editing: ObserverLink | null; onClose: () => void; t: TFunction; coins: ChainType[]; subs: { code: string; alias: string; defaultCoin: string }[] }) {
  const [form] = Form.useForm();
  // A new link starts on the coin the user mines (their first sub-account's).
  const f = useLinkForm(form, editing, subs[0]?.defaultCoin ?? coins[0]?.type ?? '', onClose);
  const expiry = [...(f.editing ? [KEEP_EXPIRY] : []), ...EXPIRY_DAYS].map((d) => ({
    value: d,
    label: d === KEEP_EXPIRY ? t('form.keep') : d === 0 ? t('form.never') : t(`form.days${d}`),
  }));
  return (
    <Modal open title={editing ? t('form.editTitle') : t('form.addTitle')} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      <Form form={form} layout="vertical" initialValues={f.initial} onFinish={f.onFinish} requiredMark={false} data-testid="link-form">
        <Form.Item name="currencyList" label={t('form.coins')} rules={[f.rules.coins]}>
          <Select mode="multiple" options={coins.map((c) => ({ value: c.type, label: `${c.type} · ${c.name}` }))} data-testid="link-coins" />
        </Form.Item>
        <Form.Item name="subAccounts" label={t('form.subAccounts')} extra={t('form.subAccountsHelp')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('form.subAccountsAll')}
            options={subs.map((s) => ({ value: s.code, label: s.alias && s.alias !== s.code ? `${s.code} (${s.alias})` : s.code }))}
            data-testid="link-subs"
          />
        </Form.Item>
        <Space size={32} wrap>
          <Form.Item name="machineInfoEnabled" label={t('form.machine')} extra={t('form.machineHelp')} valuePropName="checked">
            <Switch onChange={f.recheckInfo} data-testid="link-machine" />
          </Form.Item>
          <Form.Item name="incomeInfoEnabled" label={t('form.income')} extra={t('form.incomeHelp')} valuePropName="checked" rules={[f.rules.info]}>
            <Switch onChange={f.recheckInfo} data-testid="link-income" />
          </Form.Item>
        </Space>
        <Form.Item name="note" label={t('form.note')} extra={t('form.noteHelp')} rules={[f.rules.note]}>
          <Input placeholder={t('form.notePlaceholder')} maxLength={NOTE_MAX * 2} showCount={{ formatter: ({ count }) => `${count} / ${NOTE_MAX}` }} data-testid="link-note" />
        </Form.Item>
        <Form.Item name="expiresIn" label={t('form.expiry')}>
          <Select options={expiry} data-testid="link-expiry" />
        </Form.Item>
        {f.error ? <Alert type="error" showIcon message={f.error} style={{ marginBottom: 16 }} data-testid="form-error" /> : null}
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={f.pending} data-testid="link-save">
            {t('form.save')}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}

/** DesktopObserverLinks is /observer. */
export function DesktopObserverLinks() {
  const m = useLinkManager({ mobile: false });
  const { t } = m.texts;
  const coins = useChainTypes().data ?? [];
  const subs = useSubAccounts().data ?? [];
  return (
    <PageFrame
      titleKey="pages.observer"
      actions={
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={m.back} data-testid="links-back">
            {t('list.back')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={m.form.add} data-testid="link-add">
            {t('list.add')}
          </Button>
        </Space>
      }
    >
      <p className="up-pool-hint">{t('list.intro')}</p>
      {m.failed ? (
        <LoadFailed tp={t} retry={m.retry} />
      ) : m.loading ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : (
        <Table<ObserverLink>
          rowKey="id"
          dataSource={m.rows}
          scroll={{ x: 1100 }}
          data-testid="links-table"
          onRow={(l) => ({ 'data-testid': `link-row-${l.note}` }) as React.HTMLAttributes<HTMLElement>}
          locale={{
            emptyText: (
              <Empty description={<span data-testid="links-empty">{`${t('list.emptyTitle')}. ${t('list.emptyBody')}`}</span>}>
                <Button type="primary" icon={<PlusOutlined />} onClick={m.form.add}>
                  {t('list.add')}
                </Button>
              </Empty>
            ),
          }}
          pagination={{
            current: m.paging.page,
            pageSize: m.paging.pageSize,
            total: m.total,
            pageSizeOptions: m.paging.sizes,
            showSizeChanger: true,
            showTotal: (count) => t('list.total', { count }),
            onChange: m.paging.change,
          }}
          columns={[
            { key: 'coins', title: t('list.coins'), render: (_, l) => <CoinIcons types={l.currencyList} coins={coins} testIdPrefix="link-coin" /> },
            {
              key: 'link',
              title: t('list.link'),
              // The link itself, cut with an ellipsis to the column; whole on hover and when copied.
              render: (_, l) =>
                l.link ? (
                  <span className="up-obs-link">
                    <Tooltip title={<span className="up-earn-mono">{m.address(l)}</span>}>
                      <span className="up-earn-mono up-obs-link__text" data-testid="link-address" data-full={m.address(l)}>
                        {m.address(l)}
                      </span>
                    </Tooltip>
                    <Button type="link" size="small" icon={<CopyOutlined />} onClick={() => void m.copy(l)} aria-label={t('list.copy')} data-testid="link-copy" />
                  </span>
                ) : (
                  <span className="up-pool-hint" data-testid="link-none">
                    {t('list.noLink')}
                  </span>
                ),
            },
            {
              key: 'machine',
              title: t('list.machine'),
              render: (_, l) => <Tag color={l.machineInfoEnabled ? 'green' : 'default'} data-testid="link-machine-flag">{t(l.machineInfoEnabled ? 'list.yes' : 'list.no')}</Tag>,
            },
            {
              key: 'income',
              title: t('list.income'),
              render: (_, l) => <Tag color={l.incomeInfoEnabled ? 'green' : 'default'} data-testid="link-income-flag">{t(l.incomeInfoEnabled ? 'list.yes' : 'list.no')}</Tag>,
            },
            { key: 'note', title: t('list.note'), render: (_, l) => <span data-testid="link-note-text">{l.note}</span> },
            { key: 'subs', title: t('list.subAccounts'), render: (_, l) => (l.subAccounts.length ? l.subAccounts.join(', ') : t('list.all')) },
            {
              key: 'expiry',
              title: t('list.expiry'),
              render: (_, l) => (l.expired ? <Tag color="red">{t('list.expired')}</Tag> : m.expiry(l)),
            },
            { key: 'use', title: t('list.use'), render: (_, l) => <span data-testid="link-use">{m.use(l)}</span> },
            {
              key: 'actions',
              title: t('list.actions'),
              render: (_, l) => (
                <Space size={0} wrap>
                  <Button type="link" size="small" disabled={!l.link} onClick={() => void m.copy(l)}>
                    {t('list.copy')}
                  </Button>
                  <Button type="link" size="small" onClick={() => m.form.edit(l)} data-testid="link-edit">
                    {t('list.edit')}
                  </Button>
                  <Popconfirm title={t('list.regenerateConfirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => m.regenerate(l)}>
                    <Button type="link" size="small" data-testid="link-regenerate">
                      {t('list.regenerate')}
                    </Button>
                  </Popconfirm>
                  <Popconfirm title={t('list.deleteConfirm')} okText={t('common.confirm')} cancelText={t('common.cancel')} okButtonProps={{ danger: true }} onConfirm={() => m.remove(l)}>
                    <Button type="link" size="small" danger data-testid="link-delete">
                      {t('list.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
      {m.form.open ? <LinkDialog editing={m.form.editing} onClose={m.form.close} t={t} coins={coins} subs={subs} /> : null}
    </PageFrame>
  );
}
