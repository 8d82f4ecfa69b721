// The wallet check of every coin (the node wallet against what the pool owes, red when
// short) and the sends no payout holds, which finance accepts with a note.
import { Card, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { opsApi } from '@/features/ops/api';
import { opsKeys, useMe, useOpsAction } from '@/features/ops/hooks';
import { can, isShort, type WalletReport, type WalletSend } from '@/features/ops/models';
import { ActionModal, Loaded, LoadedTable, OpsTable, PageTitle, When, cols, rowAction, usePicked, useOpsT } from './widgets';

/** WalletTable is the wallet check's figures, a short coin's surplus in red. */
export function WalletTable({ coins }: { coins: WalletReport[] }) {
  const t = useOpsT();
  return (
    <OpsTable<WalletReport>
      rowKey="coin"
      rows={coins}
      testId="ops-wallet"
      columns={[
        { title: t('fields.coin'), dataIndex: 'coin' },
        { title: t('wallet.balance'), dataIndex: 'wallet' },
        { title: t('wallet.available'), dataIndex: 'available' },
        { title: t('wallet.unsent'), dataIndex: 'unsent' },
        {
          title: t('wallet.surplus'),
          render: (_, r) =>
            r.error ? (
              <Typography.Text type="warning">{t('wallet.nodeError', { error: r.error })}</Typography.Text>
            ) : (
              <Typography.Text type={isShort(r) ? 'danger' : undefined} strong={isShort(r)} data-testid={`ops-wallet-surplus-${r.coin}`} data-short={isShort(r)}>
                {r.surplus} {isShort(r) && <Tag color="red">{t('wallet.short')}</Tag>}
              </Typography.Text>
            ),
        },
        { title: t('wallet.unknownSends'), dataIndex: 'unknownSends' },
        { title: t('wallet.problem'), dataIndex: 'problem', render: (p: string) => p || '—' },
      ]}
    />
  );
}

export function WalletPage() {
  const t = useOpsT();
  const me = useMe().data;
  const wallet = useQuery({ queryKey: opsKeys.list('wallet', {}), queryFn: opsApi.wallet });
  const sends = useQuery({ queryKey: opsKeys.list('walletSends', {}), queryFn: () => opsApi.walletSends() });
  const [picked, pick] = usePicked<WalletSend>();
  // The note is the action's reason field: required, kept in the audit log.
  const accept = useOpsAction({ reasonRequired: true, needsCode: true }, (note, o) =>
    opsApi.acceptSend({ coin: picked?.coin ?? '', txid: picked?.txid ?? '', note }, o),
  );
  return (
    <>
      <PageTitle>{t('wallet.title')}</PageTitle>
      <Card style={{ marginBottom: 16 }}>
        <Loaded query={wallet}>{(d) => <WalletTable coins={d.coins} />}</Loaded>
      </Card>
      <Card title={t('wallet.sends')}>
        <LoadedTable
          query={sends}
          rowKey={(s) => `${s.coin}/${s.txid}`}
          rows={(d) => d.items}
          columns={[
            { title: t('fields.coin'), dataIndex: 'coin' },
            cols.copy(t('fields.txid'), 'txid', 10),
            cols.time(t('wallet.foundAt'), 'foundAt'),
            {
              title: t('wallet.acceptedAt'),
              dataIndex: 'acceptedAt',
              render: (at: number) => (at ? <When at={at} /> : <Tag color="gold">{t('wallet.waiting')}</Tag>),
            },
            { title: t('wallet.note'), dataIndex: 'note' },
            rowAction<WalletSend>((s) => !s.acceptedAt && can(me, 'finance'), t('wallet.accept'), (s) => pick(s, accept)),
          ]}
        />
      </Card>
      <ActionModal action={accept} title={t('wallet.acceptTitle', { txid: picked?.txid.slice(0, 12) ?? '' })} help={t('wallet.noteRequired')} />
    </>
  );
}
