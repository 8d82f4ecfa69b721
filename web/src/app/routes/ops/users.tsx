// Users: the search (email, phone, uid, sub-account, worker or address) with what matched,
// and a user's page with its actions, each with a reason.
import { Card, Descriptions, Input, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { opsApi } from '@/features/ops/api';
import { opsKeys, useActions } from '@/features/ops/hooks';
import { can, minorToCoins, type UserPage as UserPageData, type Withdrawal } from '@/features/ops/models';
import { Copy, DetailPage, LoadedTable, OpsTable, PageTitle, TableCard, When, cols, useDetail, useOpsT } from './widgets';
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
        <LoadedTable
          query={results}
          rows={(d) => d.items}
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
    </>
  );
}

/** USER_ACTIONS are a user's actions: the call each makes and what it freezes or unfreezes. */
const USER_ACTIONS = {
  freezeAccount: ['freeze', 'account'],
  unfreezeAccount: ['unfreeze', 'account'],
  freezeWithdrawals: ['freeze', 'withdrawals'],
  unfreezeWithdrawals: ['unfreeze', 'withdrawals'],
  endSessions: ['end-sessions', undefined],
  reset2fa: ['reset-2fa', undefined],
} as const;

type UserAction = keyof typeof USER_ACTIONS;

/** useUserActions are a user's actions; each needs a reason (support and owner). */
function useUserActions(id: number) {
  return useActions(Object.keys(USER_ACTIONS) as UserAction[], () => ({ reasonRequired: true, needsCode: false }), (a, reason) => {
    const [call, what] = USER_ACTIONS[a];
    return opsApi.userAction(id, call, what ? { what, reason } : { reason });
  });
}

/** USER_FIELDS are the titles of the user page's plain columns, by the field they show. */
const USER_FIELDS: Record<string, string> = {
  id: 'fields.id',
  coin: 'fields.coin',
  status: 'fields.status',
  network: 'fields.network',
  worker: 'users.worker',
  kind: 'users.kind',
  subAccountId: 'users.subAccounts',
  available: 'users.available',
  frozen: 'users.frozen',
  earned: 'users.earned',
  withdrawn: 'users.withdrawn',
  ref: 'users.ref',
  coins: 'users.coins',
  note: 'users.note',
  description: 'users.note',
};

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
  const plain = (...fields: string[]) => fields.map((f) => ({ title: t(USER_FIELDS[f]), dataIndex: f }));
  const columns = useWithdrawalColumns();
  return (
    <>
      <DetailPage
        title={query.data ? query.data.user.email || query.data.user.uid : t('users.title')}
        back={() => navigate(-1)}
        query={query}
        actions={{
          all: actions,
          allowed: (p) => (can(me, 'users') ? actionsFor(p) : []),
          texts: 'users',
          testId: 'ops-user',
          danger: (a) => a.startsWith('freeze') || a === 'reset2fa',
          modal: (a) => ({ title: t(`users.${a}`) }),
        }}
      >
        {(p) => {
          // Balances and ledger rows name a sub-account by id and amounts in minor units:
          // shown by the sub-account's code and in coins.
          const codes = new Map(p.subAccounts.map((s) => [s.id, s.code]));
          const subAccountColumn = { title: t('users.subAccounts'), dataIndex: 'subAccountId', render: (sid: number) => codes.get(sid) ?? sid };
          const amounts = (...fields: string[]) =>
            fields.map((f) => ({
              title: t(USER_FIELDS[f]),
              dataIndex: f,
              align: 'right' as const,
              render: (v: number, r: { coin: string }) => minorToCoins(v, p.decimals?.[r.coin]),
            }));
          return (
            <>
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
              <TableCard
                title={t('users.subAccounts')}
                rows={p.subAccounts}
                expandable={{
                  rowExpandable: (s) => s.devices.length > 0,
                  expandedRowRender: (s) => <OpsTable rows={s.devices} columns={plain('coin', 'worker', 'kind', 'status')} />,
                }}
                columns={[
                  { title: t('fields.id'), dataIndex: 'id' },
                  { title: t('users.subAccounts'), dataIndex: 'code', render: (c: string, s) => `${c}${s.alias ? ` (${s.alias})` : ''}${s.deleted ? ` · ${t('users.deleted')}` : ''}` },
                  { title: t('fields.coin'), dataIndex: 'defaultCoin' },
                  { title: t('users.devices'), render: (_, s) => s.devices.length },
                ]}
              />
              <TableCard
                title={t('users.balances')}
                rowKey={(b) => `${b.subAccountId}/${b.coin}`}
                rows={p.balances}
                columns={[subAccountColumn, ...plain('coin'), ...amounts('available', 'frozen', 'earned', 'withdrawn')]}
              />
              <TableCard<Withdrawal> title={t('nav.withdrawals')} rows={p.withdrawals} columns={columns} />
              <TableCard
                title={t('users.addresses')}
                rows={p.addresses}
                columns={[
                  ...plain('coin'),
                  cols.copy(t('fields.address'), 'address'),
                  ...plain('network', 'description'),
                  cols.time(t('users.usableAt'), 'usableAt'),
                  {
                    title: t('fields.status'),
                    dataIndex: 'locked',
                    render: (l: boolean) => <Tag color={l ? 'gold' : 'green'}>{t(l ? 'users.locked' : 'users.usable')}</Tag>,
                  },
                ]}
              />
              <TableCard
                title={t('users.ledger')}
                rows={p.ledger}
                columns={[
                  cols.time(t('fields.time'), 'createdAt'),
                  subAccountColumn,
                  ...plain('coin', 'kind'),
                  ...amounts('available', 'frozen'),
                  ...plain('ref'),
                ]}
              />
              <TableCard
                title={t('users.observers')}
                rows={p.observerLinks}
                columns={[
                  ...plain('id', 'coins', 'note'),
                  cols.time(t('fields.created'), 'createdAt'),
                  cols.time(t('users.expiresAt'), 'expiresAt'),
                ]}
              />
              <TableCard
                title={t('users.sessions')}
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
            </>
          );
        }}
      </DetailPage>
    </>
  );
}
