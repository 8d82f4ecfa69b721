// The explorer's panels that read the same on a desktop and a phone: the overview's and a
// ranked miner's figures, a block's facts and a transaction's. A layout passes its widgets
// (ExplorerKit: antd or antd-mobile) and its size, which names the classes (up-explorer-*
// on the desktop, up-mexplorer-* on a phone) and the few places the phone's narrow column
// lays a long hash out on its own line.
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import type { CopyTextProps } from '@/components/copy-text/copy-text';
import { useFormat } from '@/lib/use-format';
import { confirmationsOf, formatEffort, formatShare, trimAmount } from '../model/format';
import { withCoin, type ExplorerPaths } from '../model/links';
import type { BlockDetail, Overview, PoolBlock, RankedDetail, Transaction } from '../model/types';
import { useExplorerTexts } from '../texts';
import './explorer-panels.css';

/** ExplorerKit is what a layout lends the panels. */
export interface ExplorerKit {
  size: 'desktop' | 'mobile';
  paths: ExplorerPaths;
  /** Copy is CopyText on the desktop, MCopyText on a phone. */
  Copy: ComponentType<CopyTextProps>;
  /** Card is one figure (pool/parts Card or MCard). */
  Card: ComponentType<{ label: string; value: string; unit?: string }>;
  StatusTag: ComponentType<{ b: PoolBlock }>;
  TxStatusTag: ComponentType<{ tx: Transaction }>;
}

/** classes are the size's class prefixes: the explorer's own and the pool pages' panels. */
function classes(kit: ExplorerKit) {
  return kit.size === 'desktop' ? { x: 'up-explorer', pool: 'up-pool' } : { x: 'up-mexplorer', pool: 'up-mpool' };
}

/** OverviewCards are the network's and the pool's figures (the reward last and wide on a phone). */
export function OverviewCards({ o, kit }: { o: Overview; kit: ExplorerKit }) {
  const { t } = useExplorerTexts();
  const { Card } = kit;
  const c = classes(kit);
  const reward = <Card label={t('net.reward')} value={trimAmount(o.reward)} unit={o.unit} />;
  return (
    <div className={`${c.pool}-cards`} data-testid="explorer-cards">
      <Card label={t('net.height')} value={String(o.height)} />
      <Card label={t('net.difficulty')} value={o.difficulty.toPrecision(4)} />
      <Card label={t('net.hashrate')} value={o.networkHashRate.show} unit={o.networkHashRate.unit} />
      <Card label={t('net.pool')} value={o.poolHashRate.show} unit={o.poolHashRate.unit} />
      <Card label={t('net.share')} value={formatShare(o.poolShare)} />
      {kit.size === 'desktop' ? reward : null}
      <Card label={t('net.blocks24h')} value={String(o.blocks24h)} />
      {kit.size === 'mobile' ? <div className="up-mexplorer-wide">{reward}</div> : null}
    </div>
  );
}

/** MinerCards are a ranked miner's figures. */
export function MinerCards({ m, kit }: { m: RankedDetail; kit: ExplorerKit }) {
  const { t } = useExplorerTexts();
  const { Card } = kit;
  return (
    <div className={`${classes(kit).pool}-cards`} data-testid="miner-cards">
      <Card label={t('col.miner')} value={m.miner} />
      <Card label={t('col.rank')} value={String(m.rank)} />
      <Card label={t('col.hashrate')} value={m.hashRate24h.show} unit={m.hashRate24h.unit} />
      <Card label={t('col.blocks')} value={String(m.blocks30d)} />
    </div>
  );
}

/** Labelled is a hash on its own line under its label (a phone's column is too narrow beside it). */
function Labelled({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="up-mexplorer-hash">
      <span>{label}</span>
      {children}
    </div>
  );
}

/** BlockPanels are a block's facts, the pool's record of it (if the pool found it) and its transactions. */
export function BlockPanels({ coin, b, kit }: { coin: string; b: BlockDetail; kit: ExplorerKit }) {
  const { t } = useExplorerTexts();
  const f = useFormat();
  const { Copy, StatusTag } = kit;
  const c = classes(kit);
  const desktop = kit.size === 'desktop';
  const hash = <Copy text={b.hash} testId="block-hash" />;
  const rest = b.txCount - b.txids.length;
  return (
    <>
      <section className={`${c.pool}-panel`} data-testid="block-detail">
        <dl className={`${c.x}-dl`}>
          <dt>{t('col.height')}</dt>
          <dd data-testid="block-height">{b.height}</dd>
          {desktop ? (
            <>
              <dt>{t('col.hash')}</dt>
              <dd>{hash}</dd>
            </>
          ) : null}
          <dt>{t('col.time')}</dt>
          <dd>{f.dateTime(b.time, true)}</dd>
          <dt>{t('block.confirmations')}</dt>
          <dd>{b.confirmations < 0 ? t('block.notMain') : b.confirmations}</dd>
          <dt>{t('block.difficulty')}</dt>
          <dd>{b.difficulty.toPrecision(6)}</dd>
          <dt>{t('col.size')}</dt>
          <dd>{b.size > 0 ? f.count(b.size) : '—'}</dd>
          <dt>{t('col.txs')}</dt>
          <dd>{b.txCount}</dd>
          <dt>{t('col.reward')}</dt>
          <dd>{b.reward}</dd>
        </dl>
        {desktop ? null : <Labelled label={t('col.hash')}>{hash}</Labelled>}
        <nav className={`${c.x}-nav`}>
          {b.prevHash && b.height > 0 ? (
            <Link to={withCoin(kit.paths.blockDetail(b.height - 1), coin)} data-testid="block-prev">
              ← {t('block.prev')}
            </Link>
          ) : (
            <span />
          )}
          {b.nextHash ? (
            <Link to={withCoin(kit.paths.blockDetail(b.height + 1), coin)} data-testid="block-next">
              {t('block.next')} →
            </Link>
          ) : null}
        </nav>
      </section>
      {b.poolBlock ? (
        <section className={`${c.pool}-panel`} data-testid="block-pool">
          <h2>{t('block.poolRecord')}</h2>
          <dl className={`${c.x}-dl`}>
            <dt>{t('col.status')}</dt>
            <dd>
              <StatusTag b={b.poolBlock} /> {confirmationsOf(b.poolBlock.confirmations, b.poolBlock.maturity)}
            </dd>
            <dt>{t('col.effort')}</dt>
            <dd>{formatEffort(b.poolBlock.effort)}</dd>
            <dt>{t('col.finder')}</dt>
            <dd>{b.poolBlock.solo ? <Copy text={b.poolBlock.finder} testId="pool-finder" /> : b.poolBlock.finder}</dd>
          </dl>
        </section>
      ) : null}
      <section className={`${c.pool}-panel`}>
        <h2>{t('block.txids')}</h2>
        <ol className={`${c.x}-txids`} data-testid="block-txids">
          {b.txids.map((id) => (
            <li key={id}>
              <Copy text={id} testId="block-txid" />
            </li>
          ))}
        </ol>
        {rest > 0 ? <p className={`${c.pool}-hint`}>{t('block.more', { count: rest })}</p> : null}
      </section>
    </>
  );
}

/** TxFacts is a transaction's facts: its hash, status, block, time, fee and source. */
export function TxFacts({ coin, tx, kit }: { coin: string; tx: Transaction; kit: ExplorerKit }) {
  const { t } = useExplorerTexts();
  const f = useFormat();
  const { Copy, TxStatusTag } = kit;
  const c = classes(kit);
  const desktop = kit.size === 'desktop';
  const hash = <Copy text={tx.txid} testId="tx-hash" />;
  const blockLink =
    tx.blockHeight >= 0 ? (
      <Link to={withCoin(kit.paths.blockDetail(tx.blockHeight), coin)} data-testid="tx-block-link">
        {tx.blockHeight}
      </Link>
    ) : null;
  const blockHash = tx.blockHash ? <Copy text={tx.blockHash} keep={10} testId="tx-block-hash" /> : null;
  return (
    <section className={`${c.pool}-panel`} data-testid="tx-detail">
      {desktop ? null : <Labelled label={t('tx.hash')}>{hash}</Labelled>}
      <dl className={desktop ? 'up-explorer-dl' : 'up-mexplorer-dl up-mexplorer-dl--spaced'}>
        {desktop ? (
          <>
            <dt>{t('tx.hash')}</dt>
            <dd>{hash}</dd>
          </>
        ) : null}
        <dt>{t('tx.status')}</dt>
        <dd>
          <TxStatusTag tx={tx} />
        </dd>
        <dt>{t('tx.block')}</dt>
        <dd data-testid="tx-block">
          {!blockLink ? (
            t('tx.noBlock')
          ) : desktop ? (
            <span className="up-explorer-block-ref">
              {blockLink}
              {blockHash}
            </span>
          ) : (
            blockLink
          )}
        </dd>
        <dt>{t('tx.time')}</dt>
        <dd>{f.dateTime(tx.time, true)}</dd>
        <dt>{t('tx.fee')}</dt>
        <dd>{tx.networkFee ? `${tx.networkFee} ${tx.unit}` : '—'}</dd>
        <dt>{t('tx.source')}</dt>
        <dd>{tx.pool ? t('tx.poolPayout') : t('tx.wallet')}</dd>
      </dl>
      {!desktop && blockHash ? <Labelled label={t('tx.blockHash')}>{blockHash}</Labelled> : null}
    </section>
  );
}
