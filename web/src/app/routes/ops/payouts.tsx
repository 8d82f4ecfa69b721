// Payout batches: the list with filters, and one payout with its withdrawals, audit
// entries and, while it is batched, the fail and unbatch actions.
import { Button, Card, Descriptions, Form, Input, Select, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { opsApi } from '@/features/ops/api';
import { opsKeys, useCursorList, useMe, useOpsAction } from '@/features/ops/hooks';
import { PAYOUT_FILTERS, PAYOUT_STATUSES, can, payoutActions, type Payout, type Withdrawal } from '@/features/ops/models';
import { ActionModal, AuditTable, Copy, Loaded, NoRows, PageTitle, Pager, StatusTag, When, useOpsT, useUrlFilters } from './widgets';
import { useWithdrawalColumns } from './withdrawals';

export function PayoutsPage() {
  const t = useOpsT();
  const [filters, apply] = useUrlFilters(PAYOUT_FILTERS);
  const [draft, setDraft] = useState(filters);
  const list = useCursorList('payouts', filters, opsApi.payouts);
  return (
    <>
      <PageTitle>{t('payouts.title')}</PageTitle>
      <Form layout="inline" style={{ marginBottom: 16 }} onFinish={() => apply(draft)}>
        <Form.Item label={t('fields.status')}>
          <Select
            style={{ width: 150 }}
            value={draft.status}
            onChange={(status) => setDraft({ ...draft, status })}
            options={[{ value: '', label: t('list.any') }, ...PAYOUT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
          />
        </Form.Item>
        <Form.Item label={t('fields.coin')}>
          <Input style={{ width: 100 }} value={draft.coin} onChange={(e) => setDraft({ ...draft, coin: e.target.value })} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('list.apply')}
        </Button>
      </Form>
      <Loaded query={list.query}>
        {() => (
          <>
            <Table<Payout>
              rowKey="id"
              size="small"
              dataSource={list.items}
              pagination={false}
              locale={{ emptyText: <NoRows /> }}
              data-testid="ops-payouts"
              columns={[
                { title: t('fields.id'), dataIndex: 'id', render: (id: number) => <Link to={`/payouts/${id}`}>{id}</Link> },
                { title: t('fields.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
                { title: t('fields.coin'), dataIndex: 'coin' },
                { title: t('fields.outputs'), dataIndex: 'outputs' },
                { title: t('fields.txid'), dataIndex: 'txid', render: (tx: string) => <Copy text={tx} keep={8} /> },
                { title: t('fields.confirmations'), dataIndex: 'confirmations' },
                { title: t('fields.created'), dataIndex: 'createdAt', render: (at: number) => <When at={at} /> },
              ]}
            />
            <Pager {...list} />
          </>
        )}
      </Loaded>
    </>
  );
}

export function PayoutPage() {
  const t = useOpsT();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const me = useMe().data;
  const query = useQuery({ queryKey: opsKeys.one('payout', id), queryFn: () => opsApi.payout(id) });
  const n = Number(id);
  const fail = useOpsAction({ reasonRequired: true, needsCode: true }, (reason, o) => opsApi.payoutAction(n, 'fail', reason, o));
  const unbatch = useOpsAction({ reasonRequired: false, needsCode: true }, (reason, o) => opsApi.payoutAction(n, 'unbatch', reason, o));
  const actions = { fail, unbatch };
  const columns = useWithdrawalColumns();
  return (
    <>
      <PageTitle extra={<Button onClick={() => navigate('/payouts')}>{t('list.back')}</Button>}>{t('payouts.detail', { id })}</PageTitle>
      <Loaded query={query} rows={8}>
        {(v) => {
          const p = v.payout;
          const allowed = can(me, 'finance') ? payoutActions(p) : [];
          return (
            <Space direction="vertical" size={16} style={{ width: '100%' }}>
              {allowed.length > 0 && (
                <Space>
                  {allowed.map((a) => (
                    <Button key={a} danger={a === 'fail'} onClick={actions[a].show} data-testid={`ops-payout-${a}`}>
                      {t(`payouts.${a}`)}
                    </Button>
                  ))}
                </Space>
              )}
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
                  <Descriptions.Item label={t('status.created')}>
                    <When at={p.createdAt} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('status.signed')}>
                    <When at={p.signedAt} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('status.broadcast')}>
                    <When at={p.broadcastAt} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.updated')}>
                    <When at={p.doneAt} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('fields.lastError')} span={2}>
                    {p.lastError || '—'}
                  </Descriptions.Item>
                </Descriptions>
              </Card>
              <Card title={t('nav.withdrawals')} size="small">
                <Table<Withdrawal> rowKey="id" size="small" dataSource={v.withdrawals} columns={columns} pagination={false} locale={{ emptyText: <NoRows /> }} />
              </Card>
              <Card title={t('withdrawals.auditEntries')} size="small">
                <AuditTable rows={v.audit} />
              </Card>
            </Space>
          );
        }}
      </Loaded>
      <ActionModal action={fail} title={t('payouts.failTitle', { id })} help={t('payouts.failHelp')} testId="ops-payout-fail-modal" />
      <ActionModal action={unbatch} title={t('payouts.unbatchTitle', { id })} help={t('payouts.unbatchHelp')} testId="ops-payout-unbatch-modal" />
    </>
  );
}
