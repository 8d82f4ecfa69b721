// Phone revenue pages: orePoolRevenueSummary, orePoolRevenueChain and orePoolRevenueDetail
// (one day). Logic lives in features/earnings; this file lays out antd-mobile widgets.
import { Button, ErrorBlock, NoticeBar, Skeleton, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AutoRefresh } from '@/components/auto-refresh';
import { LazyAmountChart } from '@/components/amount-chart';
import { PageFrame } from '@/components/page-frame';
import { useMobilePoolPath } from '@/lib/read-only';
import { useRevenueDay } from '@/features/earnings/hooks/use-revenue-day';
import { useRevenueDays } from '@/features/earnings/hooks/use-revenue-days';
import { useRevenueSummary } from '@/features/earnings/hooks/use-revenue-summary';
import { DayFacts } from '@/features/earnings/components/day-facts';
import { scopeQuery } from '@/features/earnings/model/format';
import { MobilePager } from '@/features/pool/overclock/components/mobile-send-parts';
import { usePoolCodes } from '@/features/pool/hooks/use-pool-selection';
import { MCard, MLoadFailed } from './parts';

/** DayCard is a day of the list: a link to its page, or a plain card where there is none. */
function DayCard({ to, children }: { to: string | null; children: ReactNode }) {
  return to ? (
    <Link to={to} className="up-mpool-device up-mearn-day" data-testid="day-card">
      {children}
    </Link>
  ) : (
    <div className="up-mpool-device up-mearn-day" data-testid="day-card">
      {children}
    </div>
  );
}

/** MobileRevenueSummary: the chosen coin's earnings, 30-day chart and sub-accounts. */
export function MobileRevenueSummary() {
  const { selection: sel, coin, subAccount: sub } = usePoolCodes();
  const navigate = useNavigate();
  const pathOf = useMobilePoolPath();
  const v = useRevenueSummary(coin, sub);
  const { t } = v.texts;
  const c = v.current;
  return (
    <PageFrame titleKey="pages.orePoolRevenueSummary" actions={<AutoRefresh onRefresh={v.refresh} />}>
      {v.state === 'loading' ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : v.state === 'failed' ? (
        <MLoadFailed tp={t} retry={v.retry} />
      ) : v.state === 'empty' || !c ? (
        <ErrorBlock status="empty" title={t('summary.emptyTitle')} description={t('summary.emptyBody')} fullPage={false} data-testid="revenue-empty">
          {pathOf('orePoolDeviceOverview') ? (
            <Button color="primary" size="small" onClick={() => navigate(pathOf('orePoolDeviceOverview')!)}>
              {t('summary.toDevices')}
            </Button>
          ) : null}
        </ErrorBlock>
      ) : (
        <>
          {v.coins.length > 1 ? (
            <div className="up-mpool-actions" style={{ marginTop: 0 }} data-testid="revenue-coins">
              {v.coins.map((x) => (
                <Button key={x.coin} size="mini" color={x.coin === c.coin ? 'primary' : 'default'} onClick={() => sel.setCoin(x.coin)}>
                  {x.coin}
                </Button>
              ))}
            </div>
          ) : null}
          <div className="up-mpool-cards up-mearn-cards" data-testid="revenue-figures">
            {v.figures(c).map((f) => (
              <div key={f.key} data-testid={`revenue-${f.key}`} className={f.key === 'total' ? 'up-mearn-wide' : undefined}>
                <MCard label={f.label} value={f.amount} unit={c.unit} />
              </div>
            ))}
          </div>
          <NoticeBar content={v.settlingHint} color="info" wrap style={{ marginBottom: 12 }} />
          <section className="up-mpool-panel">
            <h2>{t('summary.chart')}</h2>
            {v.chart.failed ? (
              <MLoadFailed tp={t} retry={v.chart.retry} />
            ) : v.chart.loading ? (
              <Skeleton.Paragraph lineCount={5} animated />
            ) : (
              <LazyAmountChart bars={v.chart.bars} unit={c.unit} settledLabel={t('summary.chartSettled')} settlingLabel={t('summary.chartSettling')} height={200} compact />
            )}
          </section>
          {!sub && c.subAccounts.length > 0 ? (
            <section className="up-mpool-panel" data-testid="revenue-subs">
              <h2>{t('summary.bySubAccount')}</h2>
              {c.subAccounts.map((s) => (
                <div key={s.subAccount} className="up-mearn-sub">
                  <strong>{s.subAccount}</strong>
                  <div className="up-mpool-row">
                    <span>{t('summary.yesterday')}</span>
                    <span>{`${s.yesterday} ${c.unit}`}</span>
                  </div>
                  <div className="up-mpool-row">
                    <span>{t('summary.settling')}</span>
                    <span>{`${s.settling} ${c.unit}`}</span>
                  </div>
                  <div className="up-mpool-row">
                    <span>{t('summary.total')}</span>
                    <span>{`${s.total} ${c.unit}`}</span>
                  </div>
                </div>
              ))}
            </section>
          ) : null}
          <Link to={`${pathOf('orePoolRevenueChain')}${scopeQuery(c.coin, sub)}`}>{t('summary.toDays')}</Link>
        </>
      )}
    </PageFrame>
  );
}

/** MobileRevenueChain: a coin's days as cards, settling first; a card opens the day. */
export function MobileRevenueChain() {
  const { coin, subAccount: sub } = usePoolCodes();
  const v = useRevenueDays(coin, sub);
  const { t } = v.texts;
  // An observer has no day page (SPEC: observer mode lists summary and days only).
  const dayPath = useMobilePoolPath()('orePoolRevenueDetail');
  return (
    <PageFrame titleKey="pages.orePoolRevenueChain" actions={<AutoRefresh onRefresh={v.refresh} />}>
      {v.loading ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : v.failed ? (
        <MLoadFailed tp={t} retry={v.retry} />
      ) : v.rows.length === 0 ? (
        <ErrorBlock status="empty" title={t('days.emptyTitle', { coin })} description={t('days.emptyBody', { coin })} fullPage={false} />
      ) : (
        <>
          <div className="up-mpool-actions" style={{ marginTop: 0, justifyContent: 'space-between', alignItems: 'center' }}>
            <span className="up-mpool-hint">{t('days.total', { count: v.total })}</span>
            <Button size="mini" loading={v.exporting} onClick={() => void v.exportCsv()} data-testid="days-export">
              {t('days.export')}
            </Button>
          </div>
          {v.rows.map((r) => (
            <DayCard key={r.day} to={dayPath ? `${dayPath}?coin=${coin}&day=${r.day}${sub ? `&sub=${sub}` : ''}` : null}>
              <div className="up-mpool-device__head">
                <strong data-testid="day-cell">{r.day}</strong>
                {r.settling ? (
                  <Tag color="primary" fill="outline">
                    {t('days.settling')}
                  </Tag>
                ) : (
                  <Tag color="success" fill="outline">
                    {t('days.settled')}
                  </Tag>
                )}
              </div>
              <div className="up-mpool-row">
                <span>{t('days.amount')}</span>
                <strong data-testid="day-amount">{`${r.amount} ${v.unit}`}</strong>
              </div>
              <div className="up-mpool-row">
                <span>{t('days.hashrate')}</span>
                <span>{`${r.hashRate.show} ${r.hashRate.unit}`}</span>
              </div>
              {r.settledAt ? (
                <div className="up-mpool-row">
                  <span>{t('days.settledAt')}</span>
                  <span>{v.time(r.settledAt)}</span>
                </div>
              ) : null}
            </DayCard>
          ))}
          {v.total > v.size ? <MobilePager page={v.page} pageSize={v.size} total={v.total} onPage={(p) => v.setPage(p)} onSize={(s) => v.setPage(1, s)} /> : null}
        </>
      )}
    </PageFrame>
  );
}

/** MobileRevenueDetail: one day (?coin&day[&sub]) per sub-account with its inputs and audit. */
export function MobileRevenueDetail() {
  const [q] = useSearchParams();
  const v = useRevenueDay(q.get('coin') ?? '', q.get('day') ?? '', q.get('sub') ?? '');
  const { t } = v.texts;
  return (
    <PageFrame titleKey="pages.orePoolRevenueDetail">
      {v.loading ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : v.failed ? (
        <MLoadFailed tp={t} retry={v.retry} />
      ) : (
        <div data-testid="day-drawer">
          <h2 className="up-mearn-title">{t('day.title', { day: v.day })}</h2>
          {!v.settled ? <NoticeBar content={t('day.notSettled')} color="info" wrap style={{ marginBottom: 12 }} /> : null}
          {v.rows.length === 0 ? <ErrorBlock status="empty" title={t('day.noRows')} description="" fullPage={false} /> : null}
          {v.rows.map((r) => (
            <section key={r.subAccount} className="up-mpool-panel" data-testid="day-row">
              <h2>{r.subAccount}</h2>
              <DayFacts facts={v.facts(r)} size="mobile" />
              {v.settled ? (
                <>
                  <Button block size="small" loading={v.downloading === r.subAccount} onClick={() => void v.downloadAudit(r.subAccount)} style={{ marginTop: 8 }} data-testid="audit-download">
                    {t('day.audit')}
                  </Button>
                  <p className="up-mpool-hint">{t('day.auditHint')}</p>
                </>
              ) : null}
            </section>
          ))}
          <p className="up-mpool-hint">{t('day.formula')}</p>
        </div>
      )}
    </PageFrame>
  );
}
