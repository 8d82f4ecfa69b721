// Desktop revenue pages: orePoolRevenueSummary and orePoolRevenueChain (with a day's
// detail in a drawer). Logic lives in features/earnings; this file lays out antd widgets.
import { DownloadOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Result, Segmented, Skeleton, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AutoRefresh } from '@/components/auto-refresh';
import { LazyAmountChart } from '@/components/amount-chart';
import { PageFrame } from '@/components/page-frame';
import { useRevenueDay } from '@/features/earnings/hooks/use-revenue-day';
import { useRevenueDays } from '@/features/earnings/hooks/use-revenue-days';
import { useRevenueSummary } from '@/features/earnings/hooks/use-revenue-summary';
import { DayFacts } from '@/features/earnings/components/day-facts';
import { scopeQuery } from '@/features/earnings/model/format';
import { usePoolCodes } from '@/features/pool/hooks/use-pool-selection';
import { usePoolPath, useReadOnly } from '@/lib/read-only';
import { Card, LoadFailed, paging } from './parts';

/** DesktopRevenueSummary: every coin's earnings, the chosen coin's 30 days and its sub-accounts. */
export function DesktopRevenueSummary() {
  const { selection: sel, coin, subAccount: sub } = usePoolCodes();
  const v = useRevenueSummary(coin, sub);
  const { t } = v.texts;
  const c = v.current;
  // An observer without the device pages gets no way there (pathOf gives null).
  const pathOf = usePoolPath();
  const navigate = useNavigate();
  return (
    <PageFrame titleKey="pages.orePoolRevenueSummary" actions={<AutoRefresh onRefresh={v.refresh} />}>
      {v.state === 'loading' ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : v.state === 'failed' ? (
        <LoadFailed tp={t} retry={v.retry} />
      ) : v.state === 'empty' || !c ? (
        <div data-testid="revenue-empty">
          <Result
            icon={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />}
            title={t('summary.emptyTitle')}
            subTitle={t('summary.emptyBody')}
            extra={
              pathOf('orePoolDeviceOverview') ? (
                <Button type="primary" onClick={() => navigate(pathOf('orePoolDeviceOverview')!)}>
                  {t('summary.toDevices')}
                </Button>
              ) : undefined
            }
          />
        </div>
      ) : (
        <>
          {v.coins.length > 1 ? (
            <Segmented
              value={c.coin}
              onChange={(x) => sel.setCoin(String(x))}
              options={v.coins.map((x) => ({ value: x.coin, label: x.coin }))}
              style={{ marginBottom: 16 }}
              data-testid="revenue-coins"
            />
          ) : null}
          <div className="up-pool-cards up-earn-cards" data-testid="revenue-figures">
            {v.figures(c).map((f) => (
              <div key={f.key} data-testid={`revenue-${f.key}`}>
                <Card label={f.label} value={f.amount} unit={c.unit} />
              </div>
            ))}
          </div>
          <Alert type="info" showIcon icon={<InfoCircleOutlined />} message={v.settlingHint} style={{ marginBottom: 24 }} />
          <section className="up-pool-panel">
            <h2>{t('summary.chart')}</h2>
            {v.chart.failed ? (
              <LoadFailed tp={t} retry={v.chart.retry} />
            ) : v.chart.loading ? (
              <Skeleton.Node active style={{ width: '100%', height: 260 }}>
                <span />
              </Skeleton.Node>
            ) : (
              <LazyAmountChart bars={v.chart.bars} unit={c.unit} settledLabel={t('summary.chartSettled')} settlingLabel={t('summary.chartSettling')} />
            )}
          </section>
          {!sub && c.subAccounts.length > 0 ? (
            <section className="up-pool-panel">
              <h2>{t('summary.bySubAccount')}</h2>
              <Table
                rowKey="subAccount"
                size="middle"
                pagination={false}
                dataSource={c.subAccounts}
                data-testid="revenue-subs"
                columns={[
                  { key: 'sub', title: t('summary.subAccount'), dataIndex: 'subAccount' },
                  { key: 'y', title: t('summary.yesterday'), align: 'right', render: (_, r) => `${r.yesterday} ${c.unit}` },
                  { key: 's', title: t('summary.settling'), align: 'right', render: (_, r) => `${r.settling} ${c.unit}` },
                  { key: 'm', title: t('summary.last30'), align: 'right', render: (_, r) => `${r.last30} ${c.unit}` },
                  { key: 't', title: t('summary.total'), align: 'right', render: (_, r) => `${r.total} ${c.unit}` },
                ]}
              />
            </section>
          ) : null}
          <Link to={`${pathOf('orePoolRevenueChain')}${scopeQuery(c.coin, sub)}`}>{t('summary.toDays')}</Link>
        </>
      )}
    </PageFrame>
  );
}

/** DesktopRevenueChain: a coin's earnings by day, settling first; a day opens its detail. */
export function DesktopRevenueChain() {
  // open is the day whose detail the drawer shows ('' for none).
  const [open, setOpen] = useState('');
  const { coin, subAccount: sub } = usePoolCodes();
  const v = useRevenueDays(coin, sub);
  const { t } = v.texts;
  return (
    <PageFrame
      titleKey="pages.orePoolRevenueChain"
      actions={
        <div style={{ display: 'flex', gap: 8 }}>
          <AutoRefresh onRefresh={v.refresh} />
          <Button icon={<DownloadOutlined />} loading={v.exporting} disabled={v.total === 0} onClick={() => void v.exportCsv()} data-testid="days-export">
            {t('days.export')}
          </Button>
        </div>
      }
    >
      {v.failed ? (
        <LoadFailed tp={t} retry={v.retry} />
      ) : v.loading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Table
          rowKey="day"
          dataSource={v.rows}
          data-testid="days-table"
          locale={{ emptyText: <Empty description={t('days.emptyBody', { coin })} /> }}
          pagination={paging(v, (n) => t('days.total', { count: n }))}
          columns={[
            { key: 'day', title: t('days.day'), render: (_, r) => <span data-testid="day-cell">{r.day}</span> },
            { key: 'hr', title: t('days.hashrate'), align: 'right', render: (_, r) => `${r.hashRate.show} ${r.hashRate.unit}` },
            { key: 'amount', title: t('days.amount'), align: 'right', render: (_, r) => <strong className="up-earn-amount" data-testid="day-amount">{`${r.amount} ${v.unit}`}</strong> },
            {
              key: 'status',
              title: t('days.status'),
              render: (_, r) =>
                r.settling ? (
                  <Tooltip title={t('day.notSettled')}>
                    <Tag color="processing">{t('days.settling')}</Tag>
                  </Tooltip>
                ) : (
                  <Tag color="success">{t('days.settled')}</Tag>
                ),
            },
            { key: 'at', title: t('days.settledAt'), render: (_, r) => (r.settledAt ? v.time(r.settledAt) : '–') },
            { key: 'subs', title: t('days.subAccounts'), align: 'right', dataIndex: 'subAccounts' },
            {
              key: 'detail',
              title: '',
              render: (_, r) => (
                <Button type="link" onClick={() => setOpen(r.day)} data-testid="day-detail">
                  {t('days.details')}
                </Button>
              ),
            },
          ]}
        />
      )}
      <Drawer open={open !== ''} onClose={() => setOpen('')} width={720} title={open ? t('day.title', { day: open }) : ''} destroyOnHidden>
        {open ? <DayDetail coin={coin} day={open} sub={sub} /> : null}
      </Drawer>
    </PageFrame>
  );
}

/** DayDetail is one day per sub-account with the inputs of its amount and the audit download. */
function DayDetail({ coin, day, sub }: { coin: string; day: string; sub: string }) {
  const v = useRevenueDay(coin, day, sub);
  const { t } = v.texts;
  // The audit download is the owner's (an observer's token does not open it).
  const readOnly = useReadOnly();
  if (v.loading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (v.failed) return <LoadFailed tp={t} retry={v.retry} />;
  return (
    <div data-testid="day-drawer">
      {!v.settled ? <Alert type="info" showIcon message={t('day.notSettled')} style={{ marginBottom: 16 }} /> : null}
      {v.rows.length === 0 ? <Empty description={t('day.noRows')} /> : null}
      {v.rows.map((r) => (
        <section key={r.subAccount} className="up-pool-panel" data-testid="day-row">
          <h2>{r.subAccount}</h2>
          <DayFacts facts={v.facts(r)} size="desktop" />
          {v.settled && !readOnly ? (
            <>
              <Button icon={<DownloadOutlined />} loading={v.downloading === r.subAccount} onClick={() => void v.downloadAudit(r.subAccount)} data-testid="audit-download">
                {t('day.audit')}
              </Button>
              <p className="up-pool-hint">{t('day.auditHint')}</p>
            </>
          ) : null}
        </section>
      ))}
      <p className="up-pool-hint">{t('day.formula')}</p>
    </div>
  );
}
