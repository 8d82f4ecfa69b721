// Desktop orePoolAlertSet (?sub=): a sub-account's offline and hashrate alerts and its
// alerts of the last 30 days. Logic lives in features/pool/alerts; this file lays out antd.
import { Alert, Button, Checkbox, Empty, Form, InputNumber, Radio, Result, Select, Skeleton, Switch, Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { useAlertPage, type AlertPageView } from '@/features/pool/alerts/hooks/use-alert-page';
import type { AlertRowView } from '@/features/pool/alerts/model/format';
import { PAGE_SIZES } from '@/features/pool/model/types';
import { LoadFailed } from './parts';

/** DesktopAlertSettings is the alert settings page of the chosen sub-account. */
export function DesktopAlertSettings() {
  const v = useAlertPage();
  const { t, tp } = v.texts;
  return (
    <PageFrame
      titleKey="pages.orePoolAlertSet"
      actions={v.code ? <Link to={`${paths.account.orePoolSubAccountDetail}?code=${encodeURIComponent(v.code)}`}>{v.code}</Link> : null}
    >
      {v.state === 'loading' ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : v.state === 'pick' ? (
        <Empty description={<span data-testid="alert-pick">{t('pickSubAccount')}</span>} />
      ) : v.state === 'failed' ? (
        v.message ? (
          <Result status="warning" title={<span data-testid="alert-refused">{v.message}</span>} extra={<Button onClick={v.retry}>{tp('common.retry')}</Button>} />
        ) : (
          <LoadFailed tp={tp} retry={v.retry} />
        )
      ) : (
        <>
          <p className="up-pool-hint">{t('lead', { code: v.code })}</p>
          <SettingsForm v={v} />
          <History v={v} />
        </>
      )}
    </PageFrame>
  );
}

function SettingsForm({ v }: { v: AlertPageView }) {
  const { t } = v.texts;
  const f = v.form!;
  return (
    <Form layout="vertical" onFinish={() => void v.submit()} requiredMark={false} data-testid="alert-form" className="up-pool-panel">
      <h2>{t('watch.title')}</h2>
      <Form.Item label={t('watch.offline')} extra={v.notes.offline}>
        <Switch checked={f.offlineEnabled} onChange={(on) => v.set({ offlineEnabled: on })} aria-label={t('watch.offline')} data-testid="alert-offline" />
      </Form.Item>
      <Form.Item label={t('watch.hashrate')}>
        <Switch checked={f.hashrateEnabled} onChange={(on) => v.set({ hashrateEnabled: on })} aria-label={t('watch.hashrate')} data-testid="alert-hashrate" />
      </Form.Item>
      {f.hashrateEnabled ? (
        <Form.Item
          label={t('watch.percent')}
          extra={v.notes.hashrate}
          validateStatus={v.problems.hashratePercent ? 'error' : undefined}
          help={v.problems.hashratePercent || undefined}
        >
          <InputNumber
            value={f.hashratePercent}
            onChange={(n) => v.set({ hashratePercent: typeof n === 'number' ? n : null })}
            addonAfter="%"
            style={{ width: 160 }}
            aria-label={t('watch.percent')}
            data-testid="alert-percent"
          />
        </Form.Item>
      ) : null}

      <h2>{t('channel.title')}</h2>
      <Form.Item validateStatus={v.problems.channels ? 'error' : undefined} help={v.problems.channels || undefined}>
        <div style={{ display: 'grid', gap: 8 }}>
          <Checkbox checked={f.byEmail} disabled={!v.contacts.email && !f.byEmail} onChange={(e) => v.set({ byEmail: e.target.checked })} data-testid="alert-email">
            {t('channel.email')} {v.contacts.email ? t('channel.to', { target: v.contacts.email }) : null}
          </Checkbox>
          {v.contacts.email ? null : <NoContact text={t('channel.noEmail')} bind={t('channel.bind')} />}
          <Checkbox checked={f.bySms} disabled={!v.contacts.phone && !f.bySms} onChange={(e) => v.set({ bySms: e.target.checked })} data-testid="alert-sms">
            {t('channel.sms')} {v.contacts.phone ? t('channel.to', { target: v.contacts.phone }) : null}
          </Checkbox>
          {v.contacts.phone ? null : <NoContact text={t('channel.noPhone')} bind={t('channel.bind')} />}
        </div>
      </Form.Item>

      <h2>{t('when.title')}</h2>
      <Form.Item extra={f.digest ? undefined : t('when.nowHelp')}>
        <Radio.Group value={f.digest ? 'digest' : 'now'} onChange={(e) => v.set({ digest: e.target.value === 'digest' })} data-testid="alert-when">
          <Radio value="now">{t('when.now')}</Radio>
          <Radio value="digest">{t('when.digest')}</Radio>
        </Radio.Group>
      </Form.Item>
      {f.digest ? (
        <Form.Item label={t('when.hour')} extra={v.notes.hour} validateStatus={v.problems.digestHour ? 'error' : undefined} help={v.problems.digestHour || undefined}>
          <Select
            value={f.digestHour ?? undefined}
            options={v.hours}
            onChange={(h: number) => v.set({ digestHour: h })}
            style={{ width: 120 }}
            aria-label={t('when.hour')}
            data-testid="alert-hour"
          />
        </Form.Item>
      ) : null}
      {v.serverError ? <Alert type="error" showIcon message={v.serverError} style={{ marginBottom: 16 }} data-testid="alert-error" /> : null}
      <Button type="primary" htmlType="submit" loading={v.pending} data-testid="alert-save">
        {t('save')}
      </Button>
    </Form>
  );
}

function NoContact({ text, bind }: { text: string; bind: string }) {
  return (
    <span className="up-pool-hint">
      {text} <Link to={paths.basicsInfo}>{bind}</Link>
    </span>
  );
}

function History({ v }: { v: AlertPageView }) {
  const { t, tp } = v.texts;
  const l = v.list;
  return (
    <section className="up-pool-panel" data-testid="alert-history">
      <h2>{t('history.title')}</h2>
      {l.failed ? (
        <LoadFailed tp={tp} retry={l.retry} />
      ) : l.loading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Table<AlertRowView>
          rowKey="id"
          size="small"
          dataSource={l.rows}
          data-testid="alert-table"
          locale={{ emptyText: <Empty description={<span data-testid="alert-empty">{`${t('history.empty')} ${t('history.emptyHint')}`}</span>} /> }}
          pagination={
            l.total > PAGE_SIZES[0]
              ? {
                  current: l.page,
                  pageSize: l.size,
                  total: l.total,
                  showSizeChanger: true,
                  pageSizeOptions: PAGE_SIZES.map(String),
                  onChange: (p, s) => l.setPage(p, s),
                }
              : false
          }
          columns={[
            { key: 'time', title: t('history.time'), dataIndex: 'time', width: 170 },
            { key: 'worker', title: t('history.worker'), render: (_, r) => `${r.worker} (${r.coin})` },
            {
              key: 'what',
              title: t('history.what'),
              render: (_, r) => (
                <>
                  <Tag color={r.tone === 'alert' ? 'red' : 'green'} data-testid={`alert-kind-${r.id}`}>
                    {r.kind}
                  </Tag>
                  {r.detail}
                </>
              ),
            },
            {
              key: 'delivery',
              title: t('history.delivery'),
              render: (_, r) => (
                <Tag color={r.delivery === 'sent' ? 'blue' : r.delivery === 'failed' ? 'red' : 'default'} data-testid={`alert-delivery-${r.id}`}>
                  {r.deliveryLabel}
                </Tag>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
