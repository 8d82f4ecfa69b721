// Overview: per coin, the pool's figures (hashrate, miners, devices, blocks, what it owes,
// payouts waiting, stuck and failed, reviews), and the wallet check beside them.
import { Card, Col, Row, Space, Statistic, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { opsApi } from '@/features/ops/api';
import { opsKeys } from '@/features/ops/hooks';
import { LazyHashrateChart } from '@/components/hashrate-chart';
import { isShort, nodeHealth, type CoinFigures } from '@/features/ops/models';
import { useFormat } from '@/lib/use-format';
import { WalletTable } from './wallet';
import { Loaded, NoRows, PageTitle, useOpsT } from './widgets';

const HEALTH_COLOURS = { good: 'green', warning: 'gold', bad: 'red', unknown: 'default' } as const;

/** NodeTag is the node's status with its last template's age; the error in a tooltip. */
function NodeTag({ c }: { c: CoinFigures }) {
  const t = useOpsT();
  const f = useFormat();
  const n = c.node;
  if (!n) return null;
  const tag = (
    <Tag color={HEALTH_COLOURS[nodeHealth(n)]} data-testid={`ops-node-${c.coin}`} data-status={n.status}>
      {t('overview.node')}: {t(`overview.nodeStatus.${n.status}`, { defaultValue: n.status })}
    </Tag>
  );
  return (
    <Space size={4}>
      {n.error ? <Tooltip title={n.error}>{tag}</Tooltip> : tag}
      <Typography.Text type="secondary">
        {n.templateAt ? t('overview.templateAge', { age: f.duration(Math.round(n.templateAgeMs / 1000)), height: n.templateHeight }) : t('overview.noTemplate')}
      </Typography.Text>
    </Space>
  );
}

function CoinCard({ c }: { c: CoinFigures }) {
  const t = useOpsT();
  const f = useFormat();
  const refused = Object.entries(c.shares24h?.refused ?? {}).filter(([, n]) => n > 0);
  return (
    <Card
      title={
        <Space>
          {c.coin}
          <NodeTag c={c} />
        </Space>
      }
      data-testid={`ops-overview-${c.coin}`}
      extra={<Typography.Text type="secondary">{c.statsAt ? t('overview.statsAt', { time: f.dateTime(c.statsAt) }) : t('overview.noStats')}</Typography.Text>}
    >
      {c.hashRateHistory && c.hashRateHistory.length > 0 && (
        <LazyHashrateChart points={c.hashRateHistory.map((p) => ({ time: p.time, hashRate: p.hashRate }))} label={t('overview.chart')} height={200} />
      )}
      <Row gutter={[16, 16]}>
        {(
          [
            ['hashrate', f.hashrate(c.poolHashRate)],
            ['hashrate24h', f.hashrate(c.poolHashRate24h)],
            ['miners', f.count(c.activeMiners)],
            ['devices', f.count(c.devices)],
            ['height', String(c.height)],
            ['owed', c.available],
            ['frozenOpen', c.frozen],
          ] as const
        ).map(([key, value]) => (
          <Col span={6} key={key}>
            {/* A block height is written without thousands separators. */}
            <Statistic title={t(`overview.${key}`)} value={value} groupSeparator={key === 'height' ? '' : undefined} />
          </Col>
        ))}
        <Col span={6}>
          <div className="ant-statistic-title" style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 4 }}>
            {t('overview.blocks')}
          </div>
          {Object.entries(c.blocks ?? {}).length === 0
            ? '—'
            : Object.entries(c.blocks).map(([s, n]) => (
                <Tag key={s}>
                  {t(`status.${s}`, { defaultValue: s })}: {n}
                </Tag>
              ))}
          {c.lastBlock && (
            <div style={{ marginTop: 4 }} data-testid={`ops-last-block-${c.coin}`}>
              <Typography.Text type="secondary">
                {t('overview.lastBlock', { height: c.lastBlock.height, effort: c.lastBlock.effort ? f.percent(c.lastBlock.effort, 1) : '—' })}
              </Typography.Text>
            </div>
          )}
        </Col>
        <Col span={6}>
          <Statistic title={t('overview.payoutsOpen')} value={c.payoutsOpen} />
        </Col>
        <Col span={6}>
          <Statistic title={t('overview.payoutsStuck')} value={c.payoutsStuck} valueStyle={c.payoutsStuck > 0 ? { color: '#cf1322' } : undefined} />
        </Col>
        <Col span={6}>
          <Statistic title={t('overview.payoutsFailed')} value={c.payoutsFailed24h} valueStyle={c.payoutsFailed24h > 0 ? { color: '#cf1322' } : undefined} />
        </Col>
        {c.shares24h && (
          <Col span={12}>
            <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 4 }}>{t('overview.shares')}</div>
            <Space wrap size={4}>
              <Tag color="green">
                {t('overview.accepted')}: {f.count(c.shares24h.accepted)}
              </Tag>
              {refused.map(([reason, n]) => (
                <Tag color="red" key={reason}>
                  {t('overview.refused')} · {t(`overview.reasons.${reason}`, { defaultValue: reason })}: {f.count(n)}
                </Tag>
              ))}
            </Space>
          </Col>
        )}
        {c.wallet && (
          <Col span={12}>
            <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 4 }}>{t('overview.wallet')}</div>
            {c.wallet.error ? (
              <Typography.Text type="warning">{t('wallet.nodeError', { error: c.wallet.error })}</Typography.Text>
            ) : (
              <Typography.Text type={isShort(c.wallet) ? 'danger' : undefined} strong={isShort(c.wallet)} data-testid={`ops-overview-wallet-${c.coin}`} data-short={isShort(c.wallet)}>
                {t('wallet.balance')} {c.wallet.wallet} · {t('wallet.surplus')} {c.wallet.surplus}
                {isShort(c.wallet) && <Tag color="red" style={{ marginLeft: 8 }}>{t('wallet.short')}</Tag>}
              </Typography.Text>
            )}
          </Col>
        )}
        <Col span={6}>
          <Link to={`/withdrawals?status=review&coin=${encodeURIComponent(c.coin)}`}>
            <Statistic title={t('overview.reviews')} value={c.reviewsWaiting} valueStyle={c.reviewsWaiting > 0 ? { color: '#d48806' } : undefined} />
          </Link>
        </Col>
      </Row>
    </Card>
  );
}

export function OverviewPage() {
  const t = useOpsT();
  const overview = useQuery({ queryKey: opsKeys.list('overview', {}), queryFn: opsApi.overview, refetchInterval: 60_000 });
  const wallet = useQuery({ queryKey: opsKeys.list('wallet', {}), queryFn: opsApi.wallet });
  return (
    <>
      <PageTitle>{t('overview.title')}</PageTitle>
      <Loaded query={overview} rows={8}>
        {(d) =>
          d.coins.length === 0 ? (
            <NoRows />
          ) : (
            <Row gutter={[16, 16]}>
              {d.coins.map((c) => (
                <Col span={24} key={c.coin}>
                  <CoinCard c={c} />
                </Col>
              ))}
            </Row>
          )
        }
      </Loaded>
      <Card title={t('wallet.title')} style={{ marginTop: 16 }}>
        <Loaded query={wallet}>{(d) => <WalletTable coins={d.coins} />}</Loaded>
      </Card>
    </>
  );
}
