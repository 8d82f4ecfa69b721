// Users: the search (email, phone, uid, sub-account, worker or address) with what matched,
// and a user's page with its actions, each with a reason.
import { Card, Descriptions, Input, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { opsApi } from '@/features/ops/api';
import { opsKeys, useOpsAction } from '@/features/ops/hooks';
import { can, type UserPage as UserPageData, type UserSummary, type Withdrawal } from '@/features/ops/models';
import { ActionButtons, ActionModal, Copy, DetailPage, Loaded, OpsTable, PageTitle, When, cols, useDetail, useOpsT } from './widgets';
import { useWithdrawalColumns } from './withdrawals';

export function UsersPage() {
  const t = useOpsT();
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const results = useQuery({ queryKey: opsKeys.list('users', { q }), queryFn: () => opsApi.users(q), enabled: q.trim() !== '' });
  return (
    <>
      <PageTitle>{t('users.title')}</PageTitle>
      <div data-testid="ops-user-search">
        <Input.Search
          placeholder={t('users.search')}
          enterButton={t('users.searchButton')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(v) => setSearch(v.trim() ? { q: v.trim() } : {}, { replace: true })}
          style={{ maxWidth: 560, marginBottom: 16 }}
        />
      </div>
      {q.trim() === '' ? (
        <Typography.Paragraph type="secondary">{t('users.searchHint')}</Typography.Paragraph>
      ) : (
        <Loaded query={results}>
          {(d) => (
            <OpsTable<UserSummary>
              rows={d.items}
              testId="ops-user-results"
              columns={[
                { title: t('users.uid'), dataIndex: 'uid', render: (uid: string, u) => <Link to={`/users/${u.id}`} data-testid="ops-user-link">{uid}</Link> },
                { title: t('fields.email'), dataIndex: 'email' },
                { title: t('users.phone'), dataIndex: 'phone' },
                { title: t('users.nickname'), dataIndex: 'nickname' },
                { title: t('fields.status'), dataIndex: 'status' },
                { title: t('users.matched'), dataIndex: 'matched', render: (m: string) => <Tag>{t(`matched.${m}`, { defaultValue: m })}</Tag> },
                cols.time(t('fields.created'), 'createdAt'),
              ]}
            />
          )}
        </Loaded>
      )}
    </>
  );
}

type UserAction = 'freezeAccount' | 'unfreezeAccount' | 'freezeWithdrawals' | 'unfreezeWithdrawals' | 'endSessions' | 'reset2fa';

/** useUserActions are a user's actions; each needs a reason (support and owner). */
function useUserActions(id: number) {
  const spec = { reasonRequired: true, needsCode: false };
  return {
    freezeAccount: useOpsAction(spec, (reason) => opsApi.userAction(id, 'freeze', { what: 'account', reason })),
    unfreezeAccount: useOpsAction(spec, (reason) => opsApi.userAction(id, 'unfreeze', { what: 'account', reason })),
    freezeWithdrawals: useOpsAction(spec, (reason) => opsApi.userAction(id, 'freeze', { what: 'withdrawals', reason })),
    unfreezeWithdrawals: useOpsAction(spec, (reason) => opsApi.userAction(id, 'unfreeze', { what: 'withdrawals', reason })),
    endSessions: useOpsAction(spec, (reason) => opsApi.userAction(id, 'end-sessions', { reason })),
    reset2fa: useOpsAction(spec, (reason) => opsApi.userAction(id, 'reset-2fa', { reason })),
  } satisfies Record<UserAction, unknown>;
}

/** actionsFor are the actions the user's state allows. */
function actionsFor(p: UserPageData): UserAction[] {
  const out: UserAction[] = [p.freeze.frozen ? 'unfreezeAccount' : 'freezeAccount', p.freeze.withdrawalsFrozen ? 'unfreezeWithdrawals' : 'freezeWithdrawals'];
  if (p.sessions.length > 0) out.push('endSessions');
  if (p.twoFactor.enabled) out.push('reset2fa');
  return out;
}

export function UserPage() {
  const { t, id, navigate, me, query } = useDetail('user', opsApi.user);
  const actions = useUserActions(Number(id));
  const columns = useWithdrawalColumns();
  return (
    <>
      <DetailPage title={query.data ? query.data.user.email || query.data.user.uid : t('users.title')} back={() => navigate(-1)} query={query}>
        {(p) => (
          <>
            <ActionButtons
              allowed={can(me, 'users') ? actionsFor(p) : []}
              actions={actions}
              label={(a) => t(`users.${a}`)}
              danger={(a) => a.startsWith('freeze') || a === 'reset2fa'}
              testId={(a) => `ops-user-${a}`}
              groupTestId="ops-user-actions"
            />
            <Card>
              <Descriptions column={3} size="small" bordered>
                <Descriptions.Item label={t('users.uid')}>
                  <Copy text={p.user.uid} />
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.email')}>{p.user.email ? <Copy text={p.user.email} /> : '—'}</Descriptions.Item>
                <Descriptions.Item label={t('users.phone')}>{p.user.phone || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('users.nickname')}>{p.user.nickname || '—'}</Descriptions.Item>
                <Descriptions.Item label={t('users.accountType')}>{p.accountType}</Descriptions.Item>
                <Descriptions.Item label={t('fields.created')}>
                  <When at={p.user.createdAt} />
                </Descriptions.Item>
                <Descriptions.Item label={t('users.twoFactor')}>
                  <span data-testid="ops-user-2fa">{p.twoFactor.enabled ? t('users.twoFactorOn', { n: p.twoFactor.recoveryCodesLeft }) : t('users.twoFactorOff')}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('users.freezes')} span={2}>
                  <Space direction="vertical" data-testid="ops-user-freezes">
                    {p.freeze.frozen && <Tag color="red">{t('users.accountFrozen', { reason: p.freeze.frozenReason })}</Tag>}
                    {p.freeze.withdrawalsFrozen && <Tag color="red">{t('users.withdrawalsFrozen', { reason: p.freeze.withdrawalsFrozenReason })}</Tag>}
                    {!p.freeze.frozen && !p.freeze.withdrawalsFrozen && t('users.notFrozen')}
                  </Space>
                </Descriptions.Item>
              </Descriptions>
            </Card>
            <Card title={t('users.subAccounts')} size="small">
              <OpsTable
                rows={p.subAccounts}
                expandable={{
                  rowExpandable: (s) => s.devices.length > 0,
                  expandedRowRender: (s) => (
                    <OpsTable
                      rows={s.devices}
                      columns={[
                        { title: t('fields.coin'), dataIndex: 'coin' },
                        { title: t('users.worker'), dataIndex: 'worker' },
                        { title: t('users.kind'), dataIndex: 'kind' },
                        { title: t('fields.status'), dataIndex: 'status' },
                      ]}
                    />
                  ),
                }}
                columns={[
                  { title: t('fields.id'), dataIndex: 'id' },
                  { title: t('users.subAccounts'), dataIndex: 'code', render: (c: string, s) => `${c}${s.alias ? ` (${s.alias})` : ''}${s.deleted ? ` · ${t('users.deleted')}` : ''}` },
                  { title: t('fields.coin'), dataIndex: 'defaultCoin' },
                  { title: t('users.devices'), render: (_, s) => s.devices.length },
                ]}
              />
            </Card>
            <Card title={`${t('users.balances')} (${t('users.minorUnits')})`} size="small">
              <OpsTable
                rowKey={(b) => `${b.subAccountId}/${b.coin}`}
                rows={p.balances}
                columns={[
                  { title: t('users.subAccounts'), dataIndex: 'subAccountId' },
                  { title: t('fields.coin'), dataIndex: 'coin' },
                  { title: t('users.available'), dataIndex: 'available' },
                  { title: t('users.frozen'), dataIndex: 'frozen' },
                  { title: t('users.earned'), dataIndex: 'earned' },
                  { title: t('users.withdrawn'), dataIndex: 'withdrawn' },
                ]}
              />
            </Card>
            <Card title={t('nav.withdrawals')} size="small">
              <OpsTable<Withdrawal> rows={p.withdrawals} columns={columns} />
            </Card>
            <Card title={t('users.addresses')} size="small">
              <OpsTable
                rows={p.addresses}
                columns={[
                  { title: t('fields.coin'), dataIndex: 'coin' },
                  cols.copy(t('fields.address'), 'address'),
                  { title: t('fields.network'), dataIndex: 'network' },
                  { title: t('users.note'), dataIndex: 'description' },
                  cols.time(t('users.usableAt'), 'usableAt'),
                  {
                    title: t('fields.status'),
                    dataIndex: 'locked',
                    render: (l: boolean) => <Tag color={l ? 'gold' : 'green'}>{t(l ? 'users.locked' : 'users.usable')}</Tag>,
                  },
                ]}
              />
            </Card>
            <Card title={`${t('users.ledger')} (${t('users.minorUnits')})`} size="small">
              <OpsTable
                rows={p.ledger}
                columns={[
                  cols.time(t('fields.time'), 'createdAt'),
                  { title: t('users.subAccounts'), dataIndex: 'subAccountId' },
                  { title: t('fields.coin'), dataIndex: 'coin' },
                  { title: t('users.kind'), dataIndex: 'kind' },
                  { title: t('users.available'), dataIndex: 'available' },
                  { title: t('users.frozen'), dataIndex: 'frozen' },
                  { title: t('users.ref'), dataIndex: 'ref' },
                ]}
              />
            </Card>
            <Card title={t('users.observers')} size="small">
              <OpsTable
                rows={p.observerLinks}
                columns={[
                  { title: t('fields.id'), dataIndex: 'id' },
                  { title: t('users.coins'), dataIndex: 'coins' },
                  { title: t('users.note'), dataIndex: 'note' },
                  cols.time(t('fields.created'), 'createdAt'),
                  cols.time(t('users.expiresAt'), 'expiresAt'),
                ]}
              />
            </Card>
            <Card title={t('users.sessions')} size="small">
              <OpsTable
                rowKey={(s) => `${s.createdAt}/${s.ip}/${s.lastSeenAt}`}
                rows={p.sessions}
                columns={[
                  cols.time(t('fields.created'), 'createdAt'),
                  cols.time(t('users.lastSeen'), 'lastSeenAt'),
                  cols.time(t('users.expiresAt'), 'expiresAt'),
                  { title: t('fields.ip'), dataIndex: 'ip' },
                  { title: t('users.browser'), dataIndex: 'userAgent', ellipsis: true },
                ]}
              />
            </Card>
          </>
        )}
      </DetailPage>
      {(Object.keys(actions) as UserAction[]).map((a) => (
        <ActionModal key={a} action={actions[a]} title={t(`users.${a}`)} testId={`ops-user-${a}-modal`} />
      ))}
    </>
  );
}
