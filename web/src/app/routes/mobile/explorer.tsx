// The block explorer on a phone (/mobile/explorderIndex/...): no login. The SPEC lists no
// phone pages for it; these are the desktop's pages under /mobile, one column each
// (docs/explorer.md). The pages, their data and state live in features/explorer
// (ExplorerArea); this file lends them antd-mobile's widgets and lays out the phone's own
// coin switch, search box and lists.
import { Button, ErrorBlock, Input, List, Selector, Skeleton, Tag } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MCopyText } from '@/components/copy-text/m-copy-text';
import { mobilePaths } from '@/config/paths';
import { ExplorerArea, ExplorerSearch, kitFor, type ExplorerViews } from '@/features/explorer/components/explorer-area';
import { OverviewCards } from '@/features/explorer/components/explorer-panels';
import { useOverview, useRanking } from '@/features/explorer/hooks/use-explorer';
import { confirmationsOf, formatEffort, formatShare, finderIsAddress } from '@/features/explorer/model/format';
import { explorerLinks, withCoin } from '@/features/explorer/model/links';
import type { PoolBlock, Transaction } from '@/features/explorer/model/types';
import { useExplorerTexts } from '@/features/explorer/texts';
import { errorMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/use-format';
import { explorerTitles as titles } from '../shared-titles';
import type { ExplorerPage } from '../desktop/explorer';
import { MCard } from './pool/parts';
import './pool/pool.css';
import './explorer.css';

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

function MMissing({ title, testId, children }: { title: string; testId?: string; children?: ReactNode }) {
  return (
    <ErrorBlock status="empty" title={title} description="" data-testid={testId}>
      {children}
    </ErrorBlock>
  );
}

const MLoading = ({ rows }: { rows: number }) => <Skeleton.Paragraph lineCount={rows} animated />;

/** MBar is the coin switch and the search box. */
const MBar: ExplorerViews['Bar'] = ({ c, s }) => {
  const { t } = useExplorerTexts();
  return (
    <>
      <Selector
        columns={4}
        value={[c.coin.type]}
        onChange={(v) => v[0] && c.setCoin(v[0])}
        options={c.coins.map((x) => ({ value: x.type, label: x.type }))}
        aria-label={t('coin')}
        data-testid="explorer-coin"
      />
      <ExplorerSearch s={s} className="up-mexplorer-search">
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
      </ExplorerSearch>
    </>
  );
};

/** MPoolBlocks lists the pool's blocks; a tap opens the block with the pool's record. */
function MPoolBlocks({ coin, rows, header }: { coin: string; rows: PoolBlock[]; header: string }) {
  const { t } = useExplorerTexts();
  const f = useFormat();
  const navigate = useNavigate();
  const { StatusTag } = kitFor(views);
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
              <StatusTag b={b} />
              <span>{b.reward}</span>
            </span>
          }
        >
          <span data-testid="pool-block-height">{b.height}</span>
          <div className="up-mexplorer-time">{f.dateTime(b.foundAt, true)}</div>
        </List.Item>
      ))}
    </List>
  );
}

function MOverview({ coin }: { coin: string }) {
  const { t } = useExplorerTexts();
  const f = useFormat();
  const navigate = useNavigate();
  const q = useOverview(coin);
  const o = q.data;
  if (q.isPending) return <MLoading rows={10} />;
  if (q.isError || !o) return <MFailed retry={() => void q.refetch()} detail={q.error} />;
  return (
    <>
      <p className="up-mexplorer-lead">{t('lead')}</p>
      <OverviewCards o={o} kit={kitFor(views)} />
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
            <div className="up-mexplorer-time">{f.dateTime(b.time, true)}</div>
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
        <MLoading rows={8} />
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

/** MTxOutputs are a transaction's outputs and their total. */
function MTxOutputs({ tx }: { tx: Transaction }) {
  const { t } = useExplorerTexts();
  return (
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
  );
}

const views: ExplorerViews = {
  size: 'mobile',
  paths: mobilePaths.explorer,
  links: explorerLinks(mobilePaths.explorer, mobilePaths.account.soloSummary),
  Copy: MCopyText,
  Card: MCard,
  Tag,
  tones: { done: 'success', waiting: 'warning', dropped: 'default', failed: 'danger' },
  Loading: MLoading,
  Failed: MFailed,
  Missing: MMissing,
  Bar: MBar,
  Overview: MOverview,
  Ranking: MRanking,
  PoolBlocks: MPoolBlocks,
  TxOutputs: MTxOutputs,
  chart: { compact: true, height: 200 },
};

/** MobileExplorerArea renders the explorer's pages on a phone. */
export default function MobileExplorerArea({ page }: { page: ExplorerPage }) {
  return <ExplorerArea page={page} title={titles[page]} v={views} />;
}
