// The block explorer on the desktop (/explorderIndex/...): no login. Data and state live in
// features/explorer; this file lays out antd widgets.
import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Result, Segmented, Select, Skeleton, Table, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { CopyText } from '@/components/copy-text/copy-text';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
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
import type { ChainBlock, PoolBlock, RankedMiner, Transaction } from '@/features/explorer/model/types';
import { useExplorerTexts } from '@/features/explorer/texts';
import { errorMessage } from '@/lib/api-client';
import { explorerTitles as titles } from '../shared-titles';
import { Card } from './pool/parts';
import './pool/pool.css';
import './explorer.css';

/** ExplorerPage names the pages of this area. */
export type ExplorerPage = keyof typeof titles;

const withCoin = (path: string, coin: string) => `${path}?coin=${encodeURIComponent(coin)}`;
const links: ExplorerLinks = {
  block: (coin, height) => withCoin(paths.explorer.blockDetail(height), coin),
  transaction: (coin, txid) => `${withCoin(paths.explorer.overView, coin)}&${TX_PARAM}=${txid}`,
  soloSummary: (coin, address) => `${paths.account.soloSummary}?coin=${encodeURIComponent(coin)}&address=${encodeURIComponent(address)}`,
};
const when = (ms: number, lang: string) => (ms > 0 ? new Date(ms).toLocaleString(lang.replace('_', '-')) : '—');

/** Frame is every explorer page: the coin switch and the search above the page's body. */
function Frame({ page, children }: { page: ExplorerPage; children: (coin: string) => ReactNode }) {
  const { t, ready } = useExplorerTexts();
  const c = useExplorerCoin();
  const s = useExplorerSearch(c.coin?.type, links);
  const titleKey = useExplorerTitle(page, titles[page], c.coin?.type);
  return (
    <PageFrame titleKey={titleKey}>
      {!ready || c.pending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : c.failed ? (
        <Result status="warning" title={t('loadFailed')} extra={<Button onClick={c.retry}>{t('retry')}</Button>} />
      ) : !c.coin ? (
        <Result status="info" title={t('none')} />
      ) : (
        <>
          <div className="up-explorer-bar">
            <Select
              value={c.coin.type}
              onChange={c.setCoin}
              style={{ minWidth: 160 }}
              aria-label={t('coin')}
              data-testid="explorer-coin"
              options={c.coins.map((x) => ({ value: x.type, label: x.name }))}
            />
            <form
              className="up-explorer-search"
              onSubmit={(e) => {
                e.preventDefault();
                s.submit();
              }}
            >
              <Input
                value={s.q}
                onChange={(e) => s.setQ(e.target.value)}
                placeholder={t('search.placeholder')}
                status={s.error ? 'error' : undefined}
                maxLength={128}
                data-testid="explorer-q"
              />
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={s.busy} data-testid="explorer-search">
                {t('search.submit')}
              </Button>
            </form>
          </div>
          {s.error ? (
            <p className="up-explorer-error" role="alert" data-testid="explorer-error">
              {s.error}
            </p>
          ) : null}
          {children(c.coin.type)}
        </>
      )}
    </PageFrame>
  );
}

function StatusTag({ b }: { b: PoolBlock }) {
  const { t } = useExplorerTexts();
  const color = b.status === 'confirmed' ? 'green' : b.status === 'orphaned' ? 'default' : 'gold';
  return (
    <Tag color={color} data-testid="block-status">
      {t(`status.${b.status}`)}
    </Tag>
  );
}

function PoolBlocksTable({ coin, rows }: { coin: string; rows: PoolBlock[] }) {
  const { t, lang } = useExplorerTexts();
  return (
    <Table<PoolBlock>
      size="small"
      rowKey="hash"
      pagination={false}
      dataSource={rows}
      data-testid="pool-blocks"
      locale={{ emptyText: t('none') }}
      columns={[
        { title: t('col.height'), dataIndex: 'height', render: (h: number) => <Link to={withCoin(paths.explorer.preBlockDetail(h), coin)}>{h}</Link> },
        { title: t('col.status'), key: 'status', render: (_: unknown, b) => <StatusTag b={b} /> },
        { title: t('col.confirmations'), key: 'conf', render: (_: unknown, b) => confirmationsOf(b.confirmations, b.maturity) },
        { title: t('col.effort'), dataIndex: 'effort', render: formatEffort },
        {
          title: t('col.finder'),
          key: 'finder',
          render: (_: unknown, b) => (
            <span>
              {b.solo ? <Tag>{t('solo')}</Tag> : null}
              {b.solo ? <CopyText text={b.finder} keep={8} testId="block-finder" /> : b.finder}
            </span>
          ),
        },
        { title: t('col.reward'), dataIndex: 'reward' },
        { title: t('col.time'), dataIndex: 'foundAt', render: (ms: number) => when(ms, lang) },
      ]}
    />
  );
}

function Overview({ coin }: { coin: string }) {
  const { t, lang } = useExplorerTexts();
  const q = useOverview(coin);
  const o = q.data;
  if (q.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (q.isError || !o) return <Result status="warning" title={t('loadFailed')} subTitle={errorMessage(q.error)} extra={<Button onClick={() => void q.refetch()}>{t('retry')}</Button>} />;
  return (
    <>
      <p className="up-explorer-lead">{t('lead')}</p>
      <div className="up-pool-cards" data-testid="explorer-cards">
        <Card label={t('net.height')} value={String(o.height)} />
        <Card label={t('net.difficulty')} value={o.difficulty.toPrecision(4)} />
        <Card label={t('net.hashrate')} value={o.networkHashRate.show} unit={o.networkHashRate.unit} />
        <Card label={t('net.pool')} value={o.poolHashRate.show} unit={o.poolHashRate.unit} />
        <Card label={t('net.share')} value={formatShare(o.poolShare)} />
        <Card label={t('net.reward')} value={trimAmount(o.reward)} unit={o.unit} />
        <Card label={t('net.blocks24h')} value={String(o.blocks24h)} />
      </div>
      <section className="up-pool-panel">
        <h2>{t('latest')}</h2>
        <Table<ChainBlock>
          size="small"
          rowKey="hash"
          pagination={false}
          dataSource={o.latestBlocks}
          data-testid="latest-blocks"
          columns={[
            { title: t('col.height'), dataIndex: 'height', render: (h: number) => <Link to={withCoin(paths.explorer.blockDetail(h), coin)}>{h}</Link> },
            { title: t('col.hash'), dataIndex: 'hash', render: (h: string) => <CopyText text={h} keep={10} testId="latest-hash" /> },
            { title: t('col.time'), dataIndex: 'time', render: (ms: number) => when(ms, lang) },
            { title: t('col.txs'), dataIndex: 'txCount' },
            { title: t('col.reward'), dataIndex: 'reward' },
            {
              title: t('col.finder'),
              key: 'pool',
              render: (_: unknown, b) =>
                b.pool ? (
                  <span>
                    <Tag color="green">{finderIsAddress(b.finder) ? t('pool') : `${t('pool')} · ${b.finder}`}</Tag>
                    {finderIsAddress(b.finder) ? <CopyText text={b.finder} keep={8} testId="latest-finder" /> : null}
                  </span>
                ) : null,
            },
          ]}
        />
      </section>
      <section className="up-pool-panel">
        <h2>
          {t('poolBlocks')} <Link to={withCoin(paths.explorer.rankingList, coin)} className="up-explorer-aside">{t('ranking')}</Link>
        </h2>
        <PoolBlocksTable coin={coin} rows={o.poolBlocks} />
      </section>
    </>
  );
}

function Ranking({ coin }: { coin: string }) {
  const { t } = useExplorerTexts();
  const [by, setBy] = useState<'hashrate' | 'blocks'>('hashrate');
  const q = useRanking(coin, by);
  return (
    <section className="up-pool-panel">
      <Segmented
        value={by}
        onChange={(v) => setBy(v as 'hashrate' | 'blocks')}
        options={[
          { value: 'hashrate', label: t('by.hashrate') },
          { value: 'blocks', label: t('by.blocks') },
        ]}
        data-testid="ranking-by"
      />
      {q.isError ? (
        <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void q.refetch()}>{t('retry')}</Button>} />
      ) : q.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} style={{ marginTop: 16 }} />
      ) : (
        <Table<RankedMiner>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={q.data?.rows ?? []}
          data-testid="ranking"
          locale={{ emptyText: t('rankingEmpty') }}
          style={{ marginTop: 16 }}
          columns={[
            { title: t('col.rank'), dataIndex: 'rank' },
            { title: t('col.miner'), key: 'miner', render: (_: unknown, m) => <Link to={withCoin(paths.explorer.rankingDetail(m.id), coin)}>{m.miner}</Link> },
            { title: t('col.hashrate'), key: 'hr', render: (_: unknown, m) => `${m.hashRate24h.show} ${m.hashRate24h.unit}` },
            { title: t('col.share'), dataIndex: 'share', render: formatShare },
            { title: t('col.blocks'), dataIndex: 'blocks30d' },
          ]}
        />
      )}
    </section>
  );
}

function RankedMinerPage({ coin }: { coin: string }) {
  const { t } = useExplorerTexts();
  const { address = '' } = useParams();
  const q = useRanked(coin, address);
  const m = q.data;
  if (q.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (q.isError || !m)
    return isRefused(q.error) ? (
      <div data-testid="miner-not-found">
        <Result status="404" title={t('miner.notFound')} extra={<Link to={withCoin(paths.explorer.rankingList, coin)}>{t('ranking')}</Link>} />
      </div>
    ) : (
      <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void q.refetch()}>{t('retry')}</Button>} />
    );
  return (
    <>
      <div className="up-pool-cards" data-testid="miner-cards">
        <Card label={t('col.miner')} value={m.miner} />
        <Card label={t('col.rank')} value={String(m.rank)} />
        <Card label={t('col.hashrate')} value={m.hashRate24h.show} unit={m.hashRate24h.unit} />
        <Card label={t('col.blocks')} value={String(m.blocks30d)} />
      </div>
      <section className="up-pool-panel">
        <h2>{t('miner.chart')}</h2>
        <LazyHashrateChart points={m.chart.map((p) => ({ time: p.time, hashRate: p.hashRate.hashRate }))} label={t('col.hashrate')} />
      </section>
      <section className="up-pool-panel">
        <h2>{t('poolBlocks')}</h2>
        <PoolBlocksTable coin={coin} rows={m.blocks} />
      </section>
    </>
  );
}

function BlockPage({ coin }: { coin: string }) {
  const { t, lang } = useExplorerTexts();
  const { height: raw } = useParams();
  const height = parseHeight(raw);
  const q = useBlock(coin, height);
  const b = q.data;
  if (height === null || (q.isError && isRefused(q.error)))
    return (
      <div data-testid="block-not-found">
        <Result status="404" title={t('block.notFound')} extra={<Link to={withCoin(paths.explorer.overView, coin)}>{t('block.back')}</Link>} />
      </div>
    );
  if (q.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (q.isError || !b) return <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void q.refetch()}>{t('retry')}</Button>} />;
  const rest = b.txCount - b.txids.length;
  return (
    <>
      <section className="up-pool-panel" data-testid="block-detail">
        <dl className="up-explorer-dl">
          <dt>{t('col.height')}</dt>
          <dd>{b.height}</dd>
          <dt>{t('col.hash')}</dt>
          <dd>
            <CopyText text={b.hash} testId="block-hash" />
          </dd>
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
        <nav className="up-explorer-nav">
          {b.prevHash && b.height > 0 ? (
            <Link to={withCoin(paths.explorer.blockDetail(b.height - 1), coin)} data-testid="block-prev">
              ← {t('block.prev')}
            </Link>
          ) : (
            <span />
          )}
          {b.nextHash ? (
            <Link to={withCoin(paths.explorer.blockDetail(b.height + 1), coin)} data-testid="block-next">
              {t('block.next')} →
            </Link>
          ) : null}
        </nav>
      </section>
      {b.poolBlock ? (
        <section className="up-pool-panel" data-testid="block-pool">
          <h2>{t('block.poolRecord')}</h2>
          <dl className="up-explorer-dl">
            <dt>{t('col.status')}</dt>
            <dd>
              <StatusTag b={b.poolBlock} /> {confirmationsOf(b.poolBlock.confirmations, b.poolBlock.maturity)}
            </dd>
            <dt>{t('col.effort')}</dt>
            <dd>{formatEffort(b.poolBlock.effort)}</dd>
            <dt>{t('col.finder')}</dt>
            <dd>
              {b.poolBlock.solo ? <CopyText text={b.poolBlock.finder} testId="pool-finder" /> : b.poolBlock.finder}
            </dd>
          </dl>
        </section>
      ) : null}
      <section className="up-pool-panel">
        <h2>{t('block.txids')}</h2>
        <ol className="up-explorer-txids" data-testid="block-txids">
          {b.txids.map((id) => (
            <li key={id}>
              <CopyText text={id} testId="block-txid" />
            </li>
          ))}
        </ol>
        {rest > 0 ? <p className="up-pool-hint">{t('block.more', { count: rest })}</p> : null}
      </section>
    </>
  );
}

/** TxStatusTag shows a transaction's status and its confirmations out of the coin's required. */
function TxStatusTag({ tx }: { tx: Transaction }) {
  const { t } = useExplorerTexts();
  const color = tx.status === 'confirmed' ? 'green' : tx.status === 'failed' ? 'red' : 'gold';
  return (
    <span>
      <Tag color={color} data-testid="tx-status">
        {t(`tx.${tx.status}`)}
      </Tag>
      <span data-testid="tx-confirmations">{confirmationsOf(tx.confirmations, tx.required)}</span>
    </span>
  );
}

/** TransactionPanel is a transaction the search found (?tx=): what the node and the pool's records say of it. */
function TransactionPanel({ coin, txid }: { coin: string; txid: string }) {
  const { t, lang } = useExplorerTexts();
  const q = useTransaction(coin, txid);
  const tx = q.data;
  const back = <Link to={withCoin(paths.explorer.overView, coin)}>{t('tx.back')}</Link>;
  if (q.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (q.isError && isRefused(q.error))
    return (
      <div data-testid="tx-not-found">
        <Result status="404" title={t('tx.notFound')} extra={back} />
      </div>
    );
  if (q.isError || !tx) return <Result status="warning" title={t('loadFailed')} extra={<Button onClick={() => void q.refetch()}>{t('retry')}</Button>} />;
  return (
    <>
      <section className="up-pool-panel" data-testid="tx-detail">
        <dl className="up-explorer-dl">
          <dt>{t('tx.hash')}</dt>
          <dd>
            <CopyText text={tx.txid} testId="tx-hash" />
          </dd>
          <dt>{t('tx.status')}</dt>
          <dd>
            <TxStatusTag tx={tx} />
          </dd>
          <dt>{t('tx.block')}</dt>
          <dd data-testid="tx-block">
            {tx.blockHeight >= 0 ? (
              <span className="up-explorer-block-ref">
                <Link to={withCoin(paths.explorer.blockDetail(tx.blockHeight), coin)} data-testid="tx-block-link">
                  {tx.blockHeight}
                </Link>
                <CopyText text={tx.blockHash} keep={10} testId="tx-block-hash" />
              </span>
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
      </section>
      <section className="up-pool-panel">
        <h2>{t('tx.outputs')}</h2>
        {tx.outputs.length === 0 ? (
          <p className="up-pool-hint" data-testid="tx-no-outputs">
            {t('tx.noOutputs')}
          </p>
        ) : (
          <Table<Transaction['outputs'][number]>
            size="small"
            rowKey="address"
            pagination={false}
            dataSource={tx.outputs}
            data-testid="tx-outputs"
            columns={[
              { title: t('tx.address'), dataIndex: 'address', render: (a: string) => <CopyText text={a} testId="tx-output-address" /> },
              { title: t('tx.amount'), dataIndex: 'amount', align: 'right', render: (v: string) => `${v} ${tx.unit}` },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('tx.total')}</Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <span data-testid="tx-total">{`${tx.total} ${tx.unit}`}</span>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        )}
        <p className="up-explorer-back">{back}</p>
      </section>
    </>
  );
}

/** OverviewPage is the overview, or the transaction its address names (?tx=). */
function OverviewPage({ coin }: { coin: string }) {
  const txid = useTxParam();
  return txid ? <TransactionPanel coin={coin} txid={txid} /> : <Overview coin={coin} />;
}

const bodies: Record<ExplorerPage, (coin: string) => ReactNode> = {
  overView: (coin) => <OverviewPage coin={coin} />,
  rankingList: (coin) => <Ranking coin={coin} />,
  rankingDetail: (coin) => <RankedMinerPage coin={coin} />,
  blockDetail: (coin) => <BlockPage coin={coin} />,
  preBlockDetail: (coin) => <BlockPage coin={coin} />,
};

/** DesktopExplorerArea renders the explorer's pages (preBlockDetail is a pool block's page, reached from the pool's list). */
export default function DesktopExplorerArea({ page }: { page: ExplorerPage }) {
  return <Frame page={page}>{bodies[page]}</Frame>;
}
