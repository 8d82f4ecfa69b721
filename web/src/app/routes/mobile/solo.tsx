// Solo mode on a phone (/mobile/account/soloSearch, soloSummary, soloEquipment): no login.
// Data, state and the search's submit live in features/solo; this file lays out antd-mobile.
import { Button, DotLoading, ErrorBlock, Form, InfiniteScroll, Input, List, Selector, Skeleton, Tag } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { Link } from 'react-router-dom';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { PageFrame } from '@/components/page-frame';
import { mobilePaths } from '@/config/paths';
import { SoloArea, SoloSummaryPage, type SoloViews } from '@/features/solo/components/solo-area';
import { isRefused, useSoloSearch, useSoloSharesFeed, type SoloPaths } from '@/features/solo/hooks/use-solo';
import { formatChance, formatDifficulty, formatWait } from '@/features/solo/model/format';
import type { SoloTarget, SoloWorker } from '@/features/solo/model/types';
import { useSoloTexts } from '@/features/solo/texts';
import { errorMessage } from '@/lib/api-client';
import { localeTag } from '@/lib/format';
import { useFormat } from '@/lib/use-format';
import { useCopy } from '@/lib/use-copy';
import type { soloTitles } from '../shared-titles';
import { MCard, MCopy, MLoadFailed } from './pool/parts';
import './pool/pool.css';
import './solo.css';

/** SoloPage names the pages of this area. */
export type SoloPage = keyof typeof soloTitles;

const soloPaths: SoloPaths = {
  search: mobilePaths.account.soloSearch,
  summary: mobilePaths.account.soloSummary,
  equipment: mobilePaths.account.soloEquipment,
};


function MobileSoloSearch() {
  const s = useSoloSearch(soloPaths);
  const copy = useCopy();
  const { t, ready } = s.texts;
  if (!ready || s.pending) {
    return (
      <PageFrame titleKey="pages.soloSearch">
        <Skeleton.Paragraph lineCount={6} animated />
      </PageFrame>
    );
  }
  return (
    <PageFrame titleKey="pages.soloSearch">
      <p className="up-msolo-lead">{t('search.lead')}</p>
      {s.failed ? (
        <MLoadFailed tp={t} retry={s.retry} title={t('search.loadFailed')} />
      ) : !s.coin ? (
        <ErrorBlock status="empty" title={t('search.none')} description="" />
      ) : (
        <>
          <Form
            layout="vertical"
            onFinish={s.search}
            data-testid="solo-search"
            footer={
              <Button block type="submit" color="primary" loading={s.busy} data-testid="solo-submit">
                {t('search.submit')}
              </Button>
            }
          >
            <Form.Item label={t('search.coin')}>
              <Selector
                columns={3}
                value={[s.coin.type]}
                onChange={(v) => v[0] && s.setCoin(v[0])}
                options={s.coins.map((c) => ({ value: c.type, label: c.type }))}
                data-testid="solo-coin"
              />
            </Form.Item>
            <Form.Item label={t('search.address')} description={s.error ? <span className="up-msolo-error" role="alert" data-testid="solo-error">{s.error}</span> : undefined}>
              <Input
                value={s.address}
                onChange={s.setAddress}
                placeholder={t('search.placeholder')}
                clearable
                maxLength={128}
                onEnterPress={s.search}
                data-testid="solo-address"
              />
            </Form.Item>
          </Form>
          {s.recent.length > 0 ? (
            <List header={t('search.recent')} data-testid="solo-recent">
              {s.recent.map((a) => (
                <List.Item
                  key={a}
                  onClick={() => s.pick(a)}
                  extra={
                    <button
                      type="button"
                      className="up-msolo-forget"
                      aria-label={t('search.forget', { address: a })}
                      onClick={(e) => {
                        e.stopPropagation();
                        s.forget(a);
                      }}
                    >
                      <CloseOutline />
                    </button>
                  }
                >
                  <span className="up-mpool-mono">{a}</span>
                </List.Item>
              ))}
            </List>
          ) : null}
          <List header={t('search.connect')} data-testid="solo-connect">
            <List.Item description={s.coin.soloUrls.map((u) => <MCopy key={u} text={u} tp={t} testId="solo-url" />)}>{t('search.url')}</List.Item>
            <List.Item description={t('search.workerHint')}>{t('search.worker')}</List.Item>
            <List.Item extra={formatChance(s.coin.soloFeeRate)}>{t('search.fee')}</List.Item>
            {s.commands.length > 0 ? (
              <List.Item
                data-testid="miner-commands"
                description={
                  <>
                    {s.commands.map((c) => (
                      <div key={c.miner} data-testid={`miner-command-${c.miner}`} style={{ marginTop: 6 }}>
                        <strong>{c.miner}</strong>
                        <div className="up-mpool-mono" data-testid="miner-command">
                          {c.command}
                        </div>
                        <Button size="mini" fill="outline" aria-label={t('search.copyCommand', { miner: c.miner })} data-testid={`copy-command-${c.miner}`} onClick={() => void copy(c.command)}>
                          {t('common.copy')}
                        </Button>
                      </div>
                    ))}
                    <p className="up-mpool-hint">{t('search.commandsHint')}</p>
                  </>
                }
              >
                {t('search.commands')}
              </List.Item>
            ) : null}
          </List>
        </>
      )}
    </PageFrame>
  );
}

function MRefused({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useSoloTexts();
  return (
    <ErrorBlock
      status={isRefused(error) ? 'empty' : 'default'}
      title={isRefused(error) ? errorMessage(error) : t('summary.loadFailed')}
      description={isRefused(error) ? t('summary.notFound') : errorMessage(error)}
      data-testid="solo-refused"
    >
      {isRefused(error) ? (
        <Link to={mobilePaths.account.soloSearch}>{t('summary.change')}</Link>
      ) : (
        <Button size="small" color="primary" onClick={retry} data-testid="retry">
          {t('common.retry')}
        </Button>
      )}
    </ErrorBlock>
  );
}

function MobileSoloSummary({ target }: { target: SoloTarget }) {
  const { t, lang } = useSoloTexts();
  const f = useFormat();
  const feed = useSoloSharesFeed(target);
  const l = localeTag(lang);
  return (
    <SoloSummaryPage target={target} views={views}>
      {(s, v) => {
        const c = s.chance;
        const rows = feed.data?.pages.flatMap((p) => p.rows) ?? [];
        return (
          <>
            <List header={t('summary.chanceTitle')} data-testid="solo-chance">
              {c.expectedSeconds > 0 ? (
                <>
                  <List.Item extra={formatWait(c.expectedSeconds, l)}>{t('summary.expected')}</List.Item>
                  <List.Item extra={formatChance(c.day, l)}>{t('summary.chanceDay')}</List.Item>
                  <List.Item extra={formatChance(c.month, l)}>{t('summary.chanceMonth')}</List.Item>
                  <List.Item extra={formatChance(c.year, l)}>{t('summary.chanceYear')}</List.Item>
                </>
              ) : (
                <List.Item>{t('summary.noHashrate')}</List.Item>
              )}
            </List>
            <p className="up-msolo-note">
              {t('summary.chanceNote', { difficulty: formatDifficulty(s.networkDifficulty) })} {t('summary.lastShare')}: {f.dateTime(s.lastShareAt, true)}.
            </p>
            <section className="up-msolo-panel">
              <h2>{t('summary.chart')}</h2>
              {v.chartFailed ? (
                <MLoadFailed tp={t} retry={v.retryChart} />
              ) : (
                <LazyHashrateChart points={v.points} label={t('summary.hashrate10m')} compact height={200} />
              )}
            </section>
            <List header={t('summary.shares')} data-testid="solo-shares">
              {feed.isPending ? (
                <List.Item>
                  <Skeleton.Paragraph lineCount={4} animated />
                </List.Item>
              ) : feed.isError && rows.length === 0 ? (
                <List.Item>
                  <MLoadFailed tp={t} retry={() => void feed.refetch()} />
                </List.Item>
              ) : rows.length === 0 ? (
                <List.Item>
                  <ErrorBlock status="empty" title={t('shares.empty')} description="" />
                </List.Item>
              ) : null}
              {rows.map((r) => (
                <List.Item
                  key={r.id}
                  data-testid="solo-share"
                  description={`${t('shares.height')} ${r.blockHeight} · ${t('shares.epoch')} ${r.epoch} · ${t('shares.met')} ${formatDifficulty(r.shareDifficulty)}`}
                  extra={
                    <span className="up-msolo-share-extra">
                      {r.worker || t('workers.bare')}
                      {r.block ? <Tag color="warning">{t('shares.yes')}</Tag> : null}
                    </span>
                  }
                >
                  {f.dateTime(r.submitTime, true)}
                </List.Item>
              ))}
            </List>
            {rows.length > 0 ? (
              <InfiniteScroll
                loadMore={async () => void (await feed.fetchNextPage({ cancelRefetch: false }))}
                hasMore={!!feed.hasNextPage && !feed.isFetchNextPageError}
              >
                <span data-testid="solo-shares-more">
                  {feed.isFetchNextPageError ? (
                    <>
                      {t('common.loadFailed')}{' '}
                      <Button size="small" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()} data-testid="solo-shares-retry">
                        {t('common.retry')}
                      </Button>
                    </>
                  ) : feed.hasNextPage ? (
                    <>
                      {t('shares.loading')} <DotLoading />
                    </>
                  ) : (
                    t('shares.end')
                  )}
                </span>
              </InfiniteScroll>
            ) : null}
          </>
        );
      }}
    </SoloSummaryPage>
  );
}

/** MWorkers are the address's rigs, a panel each. */
function MWorkers({ workers }: { workers: SoloWorker[] }) {
  const { t } = useSoloTexts();
  const f = useFormat();
  return (
    <div className="up-msolo-workers" data-testid="solo-workers">
      {workers.map((w) => (
        <section key={w.worker} className="up-msolo-panel" data-testid="solo-worker">
          <h2>
            {w.worker || t('workers.bare')} <Tag color={w.online ? 'success' : 'default'}>{t(w.online ? 'workers.online' : 'workers.offline')}</Tag>
          </h2>
          <dl className="up-msolo-dl">
            <dt>{t('summary.hashrate10m')}</dt>
            <dd>{`${w.hashRate10m.show} ${w.hashRate10m.unit}`}</dd>
            <dt>{t('summary.hashrate24h')}</dt>
            <dd>{`${w.hashRate24h.show} ${w.hashRate24h.unit}`}</dd>
            <dt>{t('workers.best')}</dt>
            <dd>{formatDifficulty(w.bestShare)}</dd>
            <dt>{t('workers.last')}</dt>
            <dd>{f.dateTime(w.lastShareAt, true)}</dd>
          </dl>
        </section>
      ))}
    </div>
  );
}

const views: SoloViews = {
  size: 'mobile',
  paths: soloPaths,
  Copy: MCopy,
  Card: MCard,
  CoinTag: ({ children }) => <Tag color="primary">{children}</Tag>,
  Loading: ({ rows }) => <Skeleton.Paragraph lineCount={rows} animated />,
  Refused: MRefused,
  Empty: ({ title }) => <ErrorBlock status="empty" title={title} description="" />,
  Search: MobileSoloSearch,
  Summary: MobileSoloSummary,
  Workers: MWorkers,
};

/** MobileSoloArea renders the search, and the summary and rigs of the searched address. */
export default function MobileSoloArea({ page }: { page: SoloPage }) {
  return <SoloArea page={page} views={views} />;
}
