// The solo pages' frame and the parts that read the same on a desktop and a phone: which
// page shows, the address's head (coin, address, links), the summary's figures and the
// equipment page's load states. A layout lends its widgets (SoloViews: antd or
// antd-mobile) and lays out on its own the search form, the summary's lists and the rigs.
import type { TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { PageFrame } from '@/components/page-frame';
import { useSoloSummary, useSoloTarget, useSoloWorkers, type SoloPaths } from '../hooks/use-solo';
import { formatDifficulty } from '../model/format';
import { targetQuery } from '../model/search';
import type { SoloSummary, SoloTarget, SoloWorker } from '../model/types';
import { useSoloTexts } from '../texts';

/** SoloPageName names the solo pages. */
export type SoloPageName = 'soloSearch' | 'soloSummary' | 'soloEquipment';

/** SoloViews are what a layout lends the solo pages. */
export interface SoloViews {
  size: 'desktop' | 'mobile';
  paths: SoloPaths;
  /** Copy is the pool pages' Copyable (desktop) or MCopy (phone). */
  Copy: ComponentType<{ text: string; tp: TFunction; testId?: string }>;
  /** Card is one figure (pool/parts Card or MCard). */
  Card: ComponentType<{ label: string; value: string; unit?: string }>;
  /** CoinTag is the coin's tag in the head. */
  CoinTag: ComponentType<{ children: ReactNode }>;
  Loading: ComponentType<{ rows: number }>;
  /** Refused is a refused address (with the way back to the search) or a failure with a retry. */
  Refused: ComponentType<{ error: unknown; retry: () => void }>;
  /** Empty says the address has no rigs; without it Workers is given none and says so itself. */
  Empty?: ComponentType<{ title: string }>;
  Search: ComponentType;
  Summary: ComponentType<{ target: SoloTarget }>;
  /** Workers lays out the address's rigs. */
  Workers: ComponentType<{ workers: SoloWorker[] }>;
}

/** SoloFrame is the summary and equipment pages' frame: the address, its links, then the body. */
export function SoloFrame({ page, target, views, children }: { page: 'soloSummary' | 'soloEquipment'; target: SoloTarget; views: SoloViews; children: ReactNode }) {
  const { t } = useSoloTexts();
  const { Copy, CoinTag } = views;
  const other = page === 'soloSummary' ? 'soloEquipment' : 'soloSummary';
  const p = views.size === 'desktop' ? 'up-solo' : 'up-msolo';
  const links = (
    <>
      <Link to={(other === 'soloEquipment' ? views.paths.equipment : views.paths.summary) + targetQuery(target)} data-testid={`solo-to-${other}`}>
        {t(other === 'soloEquipment' ? 'summary.equipment' : 'summary.overview')}
      </Link>
      <Link to={views.paths.search} data-testid="solo-change">
        {t('summary.change')}
      </Link>
    </>
  );
  return (
    <PageFrame titleKey={`pages.${page}`} actions={views.size === 'desktop' ? <span className="up-solo-refresh">{t('summary.refresh')}</span> : undefined}>
      <div className={`${p}-head`}>
        <CoinTag>{target.coin}</CoinTag>
        <Copy text={target.address} tp={t} testId="solo-target" />
        {views.size === 'desktop' ? links : <div className="up-msolo-links">{links}</div>}
      </div>
      {children}
    </PageFrame>
  );
}

/** SoloCards are the address's figures: hashrates, rigs online, best shares and blocks found. */
export function SoloCards({ s, views }: { s: SoloSummary; views: SoloViews }) {
  const { t } = useSoloTexts();
  const { Card } = views;
  return (
    <div className={views.size === 'desktop' ? 'up-pool-cards' : 'up-mpool-cards'} data-testid="solo-cards">
      <Card label={t('summary.hashrate10m')} value={s.hashRate10m.show} unit={s.hashRate10m.unit} />
      <Card label={t('summary.hashrate1h')} value={s.hashRate1h.show} unit={s.hashRate1h.unit} />
      <Card label={t('summary.hashrate24h')} value={s.hashRate24h.show} unit={s.hashRate24h.unit} />
      <Card label={t('summary.workersOnline')} value={t('summary.workersOf', { online: s.workersOnline, total: s.workers })} />
      <Card label={t('summary.bestSession')} value={formatDifficulty(s.bestShareSession)} />
      <Card label={t('summary.bestDay')} value={formatDifficulty(s.bestShareDay)} />
      <Card label={t('summary.bestEver')} value={formatDifficulty(s.bestShareEver)} />
      <Card label={t('summary.blocks')} value={String(s.blocksFound)} />
    </div>
  );
}

/**
 * SoloSummaryPage is the summary page's frame and load states; children lay out the summary
 * once it is in (v is useSoloSummary's state, for the chart). The layout's Summary calls its
 * own shares hook first, so the shares load beside the summary.
 */
export function SoloSummaryPage({
  target,
  views,
  children,
}: {
  target: SoloTarget;
  views: SoloViews;
  children: (s: SoloSummary, v: ReturnType<typeof useSoloSummary>) => ReactNode;
}) {
  const { ready } = useSoloTexts();
  const v = useSoloSummary(target);
  const s = v.summary.data;
  const { Loading, Refused } = views;
  return (
    <SoloFrame page="soloSummary" target={target} views={views}>
      {!ready || v.summary.isPending ? (
        <Loading rows={8} />
      ) : v.summary.isError || !s ? (
        <Refused error={v.summary.error} retry={() => void v.summary.refetch()} />
      ) : (
        <>
          <SoloCards s={s} views={views} />
          {children(s, v)}
        </>
      )}
    </SoloFrame>
  );
}

/** SoloEquipment is the equipment page: the address's rigs, or why they are not shown. */
function SoloEquipment({ target, views }: { target: SoloTarget; views: SoloViews }) {
  const { t, ready } = useSoloTexts();
  const q = useSoloWorkers(target);
  const { Loading, Refused, Empty, Workers } = views;
  return (
    <SoloFrame page="soloEquipment" target={target} views={views}>
      {!ready || q.isPending ? (
        <Loading rows={6} />
      ) : q.isError ? (
        <Refused error={q.error} retry={() => void q.refetch()} />
      ) : q.data.length === 0 && Empty ? (
        <Empty title={t('workers.empty')} />
      ) : (
        <Workers workers={q.data} />
      )}
    </SoloFrame>
  );
}

/** SoloArea renders the search, and the summary and equipment of the searched address (no login). */
export function SoloArea({ page, views }: { page: SoloPageName; views: SoloViews }) {
  const target = useSoloTarget();
  const { Search, Summary } = views;
  if (page === 'soloSearch') return <Search />;
  if (!target) return <Navigate to={views.paths.search} replace />;
  return page === 'soloSummary' ? (
    <Summary key={`${target.coin}:${target.address}`} target={target} />
  ) : (
    <SoloEquipment key={`${target.coin}:${target.address}`} target={target} views={views} />
  );
}
