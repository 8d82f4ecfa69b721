import { ArrowLeftOutlined, CheckCircleFilled, CopyOutlined, ExclamationCircleFilled, InfoCircleFilled, SyncOutlined } from '@ant-design/icons';
import { Button, Empty, Progress, Segmented, Skeleton, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoRefresh } from '@/components/auto-refresh';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { PageFrame } from '@/components/page-frame';
import { rateText } from '@/lib/hashrate';
import { paths } from '@/config/paths';
import { useMachineDetail, type MachineDetail } from '@/features/pool/machine/hooks/use-machine-detail';
import { DASH, orDash, withUnit } from '@/features/pool/machine/model/format';
import type { DeviceDetail, Gpu } from '@/features/pool/machine/model/types';
import * as view from '@/features/pool/machine/model/view';
import type { Fact, FactValue, Usage } from '@/features/pool/machine/model/view';
import { FigureValue, LabelledValues } from '@/features/pool/machine/components/figure-parts';
import { HashrateComparison } from '@/features/pool/machine/components/hashrate-comparison';
import { OverclockCard } from '@/features/pool/machine/components/overclock-body';
import { useMachineTexts } from '@/features/pool/machine/texts';
import { HISTORY_RANGES, type HistoryRange } from '@/features/pool/model/types';
import { LinkButton } from '@/features/pool/overclock/components/desktop-link-button';
import { stateTone } from '@/features/pool/overclock/model/status';
import '@/components/card/card.css';
import './machine-detail.css';

type Texts = ReturnType<typeof useMachineTexts>;

const STATUS_COLOR = { normal: 'success', abnormal: 'warning', offline: 'default' } as const;

function Card({ title, extra, children, testId, className }: { title: ReactNode; extra?: ReactNode; children: ReactNode; testId?: string; className?: string }) {
  return (
    <section className={`up-card${className ? ` ${className}` : ''}`} data-testid={testId}>
      <header className="up-card__head up-md-card__head">
        <h2 className="up-card__title">{title}</h2>
        {extra ? <div className="up-md-card__extra">{extra}</div> : null}
      </header>
      {children}
    </section>
  );
}

function FactValueView({ value, x }: { value: FactValue; x: Texts }) {
  switch (value.kind) {
    case 'mono':
      return <span className="up-card-mono">{value.text}</span>;
    case 'flag':
      return <Tag color={value.ok ? 'success' : 'error'}>{value.text}</Tag>;
    case 'copy':
      return (
        <Typography.Text className="up-card-mono" copyable={{ text: value.text, icon: <CopyOutlined aria-label={value.copyLabel} />, tooltips: [x.tp('common.copy'), x.tp('common.copied')] }}>
          {value.text}
        </Typography.Text>
      );
    default:
      return <>{value.text}</>;
  }
}

function Facts({ rows, x, children }: { rows: Fact[]; x: Texts; children?: ReactNode }) {
  return (
    <dl className="up-md-facts">
      {rows.map((row) => (
        <div key={row.label} className="up-md-facts__row">
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>
            <FactValueView value={row.value} x={x} />
          </dd>
        </div>
      ))}
      {children}
    </dl>
  );
}

function UsageBar({ usage: { percent, level, detail, testId } }: { usage: Usage }) {
  if (percent === null) return <span data-testid={testId}>{DASH}</span>;
  return (
    <div className="up-md-usage" data-testid={testId}>
      <Progress percent={percent} showInfo={false} size="small" strokeColor={view.usageColor(level)} aria-label={`${percent}%`} />
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
  const { t, tp } = x;
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
        <p className="up-md-hero__alias">{d.alias || <span className="up-card-muted">{t('hero.noAlias')}</span>}</p>
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
        {view.heroFigures(d, m.online, x).map((f, i) => (
          <div key={f.label} className={`up-md-stat${i === 0 ? ' up-md-stat--main' : ''}`}>
            <span className="up-md-stat__label">{f.label}</span>
            <span className={`up-md-stat__value${f.unit === undefined ? ' up-md-stat__value--text' : ''}`} data-testid={f.testId}>
              <FigureValue f={f} />
            </span>
          </div>
        ))}
        <div className="up-md-stat up-md-stat--wide">
          <span className="up-md-stat__label">{t('hero.shares')}</span>
          <span className="up-md-shares" data-testid="machine-shares">
            <LabelledValues items={view.shareCounts(d, x)} />
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
  measuring: <InfoCircleFilled />,
};

function Comparison({ d, m, x }: { d: DeviceDetail; m: MachineDetail; x: Texts }) {
  const c = m.comparison!;
  return (
    <Card title={x.t('compare.title')} testId="machine-compare">
      <HashrateComparison d={d} verdict={c.verdict} positions={c.positions} x={x} verdictIcon={VERDICT_ICON[c.verdict]} />
    </Card>
  );
}

function Overclock(p: { d: DeviceDetail; m: MachineDetail; x: Texts }) {
  const { m, x } = p;
  return (
    <OverclockCard
      {...p}
      frame={Card}
      stateTag={(state, label) => (
        <Tag color={stateTone(state)} icon={state === 'pending' ? <SyncOutlined spin /> : undefined} data-testid="overclock-state">
          {label}
        </Tag>
      )}
      size="desktop"
      loading={<Skeleton active paragraph={{ rows: 2 }} title={false} />}
      retry={
        <Button size="small" onClick={m.overclock.retry}>
          {x.tp('common.retry')}
        </Button>
      }
      facts={(rows) => <Facts rows={rows} x={x} />}
      actions={(query) => (
        <div className="up-md-actions">
          <LinkButton type="primary" to={`${paths.account.orePoolOverclockSet}${query}`} data-testid="overclock-apply-link">
            {x.t('overclock.apply')}
          </LinkButton>
          <LinkButton to={`${paths.account.orePoolOverclockCancel}${query}`}>{x.t('overclock.cancel')}</LinkButton>
        </div>
      )}
    />
  );
}

function gpuColumns({ t }: Texts): ColumnsType<Gpu> {
  const num = (unit: string) => (v: number | null) => withUnit(v, unit);
  return [
    { title: t('gpus.index'), dataIndex: 'index', width: 60, fixed: 'left', render: (v: number) => v },
    { title: t('gpus.model'), dataIndex: 'model', fixed: 'left', render: (v: string) => <strong>{orDash(v)}</strong> },
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
    { title: t('gpus.hashrate'), key: 'hashrate', align: 'right', render: (_: unknown, g) => (g.hashrate === null ? DASH : rateText(g.hashRateShow, '')) },
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
          <p className="up-card-muted">{m.history.message}</p>
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
  const { t, tp } = x;
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
          <div className="up-card">
            <Skeleton active paragraph={{ rows: 3 }} />
          </div>
          <div className="up-md-grid2">
            <div className="up-card">
              <Skeleton active paragraph={{ rows: 4 }} />
            </div>
            <div className="up-card">
              <Skeleton active paragraph={{ rows: 4 }} />
            </div>
          </div>
        </div>
      </PageState>
    );
  }

  if (m.state === 'noId' || m.state === 'refused' || m.state === 'failed') {
    const text = view.pageStateText(m.state, m.message, x);
    return (
      <PageState titleKey={title}>
        <div className={`up-md-state up-md-state--${m.state}`} role={m.state === 'noId' ? undefined : 'alert'} data-testid={`machine-${m.state}`}>
          <span className="up-md-state__icon" aria-hidden="true">
            {m.state === 'failed' ? <ExclamationCircleFilled /> : <InfoCircleFilled />}
          </span>
          <h2>{text.title}</h2>
          <p>{text.body}</p>
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
        <Card title={t('gpus.title')} extra={<span className="up-card-muted">{t('gpus.count', { count: d.gpus.length })}</span>} testId="machine-gpus">
          {d.gpus.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gpus.empty')} />
          ) : (
            <Table<Gpu> rowKey="index" size="middle" columns={gpuColumns(x)} dataSource={d.gpus} pagination={false} scroll={{ x: 'max-content' }} data-testid="gpu-table" />
          )}
        </Card>
        <div className="up-md-grid3">
          <Card title={t('system.title')} testId="machine-system">
            <Facts rows={view.systemFacts(d, x)} x={x}>
              {view.usages(d, m.usage!, x).map((usage) => (
                <div key={usage.testId} className="up-md-facts__row">
                  <dt>{usage.label}</dt>
                  <dd>
                    <UsageBar usage={usage} />
                  </dd>
                </div>
              ))}
            </Facts>
          </Card>
          <Card title={t('mining.title')} testId="machine-mining">
            <Facts rows={view.miningFacts(d, x)} x={x} />
          </Card>
          <Card title={t('network.title')} testId="machine-network">
            <Facts rows={view.networkFacts(d, x)} x={x} />
          </Card>
        </div>
      </div>
    </PageFrame>
  );
}
