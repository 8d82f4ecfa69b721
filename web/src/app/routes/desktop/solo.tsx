// Solo mode on the desktop (/account/soloSearch, soloSummary, soloEquipment): no login.
// Data, state and the search's submit live in features/solo; this file lays out antd widgets.
import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Result, Select, Skeleton, Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { SoloArea, SoloSummaryPage, type SoloViews } from '@/features/solo/components/solo-area';
import { isRefused, useSoloSearch, useSoloShares, type SoloPaths } from '@/features/solo/hooks/use-solo';
import { formatChance, formatDifficulty, formatWait } from '@/features/solo/model/format';
import type { SoloShare, SoloTarget, SoloWorker } from '@/features/solo/model/types';
import { useSoloTexts } from '@/features/solo/texts';
import { errorMessage } from '@/lib/api-client';
import { localeTag } from '@/lib/format';
import { useFormat } from '@/lib/use-format';
import { Card, Copyable, LoadFailed } from './pool/parts';
import type { soloTitles } from '../shared-titles';
import './pool/pool.css';
import './solo.css';

/** SoloPage names the pages of this area. */
export type SoloPage = keyof typeof soloTitles;

const soloPaths: SoloPaths = { search: paths.account.soloSearch, summary: paths.account.soloSummary, equipment: paths.account.soloEquipment };


/** DesktopSoloSearch: choose a coin, type an address, see its summary; recent searches; how to connect. */
function DesktopSoloSearch() {
  const s = useSoloSearch(soloPaths);
  const { t, ready } = s.texts;
  if (!ready || s.pending) {
    return (
      <PageFrame titleKey="pages.soloSearch">
        <Skeleton active paragraph={{ rows: 6 }} />
      </PageFrame>
    );
  }
  return (
    <PageFrame titleKey="pages.soloSearch">
      <p className="up-solo-lead">{t('search.lead')}</p>
      {s.failed ? (
        <LoadFailed tp={t} retry={s.retry} title={t('search.loadFailed')} />
      ) : !s.coin ? (
        <Result status="info" title={t('search.none')} />
      ) : (
        <>
          <Form layout="vertical" className="up-solo-search" onFinish={s.search} data-testid="solo-search">
            <Form.Item label={t('search.coin')}>
              <Select
                value={s.coin.type}
                onChange={s.setCoin}
                data-testid="solo-coin"
                options={s.coins.map((c) => ({
                  value: c.type,
                  label: (
                    <span className="up-solo-coin">
                      {c.iconUrl ? <img src={c.iconUrl} alt="" width={16} height={16} /> : null}
                      {c.name}
                    </span>
                  ),
                }))}
              />
            </Form.Item>
            <Form.Item label={t('search.address')} validateStatus={s.error ? 'error' : undefined} help={s.error ? <span role="alert" data-testid="solo-error">{s.error}</span> : undefined} className="up-solo-search__address">
              <Input
                value={s.address}
                onChange={(e) => s.setAddress(e.target.value)}
                placeholder={t('search.placeholder')}
                allowClear
                maxLength={128}
                spellCheck={false}
                data-testid="solo-address"
              />
            </Form.Item>
            <Form.Item label=" ">
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={s.busy} data-testid="solo-submit">
                {t('search.submit')}
              </Button>
            </Form.Item>
          </Form>
          {s.recent.length > 0 ? (
            <section className="up-pool-panel" data-testid="solo-recent">
              <h2>{t('search.recent')}</h2>
              <ul className="up-solo-recent">
                {s.recent.map((a) => (
                  <li key={a}>
                    <button type="button" className="up-solo-recent__pick" onClick={() => s.pick(a)}>
                      {a}
                    </button>
                    <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('search.forget', { address: a })} onClick={() => s.forget(a)} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section className="up-pool-panel" data-testid="solo-connect">
            <h2>{t('search.connect')}</h2>
            <dl className="up-solo-connect">
              <dt>{t('search.url')}</dt>
              <dd>
                {s.coin.soloUrls.map((u) => (
                  <Copyable key={u} text={u} tp={t} testId="solo-url" />
                ))}
              </dd>
              <dt>{t('search.worker')}</dt>
              <dd>{t('search.workerHint')}</dd>
              <dt>{t('search.fee')}</dt>
              <dd>{formatChance(s.coin.soloFeeRate)}</dd>
              {s.commands.length > 0 ? (
                <>
                  <dt>{t('search.commands')}</dt>
                  <dd data-testid="miner-commands">
                    {s.commands.map((c) => (
                      <div key={c.miner} data-testid={`miner-command-${c.miner}`}>
                        <span className="up-pool-hint">{c.miner}</span>{' '}
                        <Copyable text={c.command} tp={t} testId="miner-command" label={t('search.copyCommand', { miner: c.miner })} copyTestId={`copy-command-${c.miner}`} />
                      </div>
                    ))}
                    <p className="up-pool-hint">{t('search.commandsHint')}</p>
                  </dd>
                </>
              ) : null}
            </dl>
          </section>
        </>
      )}
    </PageFrame>
  );
}

function Refused({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useSoloTexts();
  return isRefused(error) ? (
    <div data-testid="solo-refused">
      <Result
        status="404"
        title={errorMessage(error)}
        subTitle={t('summary.notFound')}
        extra={
          <Link to={paths.account.soloSearch}>
            <Button type="primary">{t('summary.change')}</Button>
          </Link>
        }
      />
    </div>
  ) : (
    <Result
      status="warning"
      title={t('summary.loadFailed')}
      subTitle={errorMessage(error)}
      extra={
        <Button onClick={retry} data-testid="retry">
          {t('common.retry')}
        </Button>
      }
    />
  );
}

function DesktopSoloSummary({ target }: { target: SoloTarget }) {
  const { t, lang } = useSoloTexts();
  const f = useFormat();
  const shares = useSoloShares(target);
  return (
    <SoloSummaryPage target={target} views={views}>
      {(s, v) => {
        const c = s.chance;
        return (
          <>
            <section className="up-pool-panel" data-testid="solo-chance">
              <h2>{t('summary.chanceTitle')}</h2>
              {c.expectedSeconds > 0 ? (
                <div className="up-pool-cards up-solo-chance">
                  <Card label={t('summary.expected')} value={formatWait(c.expectedSeconds, localeTag(lang))} />
                  <Card label={t('summary.chanceDay')} value={formatChance(c.day, localeTag(lang))} />
                  <Card label={t('summary.chanceMonth')} value={formatChance(c.month, localeTag(lang))} />
                  <Card label={t('summary.chanceYear')} value={formatChance(c.year, localeTag(lang))} />
                </div>
              ) : (
                <p>{t('summary.noHashrate')}</p>
              )}
              <p className="up-pool-hint">
                {t('summary.chanceNote', { difficulty: formatDifficulty(s.networkDifficulty) })} {t('summary.network')}: {s.networkHashRate.show} {s.networkHashRate.unit}.{' '}
                {t('summary.lastShare')}: {f.dateTime(s.lastShareAt, true)}.
              </p>
            </section>
            <section className="up-pool-panel">
              <h2>{t('summary.chart')}</h2>
              {v.chartFailed ? <LoadFailed tp={t} retry={v.retryChart} /> : <LazyHashrateChart points={v.points} label={t('summary.hashrate10m')} />}
            </section>
            <section className="up-pool-panel" data-testid="solo-shares">
              <h2>{t('summary.shares')}</h2>
              {shares.shares.isError && !shares.shares.data ? (
                <LoadFailed tp={t} retry={() => void shares.shares.refetch()} />
              ) : !shares.shares.data ? (
                <Skeleton active paragraph={{ rows: 4 }} />
              ) : (
                <Table<SoloShare>
                  size="small"
                  rowKey="id"
                  loading={shares.shares.isPlaceholderData}
                  dataSource={shares.shares.data.rows}
                  locale={{ emptyText: t('shares.empty') }}
                  pagination={{
                    current: shares.page,
                    pageSize: shares.pageSize,
                    total: shares.shares.data.total,
                    showSizeChanger: true,
                    pageSizeOptions: ['10', '20', '30', '50'],
                    onChange: shares.onChange,
                  }}
                  columns={[
                    { title: t('shares.time'), dataIndex: 'submitTime', render: (ms: number) => f.dateTime(ms, true) },
                    { title: t('shares.height'), dataIndex: 'blockHeight' },
                    { title: t('shares.epoch'), dataIndex: 'epoch' },
                    { title: t('shares.worker'), dataIndex: 'worker', render: (w: string) => w || t('workers.bare') },
                    { title: t('shares.difficulty'), dataIndex: 'difficulty', render: formatDifficulty },
                    { title: t('shares.met'), dataIndex: 'shareDifficulty', render: formatDifficulty },
                    { title: t('shares.block'), dataIndex: 'block', render: (b: boolean) => (b ? <Tag color="gold">{t('shares.yes')}</Tag> : null) },
                  ]}
                />
              )}
            </section>
          </>
        );
      }}
    </SoloSummaryPage>
  );
}

/** Workers are the address's rigs in a table. */
function Workers({ workers }: { workers: SoloWorker[] }) {
  const { t } = useSoloTexts();
  const f = useFormat();
  return (
    <Table<SoloWorker>
      data-testid="solo-workers"
      rowKey="worker"
      dataSource={workers}
      pagination={false}
      locale={{ emptyText: t('workers.empty') }}
      columns={[
        { title: t('workers.name'), dataIndex: 'worker', render: (w: string) => w || t('workers.bare') },
        {
          title: t('workers.status'),
          dataIndex: 'online',
          render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{t(on ? 'workers.online' : 'workers.offline')}</Tag>,
        },
        { title: t('summary.hashrate10m'), key: 'h10', render: (_: unknown, w) => `${w.hashRate10m.show} ${w.hashRate10m.unit}` },
        { title: t('summary.hashrate1h'), key: 'h1', render: (_: unknown, w) => `${w.hashRate1h.show} ${w.hashRate1h.unit}` },
        { title: t('summary.hashrate24h'), key: 'h24', render: (_: unknown, w) => `${w.hashRate24h.show} ${w.hashRate24h.unit}` },
        { title: t('workers.best'), dataIndex: 'bestShare', render: formatDifficulty },
        { title: t('workers.last'), dataIndex: 'lastShareAt', render: (ms: number) => f.dateTime(ms, true) },
      ]}
    />
  );
}

const views: SoloViews = {
  size: 'desktop',
  paths: soloPaths,
  Copy: Copyable,
  Card,
  CoinTag: ({ children }) => <Tag>{children}</Tag>,
  Loading: ({ rows }) => <Skeleton active paragraph={{ rows }} />,
  Refused,
  Search: DesktopSoloSearch,
  Summary: DesktopSoloSummary,
  Workers,
};

/** DesktopSoloArea renders the search, and the summary and equipment of the searched address. */
export default function DesktopSoloArea({ page }: { page: SoloPage }) {
  return <SoloArea page={page} views={views} />;
}
