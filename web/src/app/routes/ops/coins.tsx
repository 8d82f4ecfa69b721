// Coins: every coin's settings, read only (`poold admin coin set` changes them for now).
import { Alert, Button, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { opsApi } from '@/features/ops/api';
import { Link } from 'react-router-dom';
import { opsKeys, useMe } from '@/features/ops/hooks';
import { can, type CoinSettings } from '@/features/ops/models';
import { useFormat } from '@/lib/use-format';
import { Loaded, OpsTable, PageTitle, useOpsT } from './widgets';

/** useCoinColumns are a coin's first columns in the coins tables (settings, editing): symbol, name, open or closed. */
export function useCoinColumns() {
  const t = useOpsT();
  return [
    { title: t('fields.coin'), dataIndex: 'type' },
    { title: t('coins.name'), dataIndex: 'name' },
    { title: t('fields.status'), dataIndex: 'open', render: (o: boolean) => <Tag color={o ? 'green' : 'default'}>{t(o ? 'coins.open' : 'coins.closed')}</Tag> },
  ];
}

export function CoinsPage() {
  const t = useOpsT();
  const f = useFormat();
  const coinColumns = useCoinColumns();
  const coins = useQuery({ queryKey: opsKeys.list('coins', {}), queryFn: opsApi.coins });
  const canEdit = can(useMe().data, 'coins');
  const bps = (n: number) => f.percent(n / 10_000, 2);
  return (
    <>
      <PageTitle
        extra={
          canEdit && (
            <Link to="/coin-edit">
              <Button type="primary" data-testid="ops-coins-edit">
                {t('coins.edit')}
              </Button>
            </Link>
          )
        }
      >
        {t('coins.title')}
      </PageTitle>
      {!canEdit && <Alert type="info" showIcon message={t('coins.readOnly')} style={{ marginBottom: 16 }} />}
      <Loaded query={coins}>
        {(d) => (
          <OpsTable<CoinSettings>
            rowKey="type"
            rows={d.coins}
            scroll={{ x: true }}
            testId="ops-coins"
            columns={[
              ...coinColumns,
              { title: t('coins.algorithm'), dataIndex: 'algorithm' },
              { title: t('coins.fee'), dataIndex: 'feeBps', render: bps },
              { title: t('coins.settle'), render: (_, c) => `${c.settleModel} ${c.settleTime}${c.ppsTxFees ? ' +tx' : ''}` },
              { title: t('coins.minWithdraw'), dataIndex: 'minWithdraw' },
              { title: t('coins.withdrawFee'), dataIndex: 'withdrawFee' },
              { title: t('coins.reviewAbove'), dataIndex: 'withdrawReviewAbove', render: (v: string) => (Number(v) === 0 ? t('coins.noReview') : v) },
              { title: t('coins.dustFloor'), dataIndex: 'dustFloor' },
              { title: t('coins.payoutConfirmations'), dataIndex: 'payoutConfirmations' },
              { title: t('coins.ports'), dataIndex: 'stratumPorts', render: (p: number[]) => (p ?? []).join(', ') || '—' },
              { title: t('coins.soloPorts'), dataIndex: 'soloPorts', render: (p: number[]) => (p ?? []).join(', ') || '—' },
              { title: t('coins.soloFee'), dataIndex: 'soloFeeBps', render: bps },
              { title: t('coins.driver'), dataIndex: 'driver' },
            ]}
          />
        )}
      </Loaded>
    </>
  );
}
