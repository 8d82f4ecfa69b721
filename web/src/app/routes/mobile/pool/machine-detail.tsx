import { Button, ErrorBlock, List, ProgressBar, Segmented, Skeleton, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AutoRefresh } from '@/components/auto-refresh';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { PageFrame } from '@/components/page-frame';
import { mobilePaths } from '@/config/paths';
import { useMachineDetail, type MachineDetail } from '@/features/pool/machine/hooks/use-machine-detail';
import { DASH, durationText, formatBytes, formatTime, orDash, rangeText, withUnit } from '@/features/pool/machine/model/format';
import type { DeviceDetail } from '@/features/pool/machine/model/types';
import { useMachineTexts } from '@/features/pool/machine/texts';
import { HISTORY_RANGES, type HistoryRange } from '@/features/pool/model/types';
import { MobileCopyButton } from '@/features/pool/overclock/components/mobile-copy';
import { formatSetting, settingsList } from '@/features/pool/overclock/model/rules';
import './machine-detail.css';

type Texts = ReturnType<typeof useMachineTexts>;

const STATUS_COLOR = { normal: 'success', abnormal: 'warning', offline: 'default' } as const;
const OC_COLOR = { none: 'default', pending: 'primary', applied: 'success', failed: 'danger' } as const;

function Card({ title, extra, children, testId }: { title: string; extra?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="up-mmd-card" data-testid={testId}>
      <header className="up-mmd-card__head">
        <h2 className="up-mmd-card__title">{title}</h2>
        {extra}
      </header>
      {children}
    </section>
  );
}

function Usage({ percent, level, detail, testId }: { percent: number | null; level: string; detail?: string; testId: string }) {
  if (percent === null) return <span data-testid={testId}>{DASH}</span>;
  const color = level === 'full' ? 'var(--up-danger)' : level === 'high' ? 'var(--up-warning)' : 'var(--up-brand)';
  return (
    <div className="up-mmd-usage" data-testid={testId}>
      <span>
        <strong>{percent}%</strong> {detail}
      </span>
      <ProgressBar percent={percent} style={{ '--fill-color': color, '--track-width': '6px' } as React.CSSProperties} />
    </div>
  );
}

function Facts({ header, rows, testId, children }: { header: string; rows: Array<[string, ReactNode, string?]>; testId: string; children?: ReactNode }) {
  return (
    <Card title={header} testId={testId}>
      <dl className="up-mmd-facts">
        {rows.map(([label, value, id]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={id}>{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </Card>
  );
}

function Hero({ d, m, x }: { d: DeviceDetail; m: MachineDetail; x: Texts }) {
  const { t, tp } = x;
  const online = m.online && d.status !== 'offline' ? t(durationText(m.online).key, durationText(m.online).params) : t('duration.offline');
  return (
    <section className="up-mmd-hero" data-testid="machine-hero">
      <span className="up-mmd-hero__label">{t('hero.label')}</span>
      <div className="up-mmd-hero__worker">
        <span data-testid="machine-worker">{d.code}</span>
        <MobileCopyButton text={d.code} label={t('hero.copyWorker')} />
      </div>
      <p className="up-mmd-hero__alias">{d.alias || t('hero.noAlias')}</p>
      <div className="up-mmd-hero__tags">
        <Tag color={STATUS_COLOR[d.status]} fill="solid" data-testid="machine-status">
          {tp(`status.${d.status}`)}
        </Tag>
        {d.initialising ? (
          <Tag color="primary" fill="solid" data-testid="machine-initialising">
            {tp('status.initialising')}
          </Tag>
        ) : null}
        <span className="up-mmd-hero__chip">{d.bound ? t('hero.bound') : t('hero.unbound')}</span>
        <span className="up-mmd-hero__chip">{m.coinName || d.coin}</span>
        <span className="up-mmd-hero__chip">{d.subAccount}</span>
      </div>
      {d.initialising ? <p className="up-mmd-hero__hint">{t('hero.initialisingHint')}</p> : null}
      <div className="up-mmd-stats">
        <div>
          <span>{tp('figure.realTime')}</span>
          <strong data-testid="machine-realtime">
            {d.realTimeHashRate.show} <small>{d.realTimeHashRate.unit}</small>
          </strong>
        </div>
        <div>
          <span>{tp('figure.day')}</span>
          <strong data-testid="machine-day">
            {d.dayHashRate.show} <small>{d.dayHashRate.unit}</small>
          </strong>
        </div>
        <div>
          <span>{t('hero.onlineFor')}</span>
          <strong className="up-mmd-stats__text" data-testid="machine-online">
            {online}
          </strong>
        </div>
        <div>
          <span>{t('hero.lastUpdate')}</span>
          <strong className="up-mmd-stats__text">{formatTime(d.lastUpdateTime, x.lang)}</strong>
        </div>
      </div>
      <div className="up-mmd-shares" data-testid="machine-shares">
        <span>
          {tp('figure.accepted')} <b>{d.accepted.toLocaleString()}</b>
        </span>
        <span>
          {tp('figure.rejected')} <b>{d.rejected.toLocaleString()}</b>
        </span>
        <span>
          {tp('figure.stale')} <b>{d.stale.toLocaleString()}</b>
        </span>
      </div>
    </section>
  );
}

function Comparison({ d, m, x }: { d: DeviceDetail; m: MachineDetail; x: Texts }) {
  const { t } = x;
  const c = m.comparison!;
  const p = c.positions;
  return (
    <Card title={t('compare.title')} testId="machine-compare">
      <div className="up-mmd-compare">
        <div>
          <span>{t('compare.reported')}</span>
          <strong className="up-mmd-compare__rig" data-testid="compare-reported">
            {d.reportedHashRate ? `${d.reportedHashRate.show} ${d.reportedHashRate.unit}` : t('compare.notReported')}
          </strong>
        </div>
        <div>
          <span>{t('compare.pool')}</span>
          <strong data-testid="compare-pool">
            {d.realTimeHashRate.show} {d.realTimeHashRate.unit}
          </strong>
        </div>
        <div>
          <span>{t('compare.range')}</span>
          <strong data-testid="compare-range">
            {rangeText(d.effectiveLow, d.effectiveHigh)}
          </strong>
        </div>
        <div>
          <span>{t('compare.shares')}</span>
          <strong data-testid="compare-shares">{d.windowShares.toLocaleString()}</strong>
        </div>
      </div>
      <div className="up-mmd-scale" aria-hidden="true">
        <span className="up-mmd-scale__band" style={{ left: `${p.low}%`, width: `${Math.max(1, p.high - p.low)}%` }} />
        <span className="up-mmd-scale__mark" style={{ left: `${p.pool}%` }} />
        {p.reported !== null ? <span className="up-mmd-scale__mark up-mmd-scale__mark--rig" style={{ left: `${p.reported}%` }} /> : null}
      </div>
      <div className="up-mmd-legend">
        <span>
          <i className="up-mmd-key up-mmd-key--band" />
          {t('compare.legendRange')}
        </span>
        <span>
          <i className="up-mmd-key up-mmd-key--pool" />
          {t('compare.legendPool')}
        </span>
        <span>
          <i className="up-mmd-key up-mmd-key--rig" />
          {t('compare.legendReported')}
        </span>
      </div>
      <p className={`up-mmd-verdict up-mmd-verdict--${c.verdict}`} data-testid="compare-verdict">
        {t(`compare.verdict.${c.verdict}`)}
      </p>
      <p className="up-mmd-note" data-testid="compare-explain">
        {t('compare.explain')}
      </p>
    </Card>
  );
}

function Overclock({ d, m, x }: { d: DeviceDetail; m: MachineDetail; x: Texts }) {
  const { t, to, tp, lang } = x;
  const navigate = useNavigate();
  const s = m.overclock.state;
  const query = `?coin=${encodeURIComponent(d.coin)}&device=${d.id}`;
  return (
    <Card
      title={t('overclock.title')}
      testId="machine-overclock"
      extra={
        s && s.state !== 'none' ? (
          <Tag color={OC_COLOR[s.state]} fill="outline" data-testid="overclock-state">
            {to(`state.${s.state}`)}
          </Tag>
        ) : null
      }
    >
      {!m.overclock.allowed ? (
        <p className="up-mmd-note" data-testid="overclock-unsupported">
          {t('overclock.notSupported', { coin: m.coinName || d.coin })}
        </p>
      ) : m.overclock.loading ? (
        <Skeleton.Paragraph lineCount={2} animated />
      ) : m.overclock.failed ? (
        <div className="up-mmd-inline-error" role="alert">
          <span>{t('overclock.failed')}</span>
          <Button size="mini" onClick={m.overclock.retry}>
            {tp('common.retry')}
          </Button>
        </div>
      ) : !s || s.state === 'none' ? (
        <p className="up-mmd-note" data-testid="overclock-none">
          {t('overclock.none')}
        </p>
      ) : (
        <>
          <dl className="up-mmd-dl">
            <div>
              <dt>{t('overclock.template')}</dt>
              <dd data-testid="overclock-template">{s.factory ? t('overclock.factory') : orDash(s.templateName)}</dd>
            </div>
            <div>
              <dt>{t('overclock.requested')}</dt>
              <dd>{formatTime(s.requestedAt, lang)}</dd>
            </div>
            <div>
              <dt>{t('overclock.acknowledged')}</dt>
              <dd>{formatTime(s.acknowledgedAt, lang)}</dd>
            </div>
            {s.message ? (
              <div>
                <dt>{t('overclock.message')}</dt>
                <dd data-testid="overclock-message">{s.message}</dd>
              </div>
            ) : null}
          </dl>
          <div className="up-mmd-chips">
            {settingsList(s.settings).map(([k, v]) => (
              <span key={k} className="up-mmd-chip">
                {to(`settings.${k}`)} <b>{formatSetting(k, v)}</b>
              </span>
            ))}
          </div>
        </>
      )}
      {m.overclock.allowed ? (
        <div className="up-mmd-buttons">
          <Button color="primary" size="small" onClick={() => navigate(`${mobilePaths.account.orePoolOverclockSet}${query}`)} data-testid="overclock-apply-link">
            {t('overclock.apply')}
          </Button>
          <Button size="small" onClick={() => navigate(`${mobilePaths.account.orePoolOverclockCancel}${query}`)}>
            {t('overclock.cancel')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/** MobileMachineDetail is the mobile orePoolMachineDetail page. */
export function MobileMachineDetail() {
  const { t: tApp } = useTranslation();
  const x = useMachineTexts();
  const m = useMachineDetail();
  const navigate = useNavigate();
  const { t, tp, lang } = x;
  const title = 'pages.orePoolMachineDetail';
  const toList = () => navigate(mobilePaths.account.orePoolAnlageuebersicht);

  if (!x.ready || m.state === 'loading') {
    return (
      <PageFrame titleKey={title}>
        <div className="up-mmd" role="status" aria-label={tApp('common.loading')}>
          <Skeleton className="up-mmd-skeleton up-mmd-skeleton--hero" animated />
          <Skeleton.Paragraph lineCount={5} animated />
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      </PageFrame>
    );
  }

  if (m.state === 'noId' || m.state === 'refused' || m.state === 'failed') {
    return (
      <PageFrame titleKey={title}>
        <div data-testid={`machine-${m.state}`} role={m.state === 'noId' ? undefined : 'alert'}>
          <ErrorBlock
            status={m.state === 'noId' ? 'empty' : 'default'}
            title={m.state === 'noId' ? t('state.noIdTitle') : m.state === 'refused' ? t('state.refusedTitle') : t('state.failedTitle')}
            description={m.state === 'noId' ? t('state.noIdBody') : m.message}
            fullPage={false}
          >
            <div className="up-mmd-buttons up-mmd-buttons--center">
              {m.state === 'failed' ? (
                <Button color="primary" onClick={m.refetch}>
                  {tp('common.retry')}
                </Button>
              ) : null}
              <Button onClick={toList}>{t('state.toList')}</Button>
            </div>
          </ErrorBlock>
        </div>
      </PageFrame>
    );
  }

  const d = m.device!;
  const u = m.usage!;
  return (
    <PageFrame titleKey={title} actions={<AutoRefresh onRefresh={m.refresh} />}>
      <div className="up-mmd" data-testid="machine-detail">
        <Hero d={d} m={m} x={x} />
        <List className="up-mmd-list up-mmd-gpulink">
          <List.Item
            onClick={() => navigate(`${mobilePaths.account.orePoolVideoCard}?id=${d.id}`)}
            extra={t('gpus.count', { count: d.gpus.length })}
            description={d.gpus.length > 0 ? [...new Set(d.gpus.map((g) => g.model).filter(Boolean))].join(', ') : t('gpus.empty')}
            data-testid="gpu-link"
          >
            {t('gpus.open')}
          </List.Item>
        </List>
        <Comparison d={d} m={m} x={x} />
        <Card title={t('chart.title')} testId="machine-chart">
          <Segmented
            block
            value={m.range}
            onChange={(v) => m.setRange(v as HistoryRange)}
            options={HISTORY_RANGES.map((r) => ({ value: r, label: tp(`range.${r}`) }))}
            className="up-mmd-segmented"
          />
          {m.history.loading ? (
            <Skeleton className="up-mmd-skeleton" animated />
          ) : m.history.failed ? (
            <div className="up-mmd-chart-state" role="alert">
              <p>{t('chart.failed')}</p>
              <p className="up-mmd-note">{m.history.message}</p>
              <Button size="small" onClick={m.history.retry}>
                {tp('common.retry')}
              </Button>
            </div>
          ) : m.history.points.length === 0 ? (
            <div className="up-mmd-chart-state">
              <p>{t('chart.empty')}</p>
            </div>
          ) : (
            <LazyHashrateChart points={m.history.points} label={t('chart.line')} daily={m.history.daily} height={220} compact />
          )}
        </Card>
        <Overclock d={d} m={m} x={x} />
        <Facts
          header={t('system.title')}
          testId="machine-system"
          rows={[
            [t('system.os'), orDash([d.os, d.osVersion].filter(Boolean).join(' ')), 'system-os'],
            [t('system.driver'), orDash(d.driverVersion)],
            [t('system.cpuModel'), orDash(d.cpuModel), 'system-cpu'],
            [t('system.cpuTemp'), withUnit(d.cpuTemp, '°C')],
          ]}
        >
          <div className="up-mmd-usages" data-testid="machine-usage">
            <div>
              <span className="up-mmd-usages__label">{t('system.cpuUsage')}</span>
              <Usage percent={u.cpu.percent} level={u.cpu.level} testId="usage-cpu" />
            </div>
            <div>
              <span className="up-mmd-usages__label">{t('system.memory')}</span>
              <Usage percent={u.mem.percent} level={u.mem.level} detail={t('system.of', { used: formatBytes(d.memUsed), total: formatBytes(d.memTotal) })} testId="usage-mem" />
            </div>
            <div>
              <span className="up-mmd-usages__label">{t('system.disk')}</span>
              <Usage percent={u.disk.percent} level={u.disk.level} detail={t('system.of', { used: formatBytes(d.diskUsed), total: formatBytes(d.diskTotal) })} testId="usage-disk" />
            </div>
          </div>
        </Facts>
        <Facts
          header={t('mining.title')}
          testId="machine-mining"
          rows={[
            [t('mining.software'), orDash([d.minerSoftware, d.minerVersion].filter(Boolean).join(' ')), 'mining-software'],
            [t('mining.running'), d.minerRunning === null ? DASH : d.minerRunning ? t('mining.runningYes') : t('mining.runningNo')],
            [
              t('mining.pool'),
              d.runningPool ? (
                <span className="up-mmd-copyline">
                  <span className="up-mmd-mono">{d.runningPool}</span>
                  <MobileCopyButton text={d.runningPool} label={t('mining.copyPool')} />
                </span>
              ) : (
                DASH
              ),
              'mining-pool',
            ],
            [t('mining.burned'), d.burned ? t('mining.burnedYes') : t('mining.burnedNo')],
          ]}
        />
        <Facts
          header={t('network.title')}
          testId="machine-network"
          rows={[
            [t('network.intranetIp'), <span key="i" className="up-mmd-mono">{orDash(d.intranetIp)}</span>, 'network-intranet'],
            [t('network.publicIp'), <span key="p" className="up-mmd-mono">{orDash(d.publicIp)}</span>],
            [t('network.region'), orDash(d.region)],
            [t('network.firstSeen'), formatTime(d.firstSeenAt, lang)],
            [t('network.lastShare'), formatTime(d.lastShareAt, lang)],
            [t('network.lastReport'), formatTime(d.lastReportAt, lang)],
            [t('network.lastUpdate'), formatTime(d.lastUpdateTime, lang)],
            [t('network.onlineSince'), d.status === 'offline' ? DASH : formatTime(d.onlineSince, lang)],
          ]}
        />
      </div>
    </PageFrame>
  );
}
