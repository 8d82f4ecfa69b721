// Coins: every coin's settings, read only (`poold admin coin set` changes them for now).
import { Alert, Button, Tag, type TableProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { opsApi } from '@/features/ops/api';
import { Link } from 'react-router-dom';
import { opsKeys, useMe } from '@/features/ops/hooks';
import { can, type CoinSettings } from '@/features/ops/models';
import { useFormat } from '@/lib/use-format';
import { Loaded, OpsTable, PageTitle, useOpsT } from './widgets';

/**
 * CoinTable is a table of coins (settings, editing): each coin's symbol, name and open or
 * closed, then the columns given; it scrolls sideways when wide.
 */
export function CoinTable<C extends Pick<CoinSettings, 'type' | 'name' | 'open'>>({ coins, columns, testId }: { coins: C[]; columns: TableProps<C>['columns']; testId: string }) {
  const t = useOpsT();
  return (
    <OpsTable<C>
      rowKey="type"
      rows={coins}
      scroll={{ x: true }}
      testId={testId}
      columns={[
        { title: t('fields.coin'), dataIndex: 'type' },
        { title: t('coins.name'), dataIndex: 'name' },
        { title: t('fields.status'), dataIndex: 'open', render: (o: boolean) => <Tag color={o ? 'green' : 'default'}>{t(o ? 'coins.open' : 'coins.closed')}</Tag> },
        ...(columns ?? []),
      ]}
    />
  );
}

export function CoinsPage() {
  const t = useOpsT();
  const f = useFormat();
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
          <CoinTable<CoinSettings>
            coins={d.coins}
            testId="ops-coins"
            columns={[
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
