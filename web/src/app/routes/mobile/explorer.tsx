// The block explorer on a phone (/mobile/explorderIndex/...): no login. The SPEC lists no
// phone pages for it; these are the desktop's pages under /mobile, one column each
// (docs/explorer.md). Data and state live in features/explorer; this file lays out antd-mobile.
import { Button, ErrorBlock, Input, List, Selector, Skeleton, Tag } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { MCopyText } from '@/components/copy-text/m-copy-text';
import { PageFrame } from '@/components/page-frame';
import { mobilePaths } from '@/config/paths';
import {
  isRefused,
  TX_PARAM,
  useBlock,
  useExplorerCoin,
  useExplorerSearch,
  useExplorerTitle,
  useOverview,
  useRanked,
  useRanking,
  useTransaction,
  useTxParam,
  type ExplorerLinks,
} from '@/features/explorer/hooks/use-explorer';
import { confirmationsOf, formatEffort, formatShare, finderIsAddress, parseHeight, trimAmount } from '@/features/explorer/model/format';
import type { PoolBlock, Transaction } from '@/features/explorer/model/types';
import { useExplorerTexts } from '@/features/explorer/texts';
import { errorMessage } from '@/lib/api-client';
import { explorerTitles as titles } from '../shared-titles';
import type { ExplorerPage } from '../desktop/explorer';
import { MCard } from './pool/parts';
import './pool/pool.css';
import './explorer.css';

const withCoin = (path: string, coin: string) => `${path}?coin=${encodeURIComponent(coin)}`;
const links: ExplorerLinks = {
  block: (coin, height) => withCoin(mobilePaths.explorer.blockDetail(height), coin),
  transaction: (coin, txid) => `${withCoin(mobilePaths.explorer.overView, coin)}&${TX_PARAM}=${txid}`,
  soloSummary: (coin, address) =>
    `${mobilePaths.account.soloSummary}?coin=${encodeURIComponent(coin)}&address=${encodeURIComponent(address)}`,
};
const when = (ms: number, lang: string) => (ms > 0 ? new Date(ms).toLocaleString(lang.replace('_', '-')) : '—');

function MFailed({ retry, detail }: { retry: () => void; detail?: unknown }) {
  const { t } = useExplorerTexts();
  return (
    <ErrorBlock status="default" title={t('loadFailed')} description={detail ? errorMessage(detail) : ''} data-testid="explorer-failed">
      <Button size="small" color="primary" onClick={retry}>
        {t('retry')}
      </Button>
    </ErrorBlock>
  );
}

/** MFrame is every explorer page on a phone: the coin switch and the search above the body. */
function MFrame({ page, children }: { page: ExplorerPage; children: (coin: string) => ReactNode }) {
  const { t, ready } = useExplorerTexts();
  const c = useExplorerCoin();
  const s = useExplorerSearch(c.coin?.type, links);
  const titleKey = useExplorerTitle(page, titles[page], c.coin?.type);
  return (
    <PageFrame titleKey={titleKey}>
      {!ready || c.pending ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : c.failed ? (
        <MFailed retry={c.retry} />
      ) : !c.coin ? (
        <ErrorBlock status="empty" title={t('none')} description="" />
      ) : (
        <>
          <Selector
            columns={4}
            value={[c.coin.type]}
            onChange={(v) => v[0] && c.setCoin(v[0])}
            options={c.coins.map((x) => ({ value: x.type, label: x.type }))}
            aria-label={t('coin')}
            data-testid="explorer-coin"
          />
          <form
            className="up-mexplorer-search"
            onSubmit={(e) => {
              e.preventDefault();
              s.submit();
            }}
          >
            <Input
              value={s.q}
              onChange={s.setQ}
              placeholder={t('search.placeholder')}
              clearable
              maxLength={128}
              aria-label={t('search.placeholder')}
              data-testid="explorer-q"
            />
            <Button type="submit" color="primary" size="small" loading={s.busy} data-testid="explorer-search">
              {t('search.submit')}
            </Button>
          </form>
          {s.error ? (
            <p className="up-mexplorer-error" role="alert" data-testid="explorer-error">
              {s.error}
            </p>
          ) : null}
          {children(c.coin.type)}
        </>
      )}
    </PageFrame>
  );
}

function MStatusTag({ b }: { b: PoolBlock }) {
  const { t } = useExplorerTexts();
  const color = b.status === 'confirmed' ? 'success' : b.status === 'orphaned' ? 'default' : 'warning';
  return (
    <Tag color={color} data-testid="block-status">
      {t(`status.${b.status}`)}
    </Tag>
  );
}

/** MPoolBlocks lists the pool's blocks; a tap opens the block with the pool's record. */
function MPoolBlocks({ coin, rows, header }: { coin: string; rows: PoolBlock[]; header: string }) {
  const { t, lang } = useExplorerTexts();
  const navigate = useNavigate();
  return (
    <List header={header} data-testid="pool-blocks">
      {rows.length === 0 ? <List.Item>{t('none')}</List.Item> : null}
      {rows.map((b) => (
        <List.Item
          key={b.hash}
          arrow
          onClick={() => navigate(withCoin(mobilePaths.explorer.preBlockDetail(b.height), coin))}
          data-testid="pool-block"
          description={
            <span className="up-mexplorer-desc">
              {`${t('col.confirmations')} ${confirmationsOf(b.confirmations, b.maturity)} · ${t('col.effort')} ${formatEffort(b.effort)}`}
              <br />
              {b.solo ? (
                <>
                  <Tag fill="outline">{t('solo')}</Tag> <MCopyText text={b.finder} keep={8} testId="block-finder" />
                </>
              ) : (
                <span className="up-mpool-mono">{b.finder}</span>
              )}
            </span>
          }
          extra={
            <span className="up-mexplorer-extra">
              <MStatusTag b={b} />
              <span>{b.reward}</span>
            </span>
          }
        >
          <span data-testid="pool-block-height">{b.height}</span>
          <div className="up-mexplorer-time">{when(b.foundAt, lang)}</div>
        </List.Item>
      ))}
    </List>
  );
}

function MOverview({ coin }: { coin: string }) {
  const { t, lang } = useExplorerTexts();
  const navigate = useNavigate();
  const q = useOverview(coin);
  const o = q.data;
  if (q.isPending) return <Skeleton.Paragraph lineCount={10} animated />;
  if (q.isError || !o) return <MFailed retry={() => void q.refetch()} detail={q.error} />;
  return (
    <>
      <p className="up-mexplorer-lead">{t('lead')}</p>
      <div className="up-mpool-cards" data-testid="explorer-cards">
        <MCard label={t('net.height')} value={String(o.height)} />
        <MCard label={t('net.difficulty')} value={o.difficulty.toPrecision(4)} />
        <MCard label={t('net.hashrate')} value={o.networkHashRate.show} unit={o.networkHashRate.unit} />
        <MCard label={t('net.pool')} value={o.poolHashRate.show} unit={o.poolHashRate.unit} />
        <MCard label={t('net.share')} value={formatShare(o.poolShare)} />
        <MCard label={t('net.blocks24h')} value={String(o.blocks24h)} />
        <div className="up-mexplorer-wide">
          <MCard label={t('net.reward')} value={trimAmount(o.reward)} unit={o.unit} />
        </div>
      </div>
      <Link to={withCoin(mobilePaths.explorer.rankingList, coin)} className="up-mexplorer-more" data-testid="to-ranking">
        {t('ranking')} →
      </Link>
      <MPoolBlocks coin={coin} rows={o.poolBlocks} header={t('poolBlocks')} />
      <List header={t('latest')} data-testid="latest-blocks">
        {o.latestBlocks.map((b) => (
          <List.Item
            key={b.hash}
            arrow
            onClick={() => navigate(withCoin(mobilePaths.explorer.blockDetail(b.height), coin))}
            description={<MCopyText text={b.hash} keep={6} testId="latest-hash" />}
            extra={
              <span className="up-mexplorer-extra">
                {b.pool && finderIsAddress(b.finder) ? (
                  <>
                    <Tag color="success">{t('pool')}</Tag>
                    <MCopyText text={b.finder} keep={4} testId="latest-finder" />
                  </>
                ) : b.pool ? (
                  <Tag color="success">{`${t('pool')} · ${b.finder}`}</Tag>
                ) : null}
                <span>{`${b.txCount} ${t('col.txs')}`}</span>
              </span>
            }
          >
            {b.height}
            <div className="up-mexplorer-time">{when(b.time, lang)}</div>
          </List.Item>
        ))}
      </List>
    </>
  );
}

function MRanking({ coin }: { coin: string }) {
  const { t } = useExplorerTexts();
  const navigate = useNavigate();
  const [by, setBy] = useState<'hashrate' | 'blocks'>('hashrate');
  const q = useRanking(coin, by);
  const rows = q.data?.rows ?? [];
  return (
    <>
      <Selector
        columns={2}
        value={[by]}
        onChange={(v) => v[0] && setBy(v[0])}
        options={[
          { value: 'hashrate' as const, label: t('by.hashrate') },
          { value: 'blocks' as const, label: t('by.blocks') },
        ]}
        data-testid="ranking-by"
        className="up-mexplorer-by"
      />
      {q.isPending ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : q.isError ? (
        <MFailed retry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <ErrorBlock status="empty" title={t('rankingEmpty')} description="" data-testid="ranking-empty" />
      ) : (
        <List data-testid="ranking">
          {rows.map((m) => (
            <List.Item
              key={m.id}
              arrow
              prefix={<span className="up-mexplorer-rank">{m.rank}</span>}
              onClick={() => navigate(withCoin(mobilePaths.explorer.rankingDetail(m.id), coin))}
              description={`${t('col.share')} ${formatShare(m.share)} · ${t('col.blocks')} ${m.blocks30d}`}
              extra={`${m.hashRate24h.show} ${m.hashRate24h.unit}`}
            >
              <span data-testid="ranked-miner">{m.miner}</span>
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
}

function MRankedMiner({ coin }: { coin: string }) {
  const { t } = useExplorerTexts();
  const { address = '' } = useParams();
  const q = useRanked(coin, address);
  const m = q.data;
  if (q.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (q.isError || !m)
    return isRefused(q.error) ? (
      <ErrorBlock status="empty" title={t('miner.notFound')} description="" data-testid="miner-not-found">
        <Link to={withCoin(mobilePaths.explorer.rankingList, coin)}>{t('ranking')}</Link>
      </ErrorBlock>
    ) : (
      <MFailed retry={() => void q.refetch()} />
    );
  return (
    <>
      <div className="up-mpool-cards" data-testid="miner-cards">
        <MCard label={t('col.miner')} value={m.miner} />
        <MCard label={t('col.rank')} value={String(m.rank)} />
        <MCard label={t('col.hashrate')} value={m.hashRate24h.show} unit={m.hashRate24h.unit} />
        <MCard label={t('col.blocks')} value={String(m.blocks30d)} />
      </div>
      <section className="up-mpool-panel">
        <h2>{t('miner.chart')}</h2>
        <LazyHashrateChart points={m.chart.map((p) => ({ time: p.time, hashRate: p.hashRate.hashRate }))} label={t('col.hashrate')} compact height={200} />
      </section>
      <MPoolBlocks coin={coin} rows={m.blocks} header={t('poolBlocks')} />
    </>
  );
}

function MBlock({ coin }: { coin: string }) {
  const { t, lang } = useExplorerTexts();
  const { height: raw } = useParams();
  const height = parseHeight(raw);
  const q = useBlock(coin, height);
  const b = q.data;
  if (height === null || (q.isError && isRefused(q.error)))
    return (
      <ErrorBlock status="empty" title={t('block.notFound')} description="" data-testid="block-not-found">
        <Link to={withCoin(mobilePaths.explorer.overView, coin)}>{t('block.back')}</Link>
      </ErrorBlock>
    );
  if (q.isPending) return <Skeleton.Paragraph lineCount={10} animated />;
  if (q.isError || !b) return <MFailed retry={() => void q.refetch()} />;
  const rest = b.txCount - b.txids.length;
  return (
    <>
      <section className="up-mpool-panel" data-testid="block-detail">
        <dl className="up-mexplorer-dl">
          <dt>{t('col.height')}</dt>
          <dd data-testid="block-height">{b.height}</dd>
          <dt>{t('col.time')}</dt>
          <dd>{when(b.time, lang)}</dd>
          <dt>{t('block.confirmations')}</dt>
          <dd>{b.confirmations < 0 ? t('block.notMain') : b.confirmations}</dd>
          <dt>{t('block.difficulty')}</dt>
          <dd>{b.difficulty.toPrecision(6)}</dd>
          <dt>{t('col.size')}</dt>
          <dd>{b.size > 0 ? b.size.toLocaleString() : '—'}</dd>
          <dt>{t('col.txs')}</dt>
          <dd>{b.txCount}</dd>
          <dt>{t('col.reward')}</dt>
          <dd>{b.reward}</dd>
        </dl>
        <div className="up-mexplorer-hash">
          <span>{t('col.hash')}</span>
          <MCopyText text={b.hash} testId="block-hash" />
        </div>
        <nav className="up-mexplorer-nav">
          {b.prevHash && b.height > 0 ? (
            <Link to={withCoin(mobilePaths.explorer.blockDetail(b.height - 1), coin)} data-testid="block-prev">
              ← {t('block.prev')}
            </Link>
          ) : (
            <span />
          )}
          {b.nextHash ? (
            <Link to={withCoin(mobilePaths.explorer.blockDetail(b.height + 1), coin)} data-testid="block-next">
              {t('block.next')} →
            </Link>
          ) : null}
        </nav>
      </section>
      {b.poolBlock ? (
        <section className="up-mpool-panel" data-testid="block-pool">
          <h2>{t('block.poolRecord')}</h2>
          <dl className="up-mexplorer-dl">
            <dt>{t('col.status')}</dt>
            <dd>
              <MStatusTag b={b.poolBlock} /> {confirmationsOf(b.poolBlock.confirmations, b.poolBlock.maturity)}
            </dd>
            <dt>{t('col.effort')}</dt>
            <dd>{formatEffort(b.poolBlock.effort)}</dd>
            <dt>{t('col.finder')}</dt>
            <dd>{b.poolBlock.solo ? <MCopyText text={b.poolBlock.finder} testId="pool-finder" /> : b.poolBlock.finder}</dd>
          </dl>
        </section>
      ) : null}
      <section className="up-mpool-panel">
        <h2>{t('block.txids')}</h2>
        <ol className="up-mexplorer-txids" data-testid="block-txids">
          {b.txids.map((id) => (
            <li key={id}>
              <MCopyText text={id} testId="block-txid" />
            </li>
          ))}
        </ol>
        {rest > 0 ? <p className="up-mpool-hint">{t('block.more', { count: rest })}</p> : null}
      </section>
    </>
  );
}

function MTxStatusTag({ tx }: { tx: Transaction }) {
  const { t } = useExplorerTexts();
  const color = tx.status === 'confirmed' ? 'success' : tx.status === 'failed' ? 'danger' : 'warning';
  return (
    <span>
      <Tag color={color} data-testid="tx-status">
        {t(`tx.${tx.status}`)}
      </Tag>{' '}
      <span data-testid="tx-confirmations">{confirmationsOf(tx.confirmations, tx.required)}</span>
    </span>
  );
}

/** MTransaction is a transaction the search found (?tx=), in one column. */
function MTransaction({ coin, txid }: { coin: string; txid: string }) {
  const { t, lang } = useExplorerTexts();
  const q = useTransaction(coin, txid);
  const tx = q.data;
  const back = <Link to={withCoin(mobilePaths.explorer.overView, coin)}>{t('tx.back')}</Link>;
  if (q.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (q.isError && isRefused(q.error))
    return (
      <ErrorBlock status="empty" title={t('tx.notFound')} description="" data-testid="tx-not-found">
        {back}
      </ErrorBlock>
    );
  if (q.isError || !tx) return <MFailed retry={() => void q.refetch()} />;
  return (
    <>
      <section className="up-mpool-panel" data-testid="tx-detail">
        <div className="up-mexplorer-hash">
          <span>{t('tx.hash')}</span>
          <MCopyText text={tx.txid} testId="tx-hash" />
        </div>
        <dl className="up-mexplorer-dl up-mexplorer-dl--spaced">
          <dt>{t('tx.status')}</dt>
          <dd>
            <MTxStatusTag tx={tx} />
          </dd>
          <dt>{t('tx.block')}</dt>
          <dd data-testid="tx-block">
            {tx.blockHeight >= 0 ? (
              <Link to={withCoin(mobilePaths.explorer.blockDetail(tx.blockHeight), coin)} data-testid="tx-block-link">
                {tx.blockHeight}
              </Link>
            ) : (
              t('tx.noBlock')
            )}
          </dd>
          <dt>{t('tx.time')}</dt>
          <dd>{when(tx.time, lang)}</dd>
          <dt>{t('tx.fee')}</dt>
          <dd>{tx.networkFee ? `${tx.networkFee} ${tx.unit}` : '—'}</dd>
          <dt>{t('tx.source')}</dt>
          <dd>{tx.pool ? t('tx.poolPayout') : t('tx.wallet')}</dd>
        </dl>
        {tx.blockHash ? (
          <div className="up-mexplorer-hash">
            <span>{t('tx.blockHash')}</span>
            <MCopyText text={tx.blockHash} keep={10} testId="tx-block-hash" />
          </div>
        ) : null}
      </section>
      <List header={t('tx.outputs')} data-testid="tx-outputs">
        {tx.outputs.length === 0 ? (
          <List.Item>
            <span className="up-mexplorer-desc" data-testid="tx-no-outputs">
              {t('tx.noOutputs')}
            </span>
          </List.Item>
        ) : null}
        {tx.outputs.map((o) => (
          <List.Item key={o.address} description={<MCopyText text={o.address} keep={10} testId="tx-output-address" />}>
            {`${o.amount} ${tx.unit}`}
          </List.Item>
        ))}
        {tx.outputs.length > 0 ? (
          <List.Item extra={<span data-testid="tx-total">{`${tx.total} ${tx.unit}`}</span>}>{t('tx.total')}</List.Item>
        ) : null}
      </List>
      <p className="up-mexplorer-back">{back}</p>
    </>
  );
}

function MOverviewPage({ coin }: { coin: string }) {
  const txid = useTxParam();
  return txid ? <MTransaction coin={coin} txid={txid} /> : <MOverview coin={coin} />;
}

const bodies: Record<ExplorerPage, (coin: string) => ReactNode> = {
  overView: (coin) => <MOverviewPage coin={coin} />,
  rankingList: (coin) => <MRanking coin={coin} />,
  rankingDetail: (coin) => <MRankedMiner coin={coin} />,
  blockDetail: (coin) => <MBlock coin={coin} />,
  preBlockDetail: (coin) => <MBlock coin={coin} />,
};

/** MobileExplorerArea renders the explorer's pages on a phone. */
export default function MobileExplorerArea({ page }: { page: ExplorerPage }) {
  return <MFrame page={page}>{bodies[page]}</MFrame>;
}
