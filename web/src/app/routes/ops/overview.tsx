// Overview: per coin, the pool's figures (hashrate, miners, devices, blocks, what it owes,
// payouts waiting, stuck and failed, reviews), and the wallet check beside them.
import { Card, Col, Row, Statistic, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { opsApi } from '@/features/ops/api';
import { opsKeys } from '@/features/ops/hooks';
import type { CoinFigures } from '@/features/ops/models';
import { useFormat } from '@/lib/use-format';
import { WalletTable } from './wallet';
import { Loaded, NoRows, PageTitle, useOpsT } from './widgets';

function CoinCard({ c }: { c: CoinFigures }) {
  const t = useOpsT();
  const f = useFormat();
  return (
    <Card
      title={c.coin}
      data-testid={`ops-overview-${c.coin}`}
      extra={<Typography.Text type="secondary">{c.statsAt ? t('overview.statsAt', { time: f.dateTime(c.statsAt) }) : t('overview.noStats')}</Typography.Text>}
    >
      <Row gutter={[16, 16]}>
        <Col span={6}>
          <Statistic title={t('overview.hashrate')} value={f.hashrate(c.poolHashRate)} />
        </Col>
        <Col span={6}>
          <Statistic title={t('overview.hashrate24h')} value={f.hashrate(c.poolHashRate24h)} />
        </Col>
        <Col span={6}>
          <Statistic title={t('overview.miners')} value={f.count(c.activeMiners)} />
        </Col>
        <Col span={6}>
          <Statistic title={t('overview.devices')} value={f.count(c.devices)} />
        </Col>
        <Col span={6}>
          <Statistic title={t('overview.height')} value={c.height} groupSeparator="" />
        </Col>
        <Col span={6}>
          <Statistic title={t('overview.owed')} value={c.available} />
        </Col>
        <Col span={6}>
          <Statistic title={t('overview.frozenOpen')} value={c.frozen} />
        </Col>
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
