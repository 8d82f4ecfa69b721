import { Button, ErrorBlock, List, ProgressBar, Segmented, Skeleton, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AutoRefresh } from '@/components/auto-refresh';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { PageFrame } from '@/components/page-frame';
import { mobilePaths } from '@/config/paths';
import { useMachineDetail, type MachineDetail } from '@/features/pool/machine/hooks/use-machine-detail';
import { DASH } from '@/features/pool/machine/model/format';
import type { DeviceDetail } from '@/features/pool/machine/model/types';
import { FigureValue, LabelledValues } from '@/features/pool/machine/components/figure-parts';
import { HashrateComparison } from '@/features/pool/machine/components/hashrate-comparison';
import { OverclockCard } from '@/features/pool/machine/components/overclock-body';
import { useMachineTexts } from '@/features/pool/machine/texts';
import * as view from '@/features/pool/machine/model/view';
import type { Fact, FactValue, Usage } from '@/features/pool/machine/model/view';
import { HISTORY_RANGES, type HistoryRange } from '@/features/pool/model/types';
import { MobileCopyButton } from '@/features/pool/overclock/components/mobile-copy';
import '@/components/card/card.css';
import './machine-detail.css';

type Texts = ReturnType<typeof useMachineTexts>;

const STATUS_COLOR = { normal: 'success', abnormal: 'warning', offline: 'default' } as const;
const OC_COLOR = { none: 'default', pending: 'primary', applied: 'success', failed: 'danger' } as const;

function Card({ title, extra, children, testId }: { title: string; extra?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="up-card" data-testid={testId}>
      <header className="up-card__head">
        <h2 className="up-card__title">{title}</h2>
        {extra}
      </header>
      {children}
    </section>
  );
}

function UsageBar({ usage: { percent, level, detail, testId } }: { usage: Usage }) {
  if (percent === null) return <span data-testid={testId}>{DASH}</span>;
  const color = view.usageColor(level);
  return (
    <div className="up-mmd-usage" data-testid={testId}>
      <span>
        <strong>{percent}%</strong> {detail}
      </span>
      <ProgressBar percent={percent} style={{ '--fill-color': color, '--track-width': '6px' } as React.CSSProperties} />
    </div>
  );
}

function FactValueView({ value }: { value: FactValue }) {
  switch (value.kind) {
    case 'mono':
      return <span className="up-card-mono">{value.text}</span>;
    case 'copy':
      return (
        <span className="up-mmd-copyline">
          <span className="up-card-mono">{value.text}</span>
          <MobileCopyButton text={value.text} label={value.copyLabel} />
        </span>
      );
    default:
      return <>{value.text}</>;
  }
}

function FactList({ rows, className = 'up-mmd-facts' }: { rows: Fact[]; className?: string }) {
  return (
    <dl className={className}>
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>
            <FactValueView value={row.value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Facts({ header, rows, testId, children }: { header: string; rows: Fact[]; testId: string; children?: ReactNode }) {
  return (
    <Card title={header} testId={testId}>
      <FactList rows={rows} />
      {children}
    </Card>
  );
}

function Hero({ d, m, x }: { d: DeviceDetail; m: MachineDetail; x: Texts }) {
  const { t, tp } = x;
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
        {view.heroFigures(d, m.online, x).map((f) => (
          <div key={f.label}>
            <span>{f.label}</span>
            <strong className={f.unit === undefined ? 'up-mmd-stats__text' : undefined} data-testid={f.testId}>
              <FigureValue f={f} />
            </strong>
          </div>
        ))}
      </div>
      <div className="up-mmd-shares" data-testid="machine-shares">
        <LabelledValues items={view.shareCounts(d, x)} />
      </div>
    </section>
  );
}

function Comparison({ d, m, x }: { d: DeviceDetail; m: MachineDetail; x: Texts }) {
  const c = m.comparison!;
  return (
    <Card title={x.t('compare.title')} testId="machine-compare">
      <HashrateComparison d={d} verdict={c.verdict} positions={c.positions} x={x} compact />
    </Card>
  );
}

function Overclock(p: { d: DeviceDetail; m: MachineDetail; x: Texts }) {
  const { m, x } = p;
  const navigate = useNavigate();
  return (
    <OverclockCard
      {...p}
      frame={Card}
      stateTag={(state, label) => (
        <Tag color={OC_COLOR[state]} fill="outline" data-testid="overclock-state">
          {label}
        </Tag>
      )}
      size="mobile"
      loading={<Skeleton.Paragraph lineCount={2} animated />}
      retry={
        <Button size="mini" onClick={m.overclock.retry}>
          {x.tp('common.retry')}
        </Button>
      }
      facts={(rows) => <FactList rows={rows} className="up-mmd-dl" />}
      actions={(query) => (
        <div className="up-mmd-buttons">
          <Button color="primary" size="small" onClick={() => navigate(`${mobilePaths.account.orePoolOverclockSet}${query}`)} data-testid="overclock-apply-link">
            {x.t('overclock.apply')}
          </Button>
          <Button size="small" onClick={() => navigate(`${mobilePaths.account.orePoolOverclockCancel}${query}`)}>
            {x.t('overclock.cancel')}
          </Button>
        </div>
      )}
    />
  );
}

/** MobileMachineDetail is the mobile orePoolMachineDetail page. */
export function MobileMachineDetail() {
  const { t: tApp } = useTranslation();
  const x = useMachineTexts();
  const m = useMachineDetail();
  const navigate = useNavigate();
  const { t, tp } = x;
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
            title={view.pageStateText(m.state, m.message, x).title}
            description={view.pageStateText(m.state, m.message, x).body}
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
        <Facts header={t('system.title')} testId="machine-system" rows={view.systemFacts(d, x)}>
          <div className="up-mmd-usages" data-testid="machine-usage">
            {view.usages(d, m.usage!, x).map((usage) => (
              <div key={usage.testId}>
                <span className="up-mmd-usages__label">{usage.label}</span>
                <UsageBar usage={usage} />
              </div>
            ))}
          </div>
        </Facts>
        <Facts header={t('mining.title')} testId="machine-mining" rows={view.miningFacts(d, x)} />
        <Facts header={t('network.title')} testId="machine-network" rows={view.networkFacts(d, x)} />
      </div>
    </PageFrame>
  );
}
