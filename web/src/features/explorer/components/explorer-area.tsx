// The explorer's pages, once for both layouts: the frame (coin switch, search, its error),
// which page shows, a block's page, a ranked miner's and a transaction's, with their
// loading, failed and not-found states. A layout lends its widgets (ExplorerViews: antd or
// antd-mobile) and lays out on its own only what really differs: the coin switch and search
// box, the overview's and the ranking's lists, and a transaction's outputs.
import type { ComponentType, ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { PageFrame } from '@/components/page-frame';
import {
  isRefused,
  useBlock,
  useExplorerCoin,
  useExplorerSearch,
  useExplorerTitle,
  useRanked,
  useTransaction,
  useTxParam,
  type ExplorerLinks,
} from '../hooks/use-explorer';
import { confirmationsOf, parseHeight } from '../model/format';
import { withCoin } from '../model/links';
import type { PoolBlock, Transaction } from '../model/types';
import { useExplorerTexts } from '../texts';
import { BlockPanels, MinerCards, TxFacts, type ExplorerKit } from './explorer-panels';

/** ExplorerPageName names the explorer's pages. */
export type ExplorerPageName = 'overView' | 'rankingList' | 'rankingDetail' | 'blockDetail' | 'preBlockDetail';

/** Tone is what a status says: done, waiting, dropped, failed; a layout gives each its Tag colour. */
export type Tone = 'done' | 'waiting' | 'dropped' | 'failed';

type CoinState = ReturnType<typeof useExplorerCoin>;
type SearchState = ReturnType<typeof useExplorerSearch>;

/** ExplorerViews is ExplorerKit and the widgets a layout lays the pages out with. */
export interface ExplorerViews extends Omit<ExplorerKit, 'StatusTag' | 'TxStatusTag'> {
  links: ExplorerLinks;
  Tag: ComponentType<{ color?: string; children?: ReactNode; 'data-testid'?: string }>;
  tones: Record<Tone, string>;
  Loading: ComponentType<{ rows: number }>;
  Failed: ComponentType<{ retry: () => void; detail?: unknown }>;
  /** Missing says a thing is not there (testId marks it), with a way on (children). */
  Missing: ComponentType<{ title: string; testId?: string; children?: ReactNode }>;
  /** Bar is the coin switch and the search box (ExplorerSearch holds the box's form). */
  Bar: ComponentType<{ c: CoinState & { coin: NonNullable<CoinState['coin']> }; s: SearchState }>;
  Overview: ComponentType<{ coin: string }>;
  Ranking: ComponentType<{ coin: string }>;
  PoolBlocks: ComponentType<{ coin: string; rows: PoolBlock[]; header: string }>;
  TxOutputs: ComponentType<{ tx: Transaction }>;
  chart?: { compact?: boolean; height?: number };
}

const blockTone: Record<PoolBlock['status'], Tone> = { confirmed: 'done', orphaned: 'dropped', pending: 'waiting' };
const txTone: Record<Transaction['status'], Tone> = { confirmed: 'done', failed: 'failed', pending: 'waiting' };

/** kitOf gives the panels the layout's widgets, with the status tags drawn in its Tag. */
function kitOf(v: ExplorerViews): ExplorerKit {
  const { Tag, tones } = v;
  const StatusTag = ({ b }: { b: PoolBlock }) => {
    const { t } = useExplorerTexts();
    return (
      <Tag color={tones[blockTone[b.status]]} data-testid="block-status">
        {t(`status.${b.status}`)}
      </Tag>
    );
  };
  const TxStatusTag = ({ tx }: { tx: Transaction }) => {
    const { t } = useExplorerTexts();
    return (
      <span>
        <Tag color={tones[txTone[tx.status]]} data-testid="tx-status">
          {t(`tx.${tx.status}`)}
        </Tag>{' '}
        <span data-testid="tx-confirmations">{confirmationsOf(tx.confirmations, tx.required)}</span>
      </span>
    );
  };
  return { ...v, StatusTag, TxStatusTag };
}

const kits = new WeakMap<ExplorerViews, ExplorerKit>();
/** kitFor is kitOf once per layout, so the tags keep their identity between renders. */
export function kitFor(v: ExplorerViews): ExplorerKit {
  let k = kits.get(v);
  if (!k) {
    k = kitOf(v);
    kits.set(v, k);
  }
  return k;
}

/** ExplorerSearch is the search box's form; children are the layout's input and button. */
export function ExplorerSearch({ s, className, children }: { s: SearchState; className: string; children: ReactNode }) {
  return (
    <form
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        s.submit();
      }}
    >
      {children}
    </form>
  );
}

function RankedMinerPage({ coin, v }: { coin: string; v: ExplorerViews }) {
  const { t } = useExplorerTexts();
  const { address = '' } = useParams();
  const q = useRanked(coin, address);
  const m = q.data;
  const { Loading, Failed, Missing, PoolBlocks } = v;
  if (q.isPending) return <Loading rows={8} />;
  if (q.isError || !m)
    return isRefused(q.error) ? (
      <Missing title={t('miner.notFound')} testId="miner-not-found">
        <Link to={withCoin(v.paths.rankingList, coin)}>{t('ranking')}</Link>
      </Missing>
    ) : (
      <Failed retry={() => void q.refetch()} />
    );
  return (
    <>
      <MinerCards m={m} kit={kitFor(v)} />
      <section className={v.size === 'desktop' ? 'up-pool-panel' : 'up-mpool-panel'}>
        <h2>{t('miner.chart')}</h2>
        <LazyHashrateChart points={m.chart.map((p) => ({ time: p.time, hashRate: p.hashRate.hashRate }))} label={t('col.hashrate')} {...v.chart} />
      </section>
      <PoolBlocks coin={coin} rows={m.blocks} header={t('poolBlocks')} />
    </>
  );
}

function BlockPage({ coin, v }: { coin: string; v: ExplorerViews }) {
  const { t } = useExplorerTexts();
  const { height: raw } = useParams();
  const height = parseHeight(raw);
  const q = useBlock(coin, height);
  const b = q.data;
  const { Loading, Failed, Missing } = v;
  if (height === null || (q.isError && isRefused(q.error)))
    return (
      <Missing title={t('block.notFound')} testId="block-not-found">
        <Link to={withCoin(v.paths.overView, coin)}>{t('block.back')}</Link>
      </Missing>
    );
  if (q.isPending) return <Loading rows={10} />;
  if (q.isError || !b) return <Failed retry={() => void q.refetch()} />;
  return <BlockPanels coin={coin} b={b} kit={kitFor(v)} />;
}

/** TransactionPage is a transaction the search found (?tx=): what the node and the pool's records say of it. */
function TransactionPage({ coin, txid, v }: { coin: string; txid: string; v: ExplorerViews }) {
  const { t } = useExplorerTexts();
  const q = useTransaction(coin, txid);
  const tx = q.data;
  const { Loading, Failed, Missing, TxOutputs } = v;
  const back = <Link to={withCoin(v.paths.overView, coin)}>{t('tx.back')}</Link>;
  if (q.isPending) return <Loading rows={8} />;
  if (q.isError && isRefused(q.error))
    return (
      <Missing title={t('tx.notFound')} testId="tx-not-found">
        {back}
      </Missing>
    );
  if (q.isError || !tx) return <Failed retry={() => void q.refetch()} />;
  return (
    <>
      <TxFacts coin={coin} tx={tx} kit={kitFor(v)} />
      <TxOutputs tx={tx} />
      <p className={v.size === 'desktop' ? 'up-explorer-back' : 'up-mexplorer-back'}>{back}</p>
    </>
  );
}

/** ExplorerBody is the page's body: the overview (or the transaction ?tx= names), the ranking, a miner or a block. */
function ExplorerBody({ page, coin, v }: { page: ExplorerPageName; coin: string; v: ExplorerViews }) {
  const txid = useTxParam();
  const { Overview, Ranking } = v;
  switch (page) {
    case 'overView':
      return txid ? <TransactionPage coin={coin} txid={txid} v={v} /> : <Overview coin={coin} />;
    case 'rankingList':
      return <Ranking coin={coin} />;
    case 'rankingDetail':
      return <RankedMinerPage coin={coin} v={v} />;
    default:
      return <BlockPage coin={coin} v={v} />;
  }
}

/** ExplorerArea is every explorer page: the coin switch and the search above the page's body (no login). */
export function ExplorerArea({ page, title, v }: { page: ExplorerPageName; title: string; v: ExplorerViews }) {
  const { t, ready } = useExplorerTexts();
  const c = useExplorerCoin();
  const s = useExplorerSearch(c.coin?.type, v.links);
  const titleKey = useExplorerTitle(page, title, c.coin?.type);
  const { Loading, Failed, Missing, Bar } = v;
  const coin = c.coin;
  return (
    <PageFrame titleKey={titleKey}>
      {!ready || c.pending ? (
        <Loading rows={8} />
      ) : c.failed ? (
        <Failed retry={c.retry} />
      ) : !coin ? (
        <Missing title={t('none')} />
      ) : (
        <>
          <Bar c={{ ...c, coin }} s={s} />
          {s.error ? (
            <p className={v.size === 'desktop' ? 'up-explorer-error' : 'up-mexplorer-error'} role="alert" data-testid="explorer-error">
              {s.error}
            </p>
          ) : null}
          <ExplorerBody page={page} coin={coin.type} v={v} />
        </>
      )}
    </PageFrame>
  );
}
