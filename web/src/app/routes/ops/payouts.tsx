// Payout batches: the list with filters, and one payout with its withdrawals, audit
// entries and, while it is batched, the fail and unbatch actions.
import { Card, Descriptions } from 'antd';
import { Link } from 'react-router-dom';
import { opsApi } from '@/features/ops/api';
import { useActions } from '@/features/ops/hooks';
import { can, payoutActions, type Withdrawal } from '@/features/ops/models';
import { ListPage } from './list-page';
import { AuditTable, Copy, DetailPage, StatusTag, TableCard, When, cols, useDetail, useOpsT } from './widgets';
import { useWithdrawalColumns } from './withdrawals';

export function PayoutsPage() {
  const t = useOpsT();
  return (
    <ListPage
      list="payouts"
      fields={['status', 'coin']}
      columns={[
        { title: t('fields.id'), dataIndex: 'id', render: (id: number) => <Link to={`/payouts/${id}`}>{id}</Link> },
        cols.status(t('fields.status')),
        { title: t('fields.coin'), dataIndex: 'coin' },
        { title: t('fields.outputs'), dataIndex: 'outputs' },
        cols.copy(t('fields.txid'), 'txid', 8),
        { title: t('fields.confirmations'), dataIndex: 'confirmations' },
        cols.time(t('fields.created'), 'createdAt'),
      ]}
    />
  );
}

export function PayoutPage() {
  const { t, id, navigate, me, query } = useDetail('payout', opsApi.payout);
  const actions = useActions(['fail', 'unbatch'] as const, (a) => ({ reasonRequired: a === 'fail', needsCode: true }), (a, reason, o) =>
    opsApi.payoutAction(Number(id), a, reason, o),
  );
  const columns = useWithdrawalColumns();
  return (
    <>
      <DetailPage
        title={t('payouts.detail', { id })}
        back={() => navigate('/payouts')}
        query={query}
        actions={{
          all: actions,
          allowed: (v) => (can(me, 'finance') ? payoutActions(v.payout) : []),
          texts: 'payouts',
          testId: 'ops-payout',
          danger: (a) => a === 'fail',
          modal: (a) => ({ title: t(`payouts.${a}Title`, { id }), help: t(`payouts.${a}Help`) }),
        }}
      >
        {(v) => {
          const p = v.payout;
          return (
            <>
              <Card>
                <Descriptions column={2} size="small" bordered>
                  <Descriptions.Item label={t('fields.status')}>
                    <StatusTag status={p.status} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.coin')}>{p.coin}</Descriptions.Item>
                  <Descriptions.Item label={t('fields.txid')} span={2}>
                    <Copy text={p.txid} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.networkFee')}>{p.networkFee || '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('fields.confirmations')}>{p.confirmations}</Descriptions.Item>
                  <Descriptions.Item label={t('fields.outputs')}>{p.outputs}</Descriptions.Item>
                  <Descriptions.Item label={t('fields.attempts')}>{p.attempts}</Descriptions.Item>
                  {(
                    [
                      ['status.created', p.createdAt],
                      ['status.signed', p.signedAt],
                      ['status.broadcast', p.broadcastAt],
                      ['fields.updated', p.doneAt],
                    ] as const
                  ).map(([label, at]) => (
                    <Descriptions.Item key={label} label={t(label)}>
                      <When at={at} />
                    </Descriptions.Item>
                  ))}
                  <Descriptions.Item label={t('fields.lastError')} span={2}>
                    {p.lastError || '—'}
                  </Descriptions.Item>
                </Descriptions>
              </Card>
              <TableCard<Withdrawal> title={t('nav.withdrawals')} rows={v.withdrawals} columns={columns} />
              <Card title={t('withdrawals.auditEntries')} size="small">
                <AuditTable rows={v.audit} />
              </Card>
            </>
          );
        }}
      </DetailPage>
    </>
  );
}
