// Withdrawals: the review queue and every withdrawal with filters, and one withdrawal's
// whole history with the finance actions (each asks the authenticator code again).
import { Button, Card, Descriptions, Form, Input, Select, Space, Table, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { opsApi } from '@/features/ops/api';
import { useCursorList, useMe, useOpsAction } from '@/features/ops/hooks';
import { WITHDRAWAL_FILTERS, WITHDRAWAL_STATUSES, can, isFinalWithdrawal, validOlderThan, withdrawalActions, type Withdrawal } from '@/features/ops/models';
import { useQuery } from '@tanstack/react-query';
import { opsKeys } from '@/features/ops/hooks';
import { ActionModal, AuditTable, Copy, Loaded, NoRows, PageTitle, Pager, StatusTag, When, useOpsT, useUrlFilters } from './widgets';

/** withdrawalColumns are the columns of a list of withdrawals (the queue, a user's, a payout's). */
export function useWithdrawalColumns() {
  const t = useOpsT();
  return [
    { title: t('fields.id'), dataIndex: 'id', render: (id: number) => <Link to={`/withdrawals/${id}`} data-testid="ops-withdrawal-link">{id}</Link> },
    { title: t('fields.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
    { title: t('fields.coin'), dataIndex: 'coin' },
    { title: t('fields.amount'), dataIndex: 'amount' },
    { title: t('fields.user'), render: (_: unknown, w: Withdrawal) => <Link to={`/users/${w.userId}`}>{w.email || w.uid}</Link> },
    { title: t('fields.address'), dataIndex: 'address', render: (a: string) => <Copy text={a} keep={8} /> },
    { title: t('fields.txid'), dataIndex: 'txid', render: (tx: string) => <Copy text={tx} keep={8} /> },
    { title: t('fields.created'), dataIndex: 'createdAt', render: (at: number) => <When at={at} /> },
  ];
}

export function WithdrawalsPage() {
  const t = useOpsT();
  const [filters, apply] = useUrlFilters(WITHDRAWAL_FILTERS);
  const [draft, setDraft] = useState(filters);
  const list = useCursorList('withdrawals', filters, opsApi.withdrawals);
  const columns = useWithdrawalColumns();
  const ageOk = validOlderThan(draft.olderThan);
  return (
    <>
      <PageTitle>{t('withdrawals.title')}</PageTitle>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={() => ageOk && apply(draft)}>
        <Form.Item label={t('fields.status')}>
          <Select
            style={{ width: 150 }}
            value={draft.status}
            onChange={(status) => setDraft({ ...draft, status })}
            options={[{ value: '', label: t('list.any') }, ...WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
            data-testid="ops-filter-status"
          />
        </Form.Item>
        <Form.Item label={t('fields.coin')}>
          <Input style={{ width: 100 }} value={draft.coin} onChange={(e) => setDraft({ ...draft, coin: e.target.value })} data-testid="ops-filter-coin" />
        </Form.Item>
        <Form.Item label={t('fields.user')}>
          <Input style={{ width: 200 }} value={draft.user} onChange={(e) => setDraft({ ...draft, user: e.target.value })} data-testid="ops-filter-user" />
        </Form.Item>
        <Form.Item
          label={t('fields.olderThan')}
          validateStatus={ageOk ? undefined : 'error'}
          help={ageOk ? undefined : t('fields.olderThanBad')}
        >
          <Input style={{ width: 90 }} value={draft.olderThan} onChange={(e) => setDraft({ ...draft, olderThan: e.target.value })} data-testid="ops-filter-age" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="ops-filter-apply">
            {t('list.apply')}
          </Button>
          <Button
            onClick={() => {
              const none = { status: '', coin: '', user: '', olderThan: '' };
              setDraft(none);
              apply(none);
            }}
          >
            {t('list.clear')}
          </Button>
        </Space>
      </Form>
      <Loaded query={list.query}>
        {() => (
          <>
            <Table<Withdrawal> rowKey="id" size="small" dataSource={list.items} columns={columns} pagination={false} locale={{ emptyText: <NoRows /> }} data-testid="ops-withdrawals" />
            <Pager {...list} />
          </>
        )}
      </Loaded>
    </>
  );
}

export function WithdrawalPage() {
  const t = useOpsT();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const me = useMe().data;
  // An open withdrawal moves on by itself (batched, broadcast, confirmed): followed every 5 s.
  const query = useQuery({
    queryKey: opsKeys.one('withdrawal', id),
    queryFn: () => opsApi.withdrawal(id),
    refetchInterval: (q) => (isFinalWithdrawal(q.state.data?.withdrawal.status) ? false : 5_000),
  });
  const n = Number(id);
  const approve = useOpsAction({ reasonRequired: false, needsCode: true }, (reason, o) => opsApi.withdrawalAction(n, 'approve', reason, o));
  const reject = useOpsAction({ reasonRequired: true, needsCode: true }, (reason, o) => opsApi.withdrawalAction(n, 'reject', reason, o));
  const fail = useOpsAction({ reasonRequired: true, needsCode: true }, (reason, o) => opsApi.withdrawalAction(n, 'fail', reason, o));
  const actions = { approve, reject, fail };
  return (
    <>
      <PageTitle extra={<Button onClick={() => navigate('/withdrawals')}>{t('list.back')}</Button>}>{t('withdrawals.detail', { id })}</PageTitle>
      <Loaded query={query} rows={8}>
        {(h) => {
          const w = h.withdrawal;
          const allowed = can(me, 'finance') ? withdrawalActions(w) : [];
          return (
            <Space direction="vertical" size={16} style={{ width: '100%' }}>
              {allowed.length > 0 && (
                <Space data-testid="ops-withdrawal-actions">
                  {allowed.map((a) => (
                    <Button key={a} type={a === 'approve' ? 'primary' : 'default'} danger={a !== 'approve'} onClick={actions[a].show} data-testid={`ops-withdrawal-${a}`}>
                      {t(`withdrawals.${a}`)}
                    </Button>
                  ))}
                </Space>
              )}
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
            </Space>
          );
        }}
      </Loaded>
      <ActionModal action={approve} title={t('withdrawals.approveTitle', { id })} testId="ops-approve" />
      <ActionModal action={reject} title={t('withdrawals.rejectTitle', { id })} help={t('withdrawals.rejectHelp')} testId="ops-reject" />
      <ActionModal action={fail} title={t('withdrawals.failTitle', { id })} testId="ops-fail" />
    </>
  );
}
