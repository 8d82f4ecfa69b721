import { ArrowLeftOutlined, CheckCircleFilled, CopyOutlined, ExclamationCircleFilled, InfoCircleFilled, SyncOutlined } from '@ant-design/icons';
import { Button, Empty, Progress, Segmented, Skeleton, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoRefresh } from '@/components/auto-refresh';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { useMachineDetail, type MachineDetail } from '@/features/pool/machine/hooks/use-machine-detail';
import { DASH, durationText, formatBytes, formatTime, orDash, rangeText, withUnit } from '@/features/pool/machine/model/format';
import type { DeviceDetail, Gpu } from '@/features/pool/machine/model/types';
import { useMachineTexts } from '@/features/pool/machine/texts';
import { HISTORY_RANGES, type HistoryRange } from '@/features/pool/model/types';
import { formatSetting, settingsList } from '@/features/pool/overclock/model/rules';
import { LinkButton } from '@/features/pool/overclock/components/desktop-link-button';
import { stateTone } from '@/features/pool/overclock/model/status';
import './machine-detail.css';

type Texts = ReturnType<typeof useMachineTexts>;

const STATUS_COLOR = { normal: 'success', abnormal: 'warning', offline: 'default' } as const;

function Card({ title, extra, children, testId, className }: { title: ReactNode; extra?: ReactNode; children: ReactNode; testId?: string; className?: string }) {
  return (
    <section className={`up-md-card${className ? ` ${className}` : ''}`} data-testid={testId}>
      <header className="up-md-card__head">
        <h2 className="up-md-card__title">{title}</h2>
        {extra ? <div className="up-md-card__extra">{extra}</div> : null}
      </header>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode, string?]> }) {
  return (
    <dl className="up-md-facts">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="up-md-facts__row">
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function UsageBar({ percent, level, detail, testId }: { percent: number | null; level: string; detail: string; testId: string }) {
  if (percent === null) return <span data-testid={testId}>{DASH}</span>;
  const color = level === 'full' ? 'var(--up-danger)' : level === 'high' ? 'var(--up-warning)' : 'var(--up-brand)';
  return (
    <div className="up-md-usage" data-testid={testId}>
      <Progress percent={percent} showInfo={false} size="small" strokeColor={color} aria-label={`${percent}%`} />
      <span className="up-md-usage__text">
        <strong>{percent}%</strong> {detail}
      </span>
    </div>
  );
}

function PageState({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  return <PageFrame titleKey={titleKey}>{children}</PageFrame>;
}

function Hero({ d, m, x }: { d: DeviceDetail; m: MachineDetail; x: Texts }) {
  const { t, tp, lang } = x;
  const online = m.online && d.status !== 'offline' ? t(durationText(m.online).key, durationText(m.online).params) : t('duration.offline');
  return (
    <section className="up-md-hero" data-testid="machine-hero">
      <div className="up-md-hero__id">
        <span className="up-md-hero__label">{t('hero.label')}</span>
        <Typography.Text
          className="up-md-hero__worker"
          data-testid="machine-worker"
          copyable={{ text: d.code, icon: <CopyOutlined aria-label={t('hero.copyWorker')} />, tooltips: [tp('common.copy'), tp('common.copied')] }}
        >
          {d.code}
        </Typography.Text>
        <p className="up-md-hero__alias">{d.alias || <span className="up-md-muted">{t('hero.noAlias')}</span>}</p>
        <div className="up-md-hero__tags">
          <Tag color={STATUS_COLOR[d.status]} data-testid="machine-status">
            {tp(`status.${d.status}`)}
          </Tag>
          {d.initialising ? (
            <Tooltip title={t('hero.initialisingHint')}>
              <Tag color="processing" icon={<SyncOutlined spin />} data-testid="machine-initialising">
                {tp('status.initialising')}
              </Tag>
            </Tooltip>
          ) : null}
          <Tag>{d.bound ? t('hero.bound') : t('hero.unbound')}</Tag>
          <Tag>{t(`hero.kind.${d.kind}`, { defaultValue: d.kind })}</Tag>
        </div>
        <dl className="up-md-hero__meta">
          <div>
            <dt>{t('hero.coin')}</dt>
            <dd>{m.coinName || d.coin}</dd>
          </div>
          <div>
            <dt>{t('hero.subAccount')}</dt>
            <dd>{d.subAccount}</dd>
          </div>
        </dl>
      </div>
      <div className="up-md-hero__stats">
        <div className="up-md-stat up-md-stat--main">
          <span className="up-md-stat__label">{tp('figure.realTime')}</span>
          <span className="up-md-stat__value" data-testid="machine-realtime">
            {d.realTimeHashRate.show} <small>{d.realTimeHashRate.unit}</small>
          </span>
        </div>
        <div className="up-md-stat">
          <span className="up-md-stat__label">{tp('figure.day')}</span>
          <span className="up-md-stat__value" data-testid="machine-day">
            {d.dayHashRate.show} <small>{d.dayHashRate.unit}</small>
          </span>
        </div>
        <div className="up-md-stat">
          <span className="up-md-stat__label">{t('hero.onlineFor')}</span>
          <span className="up-md-stat__value up-md-stat__value--text" data-testid="machine-online">
            {online}
          </span>
        </div>
        <div className="up-md-stat">
          <span className="up-md-stat__label">{t('hero.lastUpdate')}</span>
          <span className="up-md-stat__value up-md-stat__value--text">{formatTime(d.lastUpdateTime, lang)}</span>
        </div>
        <div className="up-md-stat up-md-stat--wide">
          <span className="up-md-stat__label">{t('hero.shares')}</span>
          <span className="up-md-shares" data-testid="machine-shares">
            <span>
              {tp('figure.accepted')} <strong>{d.accepted.toLocaleString()}</strong>
            </span>
            <span>
              {tp('figure.rejected')} <strong>{d.rejected.toLocaleString()}</strong>
            </span>
            <span>
              {tp('figure.stale')} <strong>{d.stale.toLocaleString()}</strong>
            </span>
          </span>
        </div>
      </div>
    </section>
  );
}

const VERDICT_ICON = {
  within: <CheckCircleFilled />,
  above: <ExclamationCircleFilled />,
  below: <InfoCircleFilled />,
  noReport: <InfoCircleFilled />,
  noShares: <InfoCircleFilled />,
};

function Comparison({ d, m, x }: { d: DeviceDetail; m: MachineDetail; x: Texts }) {
  const { t } = x;
  const c = m.comparison!;
  const p = c.positions;
  return (
    <Card title={t('compare.title')} testId="machine-compare">
      <div className="up-md-compare__figures">
        <div>
          <span className="up-md-stat__label">{t('compare.reported')}</span>
          <strong className="up-md-compare__value up-md-compare__value--rig" data-testid="compare-reported">
            {d.reportedHashRate ? `${d.reportedHashRate.show} ${d.reportedHashRate.unit}` : t('compare.notReported')}
          </strong>
        </div>
        <div>
          <span className="up-md-stat__label">{t('compare.pool')}</span>
          <strong className="up-md-compare__value" data-testid="compare-pool">
            {d.realTimeHashRate.show} {d.realTimeHashRate.unit}
          </strong>
        </div>
        <div>
          <span className="up-md-stat__label">{t('compare.range')}</span>
          <strong className="up-md-compare__value" data-testid="compare-range">
            {rangeText(d.effectiveLow, d.effectiveHigh)}
          </strong>
        </div>
        <div>
          <span className="up-md-stat__label">{t('compare.shares')}</span>
          <strong className="up-md-compare__value" data-testid="compare-shares">
            {d.windowShares.toLocaleString()}
          </strong>
        </div>
      </div>
      <div className="up-md-scale" aria-hidden="true">
        <div className="up-md-scale__track">
          <span className="up-md-scale__band" style={{ left: `${p.low}%`, width: `${Math.max(0.8, p.high - p.low)}%` }} />
          <span className="up-md-scale__mark up-md-scale__mark--pool" style={{ left: `${p.pool}%` }} />
          {p.reported !== null ? <span className="up-md-scale__mark up-md-scale__mark--rig" style={{ left: `${p.reported}%` }} /> : null}
        </div>
        <div className="up-md-scale__legend">
          <span>
            <i className="up-md-key up-md-key--band" /> {t('compare.legendRange')}
          </span>
          <span>
            <i className="up-md-key up-md-key--pool" /> {t('compare.legendPool')}
          </span>
          <span>
            <i className="up-md-key up-md-key--rig" /> {t('compare.legendReported')}
          </span>
        </div>
      </div>
      <p className={`up-md-verdict up-md-verdict--${c.verdict}`} data-testid="compare-verdict">
        {VERDICT_ICON[c.verdict]} {t(`compare.verdict.${c.verdict}`)}
      </p>
      <p className="up-md-note" data-testid="compare-explain">
        {t('compare.explain')}
      </p>
    </Card>
  );
}

function Overclock({ d, m, x }: { d: DeviceDetail; m: MachineDetail; x: Texts }) {
  const { t, to, lang } = x;
  const s = m.overclock.state;
  const query = `?coin=${encodeURIComponent(d.coin)}&device=${d.id}`;
  return (
    <Card
      title={t('overclock.title')}
      testId="machine-overclock"
      extra={s && s.state !== 'none' ? <Tag color={stateTone(s.state)} icon={s.state === 'pending' ? <SyncOutlined spin /> : undefined} data-testid="overclock-state">{to(`state.${s.state}`)}</Tag> : null}
    >
      {!m.overclock.allowed ? (
        <p className="up-md-note" data-testid="overclock-unsupported">
          {t('overclock.notSupported', { coin: m.coinName || d.coin })}
        </p>
      ) : m.overclock.loading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : m.overclock.failed ? (
        <div className="up-md-inline-error" role="alert">
          <span>{t('overclock.failed')}</span>
          <Button size="small" onClick={m.overclock.retry}>
            {x.tp('common.retry')}
          </Button>
        </div>
      ) : !s || s.state === 'none' ? (
        <p className="up-md-muted" data-testid="overclock-none">
          {t('overclock.none')}
        </p>
      ) : (
        <>
          <Facts
            rows={[
              [t('overclock.template'), s.factory ? t('overclock.factory') : orDash(s.templateName), 'overclock-template'],
              [t('overclock.requested'), formatTime(s.requestedAt, lang)],
              [t('overclock.acknowledged'), formatTime(s.acknowledgedAt, lang)],
              ...(s.message ? ([[t('overclock.message'), s.message, 'overclock-message']] as Array<[string, ReactNode, string]>) : []),
            ]}
          />
          {settingsList(s.settings).length > 0 ? (
            <div className="up-md-chips">
              {settingsList(s.settings).map(([k, v]) => (
                <span key={k} className="up-md-chip">
                  {to(`settings.${k}`)} <strong>{formatSetting(k, v)}</strong>
                </span>
              ))}
            </div>
          ) : null}
        </>
      )}
      {m.overclock.allowed ? (
        <div className="up-md-actions">
          <LinkButton type="primary" to={`${paths.account.orePoolOverclockSet}${query}`} data-testid="overclock-apply-link">
            {t('overclock.apply')}
          </LinkButton>
          <LinkButton to={`${paths.account.orePoolOverclockCancel}${query}`}>{t('overclock.cancel')}</LinkButton>
        </div>
      ) : null}
    </Card>
  );
}

function gpuColumns({ t }: Texts): ColumnsType<Gpu> {
  const num = (unit: string) => (v: number | null) => withUnit(v, unit);
  return [
    { title: t('gpus.index'), dataIndex: 'index', width: 60, render: (v: number) => v },
    { title: t('gpus.model'), dataIndex: 'model', render: (v: string) => <strong>{orDash(v)}</strong> },
    {
      title: t('gpus.status'),
      dataIndex: 'status',
      render: (v: string) =>
        v === 'down' ? (
          <Tooltip title={t('gpus.downHint')}>
            <Tag color="error">{t('gpus.down')}</Tag>
          </Tooltip>
        ) : v === 'up' ? (
          <Tag color="success">{t('gpus.up')}</Tag>
        ) : (
          orDash(v)
        ),
    },
    { title: t('gpus.hashrate'), key: 'hashrate', align: 'right', render: (_: unknown, g) => (g.hashrate === null ? DASH : `${g.hashRateShow.show} ${g.hashRateShow.unit}`) },
    { title: t('gpus.temperature'), dataIndex: 'temperature', align: 'right', render: num('°C') },
    { title: t('gpus.fan'), dataIndex: 'fan', align: 'right', render: num('%') },
    { title: t('gpus.power'), dataIndex: 'power', align: 'right', render: num('W') },
    { title: t('gpus.coreClock'), dataIndex: 'coreClock', align: 'right', render: num('MHz') },
    { title: t('gpus.memoryClock'), dataIndex: 'memoryClock', align: 'right', render: num('MHz') },
    { title: t('gpus.memoryModel'), dataIndex: 'memoryModel', render: (v: string) => orDash(v) },
    { title: t('gpus.manufacturer'), dataIndex: 'manufacturer', render: (v: string) => orDash(v) },
  ];
}

function HistoryCard({ m, x }: { m: MachineDetail; x: Texts }) {
  const { t, tp } = x;
  return (
    <Card
      title={t('chart.title')}
      testId="machine-chart"
      extra={
        <Segmented<HistoryRange>
          value={m.range}
          onChange={m.setRange}
          options={HISTORY_RANGES.map((r) => ({ value: r, label: tp(`range.${r}`) }))}
          data-testid="chart-range"
        />
      }
    >
      {m.history.loading ? (
        <Skeleton.Node active className="up-md-chart-skeleton">
          <span />
        </Skeleton.Node>
      ) : m.history.failed ? (
        <div className="up-md-chart-state" role="alert">
          <p>{t('chart.failed')}</p>
          <p className="up-md-muted">{m.history.message}</p>
          <Button onClick={m.history.retry}>{tp('common.retry')}</Button>
        </div>
      ) : m.history.points.length === 0 ? (
        <div className="up-md-chart-state">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.empty')} />
        </div>
      ) : (
        <LazyHashrateChart points={m.history.points} label={t('chart.line')} daily={m.history.daily} height={280} />
      )}
    </Card>
  );
}

/** DesktopMachineDetail is the desktop orePoolMachineDetail page. */
export function DesktopMachineDetail() {
  const { t: tApp } = useTranslation();
  const x = useMachineTexts();
  const m = useMachineDetail();
  const { t, tp, lang } = x;
  const title = 'pages.orePoolMachineDetail';
  const back = (
    <LinkButton to={paths.account.orePoolAnlageuebersicht} icon={<ArrowLeftOutlined />}>
      {x.ready ? t('state.toList') : ''}
    </LinkButton>
  );

  if (!x.ready || m.state === 'loading') {
    return (
      <PageState titleKey={title}>
        <div className="up-md" role="status" aria-label={tApp('common.loading')}>
          <div className="up-md-card">
            <Skeleton active paragraph={{ rows: 3 }} />
          </div>
          <div className="up-md-grid2">
            <div className="up-md-card">
              <Skeleton active paragraph={{ rows: 4 }} />
            </div>
            <div className="up-md-card">
              <Skeleton active paragraph={{ rows: 4 }} />
            </div>
          </div>
        </div>
      </PageState>
    );
  }

  if (m.state === 'noId' || m.state === 'refused' || m.state === 'failed') {
    const refused = m.state === 'refused';
    return (
      <PageState titleKey={title}>
        <div className={`up-md-state up-md-state--${m.state}`} role={m.state === 'noId' ? undefined : 'alert'} data-testid={`machine-${m.state}`}>
          <span className="up-md-state__icon" aria-hidden="true">
            {m.state === 'failed' ? <ExclamationCircleFilled /> : <InfoCircleFilled />}
          </span>
          <h2>{m.state === 'noId' ? t('state.noIdTitle') : refused ? t('state.refusedTitle') : t('state.failedTitle')}</h2>
          <p>{m.state === 'noId' ? t('state.noIdBody') : m.message}</p>
          <div className="up-md-actions up-md-actions--center">
            {m.state === 'failed' ? (
              <Button type="primary" onClick={m.refetch}>
                {tp('common.retry')}
              </Button>
            ) : null}
            {back}
          </div>
        </div>
      </PageState>
    );
  }

  const d = m.device!;
  const u = m.usage!;
  return (
    <PageFrame
      titleKey={title}
      actions={
        <div className="up-md-head-actions">
          <AutoRefresh onRefresh={m.refresh} />
          {back}
        </div>
      }
    >
      <div className="up-md" data-testid="machine-detail">
        <Hero d={d} m={m} x={x} />
        <div className="up-md-grid2">
          <Comparison d={d} m={m} x={x} />
          <Overclock d={d} m={m} x={x} />
        </div>
        <HistoryCard m={m} x={x} />
        <Card title={t('gpus.title')} extra={<span className="up-md-muted">{t('gpus.count', { count: d.gpus.length })}</span>} testId="machine-gpus">
          {d.gpus.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gpus.empty')} />
          ) : (
            <Table<Gpu> rowKey="index" size="middle" columns={gpuColumns(x)} dataSource={d.gpus} pagination={false} scroll={{ x: 1000 }} data-testid="gpu-table" />
          )}
        </Card>
        <div className="up-md-grid3">
          <Card title={t('system.title')} testId="machine-system">
            <Facts
              rows={[
                [t('system.os'), orDash([d.os, d.osVersion].filter(Boolean).join(' ')), 'system-os'],
                [t('system.driver'), orDash(d.driverVersion)],
                [t('system.cpuModel'), orDash(d.cpuModel), 'system-cpu'],
                [t('system.cpuTemp'), withUnit(d.cpuTemp, '°C')],
                [t('system.cpuUsage'), <UsageBar key="cpu" percent={u.cpu.percent} level={u.cpu.level} detail="" testId="usage-cpu" />],
                [
                  t('system.memory'),
                  <UsageBar key="mem" percent={u.mem.percent} level={u.mem.level} detail={t('system.of', { used: formatBytes(d.memUsed), total: formatBytes(d.memTotal) })} testId="usage-mem" />,
                ],
                [
                  t('system.disk'),
                  <UsageBar key="disk" percent={u.disk.percent} level={u.disk.level} detail={t('system.of', { used: formatBytes(d.diskUsed), total: formatBytes(d.diskTotal) })} testId="usage-disk" />,
                ],
              ]}
            />
          </Card>
          <Card title={t('mining.title')} testId="machine-mining">
            <Facts
              rows={[
                [t('mining.software'), orDash([d.minerSoftware, d.minerVersion].filter(Boolean).join(' ')), 'mining-software'],
                [
                  t('mining.running'),
                  d.minerRunning === null ? DASH : d.minerRunning ? <Tag color="success">{t('mining.runningYes')}</Tag> : <Tag color="error">{t('mining.runningNo')}</Tag>,
                ],
                [
                  t('mining.pool'),
                  d.runningPool ? (
                    <Typography.Text className="up-md-mono" copyable={{ text: d.runningPool, icon: <CopyOutlined aria-label={t('mining.copyPool')} />, tooltips: [tp('common.copy'), tp('common.copied')] }}>
                      {d.runningPool}
                    </Typography.Text>
                  ) : (
                    DASH
                  ),
                  'mining-pool',
                ],
                [t('mining.burned'), d.burned ? t('mining.burnedYes') : t('mining.burnedNo')],
              ]}
            />
          </Card>
          <Card title={t('network.title')} testId="machine-network">
            <Facts
              rows={[
                [t('network.intranetIp'), <span key="i" className="up-md-mono">{orDash(d.intranetIp)}</span>, 'network-intranet'],
                [t('network.publicIp'), <span key="p" className="up-md-mono">{orDash(d.publicIp)}</span>],
                [t('network.region'), orDash(d.region)],
                [t('network.firstSeen'), formatTime(d.firstSeenAt, lang)],
                [t('network.lastShare'), formatTime(d.lastShareAt, lang)],
                [t('network.lastReport'), formatTime(d.lastReportAt, lang)],
                [t('network.lastUpdate'), formatTime(d.lastUpdateTime, lang)],
                [t('network.onlineSince'), d.status === 'offline' ? DASH : formatTime(d.onlineSince, lang)],
              ]}
            />
          </Card>
        </div>
      </div>
    </PageFrame>
  );
}
