// The block explorer on the desktop (/explorderIndex/...): no login. The pages, their data
// and state live in features/explorer (ExplorerArea); this file lends them antd's widgets and
// lays out what only the desktop has: the coin select and search box, the tables.
import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Result, Segmented, Select, Skeleton, Table, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CopyText } from '@/components/copy-text/copy-text';
import { paths } from '@/config/paths';
import { ExplorerArea, ExplorerSearch, kitFor, type ExplorerViews } from '@/features/explorer/components/explorer-area';
import { OverviewCards } from '@/features/explorer/components/explorer-panels';
import { useOverview, useRanking } from '@/features/explorer/hooks/use-explorer';
import { confirmationsOf, formatEffort, formatShare, finderIsAddress } from '@/features/explorer/model/format';
import { explorerLinks, withCoin } from '@/features/explorer/model/links';
import type { ChainBlock, PoolBlock, RankedMiner, Transaction } from '@/features/explorer/model/types';
import { useExplorerTexts } from '@/features/explorer/texts';
import { errorMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/use-format';
import { explorerTitles as titles } from '../shared-titles';
import { Card } from './pool/parts';
import './pool/pool.css';
import './explorer.css';

/** ExplorerPage names the pages of this area. */
export type ExplorerPage = keyof typeof titles;

function Failed({ retry, detail }: { retry: () => void; detail?: unknown }) {
  const { t } = useExplorerTexts();
  return <Result status="warning" title={t('loadFailed')} subTitle={detail ? errorMessage(detail) : undefined} extra={<Button onClick={retry}>{t('retry')}</Button>} />;
}

function Missing({ title, testId, children }: { title: string; testId?: string; children?: ReactNode }) {
  return (
    <div data-testid={testId}>
      <Result status={children ? '404' : 'info'} title={title} extra={children} />
    </div>
  );
}

const Loading = ({ rows }: { rows: number }) => <Skeleton active paragraph={{ rows }} />;

/** Bar is the coin select and the search box. */
const Bar: ExplorerViews['Bar'] = ({ c, s }) => {
  const { t } = useExplorerTexts();
  return (
    <div className="up-explorer-bar">
      <Select
        value={c.coin.type}
        onChange={c.setCoin}
        style={{ minWidth: 160 }}
        aria-label={t('coin')}
        data-testid="explorer-coin"
        options={c.coins.map((x) => ({ value: x.type, label: x.name }))}
      />
      <ExplorerSearch s={s} className="up-explorer-search">
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
      </ExplorerSearch>
    </div>
  );
};

function PoolBlocksTable({ coin, rows }: { coin: string; rows: PoolBlock[] }) {
  const { t } = useExplorerTexts();
  const { StatusTag } = kitFor(views);
  const f = useFormat();
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
        { title: t('col.time'), dataIndex: 'foundAt', render: (ms: number) => f.dateTime(ms, true) },
      ]}
    />
  );
}

function Overview({ coin }: { coin: string }) {
  const { t } = useExplorerTexts();
  const f = useFormat();
  const q = useOverview(coin);
  const o = q.data;
  if (q.isPending) return <Loading rows={8} />;
  if (q.isError || !o) return <Failed retry={() => void q.refetch()} detail={q.error} />;
  return (
    <>
      <p className="up-explorer-lead">{t('lead')}</p>
      <OverviewCards o={o} kit={kitFor(views)} />
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
            { title: t('col.time'), dataIndex: 'time', render: (ms: number) => f.dateTime(ms, true) },
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
        <Failed retry={() => void q.refetch()} />
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

/** TxOutputs are a transaction's outputs and their total. */
function TxOutputs({ tx }: { tx: Transaction }) {
  const { t } = useExplorerTexts();
  return (
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
    </section>
  );
}

function PoolBlocks({ coin, rows, header }: { coin: string; rows: PoolBlock[]; header: string }) {
  return (
    <section className="up-pool-panel">
      <h2>{header}</h2>
      <PoolBlocksTable coin={coin} rows={rows} />
    </section>
  );
}

const views: ExplorerViews = {
  size: 'desktop',
  paths: paths.explorer,
  links: explorerLinks(paths.explorer, paths.account.soloSummary),
  Copy: CopyText,
  Card,
  Tag,
  tones: { done: 'green', waiting: 'gold', dropped: 'default', failed: 'red' },
  Loading,
  Failed,
  Missing,
  Bar,
  Overview,
  Ranking,
  PoolBlocks,
  TxOutputs,
};

/** DesktopExplorerArea renders the explorer's pages (preBlockDetail is a pool block's page, reached from the pool's list). */
export default function DesktopExplorerArea({ page }: { page: ExplorerPage }) {
  return <ExplorerArea page={page} title={titles[page]} v={views} />;
}
