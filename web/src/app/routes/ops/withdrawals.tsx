// Withdrawals: the review queue and every withdrawal with filters, and one withdrawal's
// whole history with the finance actions (each asks the authenticator code again).
import { Card, Descriptions, Timeline, Typography, type TableProps } from 'antd';
import { Link } from 'react-router-dom';
import { opsApi } from '@/features/ops/api';
import { useActions } from '@/features/ops/hooks';
import { can, isFinalWithdrawal, validOlderThan, withdrawalActions, type Withdrawal } from '@/features/ops/models';
import { ListPage } from './list-page';
import { AuditTable, Copy, DetailPage, StatusTag, When, cols, useDetail, useOpsT } from './widgets';

/** useWithdrawalColumns are the columns of a list of withdrawals (the queue, a user's, a payout's). */
export function useWithdrawalColumns(): TableProps<Withdrawal>['columns'] {
  const t = useOpsT();
  return [
    { title: t('fields.id'), dataIndex: 'id', render: (id: number) => <Link to={`/withdrawals/${id}`} data-testid="ops-withdrawal-link">{id}</Link> },
    cols.status(t('fields.status')),
    { title: t('fields.coin'), dataIndex: 'coin' },
    { title: t('fields.amount'), dataIndex: 'amount' },
    { title: t('fields.user'), render: (_, w) => <Link to={`/users/${w.userId}`}>{w.email || w.uid}</Link> },
    cols.copy(t('fields.address'), 'address', 8),
    cols.copy(t('fields.txid'), 'txid', 8),
    cols.time(t('fields.created'), 'createdAt'),
  ];
}

export function WithdrawalsPage() {
  const t = useOpsT();
  return (
    <ListPage
      list="withdrawals"
      fields={[
        'status',
        'coin',
        { key: 'user', label: t('fields.user'), width: 200, testId: 'ops-filter-user' },
        { key: 'olderThan', label: t('fields.olderThan'), width: 90, testId: 'ops-filter-age' },
      ]}
      problems={(d) => ({ olderThan: validOlderThan(d.olderThan) ? undefined : t('fields.olderThanBad') })}
      clearable
      applyTestId="ops-filter-apply"
      columns={useWithdrawalColumns()}
    />
  );
}

export function WithdrawalPage() {
  // An open withdrawal moves on by itself (batched, broadcast, confirmed): followed every 5 s.
  const { t, id, navigate, me, query } = useDetail('withdrawal', opsApi.withdrawal, { refetchMs: 5_000, while: (h) => !isFinalWithdrawal(h?.withdrawal.status) });
  const actions = useActions(['approve', 'reject', 'fail'] as const, (a) => ({ reasonRequired: a !== 'approve', needsCode: true }), (a, reason, o) =>
    opsApi.withdrawalAction(Number(id), a, reason, o),
  );
  return (
    <>
      <DetailPage
        title={t('withdrawals.detail', { id })}
        back={() => navigate('/withdrawals')}
        query={query}
        actions={{
          all: actions,
          allowed: (h) => (can(me, 'finance') ? withdrawalActions(h.withdrawal) : []),
          texts: 'withdrawals',
          testId: 'ops-withdrawal',
          danger: (a) => a !== 'approve',
          primary: 'approve',
          // Only a rejection has a help line: the user reads its reason.
          modal: (a) => ({ title: t(`withdrawals.${a}Title`, { id }), help: a === 'reject' ? t('withdrawals.rejectHelp') : undefined, testId: `ops-${a}` }),
        }}
      >
        {(h) => {
          const w = h.withdrawal;
          return (
            <>
              <Card>
                <Descriptions column={2} size="small" bordered>
                  <Descriptions.Item label={t('fields.status')}>
                    <StatusTag status={w.status} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.order')}>
                    <Copy text={w.orderNo} testId="ops-withdrawal-order" />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.user')}>
                    <Link to={`/users/${w.userId}`}>{w.email}</Link> (<Copy text={w.uid} />)
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.coin')}>{w.coin}</Descriptions.Item>
                  <Descriptions.Item label={t('fields.amount')}>{w.amount}</Descriptions.Item>
                  <Descriptions.Item label={t('fields.fee')}>{w.fee}</Descriptions.Item>
                  <Descriptions.Item label={t('fields.received')}>{w.received}</Descriptions.Item>
                  <Descriptions.Item label={t('fields.network')}>{w.network || '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('fields.address')} span={2}>
                    <Copy text={w.address} testId="ops-withdrawal-address" />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.txid')} span={2}>
                    <Copy text={w.txid} testId="ops-withdrawal-txid" />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.confirmations')}>
                    <span data-testid="ops-withdrawal-confirmations">{w.confirmations}</span>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.reason')}>{w.reason || '—'}</Descriptions.Item>
                </Descriptions>
              </Card>
              <Card title={t('withdrawals.history')} size="small">
                <Timeline
                  items={h.states.map((s) => ({
                    color: s.state === 'failed' ? 'red' : 'green',
                    children: (
                      <span data-testid="ops-history-step">
                        {t(`status.${s.state}`, { defaultValue: s.state })} · <When at={s.at} />
                      </span>
                    ),
                  }))}
                />
              </Card>
              <Card title={t('fields.payout')} size="small">
                {h.payout ? (
                  <Descriptions column={2} size="small">
                    <Descriptions.Item label={t('fields.id')}>
                      <Link to={`/payouts/${h.payout.id}`}>{h.payout.id}</Link>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('fields.status')}>
                      <StatusTag status={h.payout.status} />
                    </Descriptions.Item>
                    <Descriptions.Item label={t('fields.networkFee')}>{h.payout.networkFee || '—'}</Descriptions.Item>
                    <Descriptions.Item label={t('fields.attempts')}>{h.payout.attempts}</Descriptions.Item>
                    <Descriptions.Item label={t('fields.lastError')} span={2}>
                      {h.payout.lastError || '—'}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('fields.raw')} span={2}>
                      {h.payout.raw ? (
                        <Typography.Paragraph copyable={{ text: h.payout.raw }} ellipsis={{ rows: 2, expandable: true }} code style={{ marginBottom: 0 }}>
                          {h.payout.raw}
                        </Typography.Paragraph>
                      ) : (
                        '—'
                      )}
                    </Descriptions.Item>
                  </Descriptions>
                ) : (
                  <Typography.Text type="secondary">{t('withdrawals.noPayout')}</Typography.Text>
                )}
              </Card>
              <Card title={t('withdrawals.auditEntries')} size="small">
                <AuditTable rows={h.audit} />
              </Card>
            </>
          );
        }}
      </DetailPage>
    </>
  );
}
