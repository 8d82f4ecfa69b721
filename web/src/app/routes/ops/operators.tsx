// Operators (owner only): the list, and disabling one with a reason.
import { Button, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { opsApi } from '@/features/ops/api';
import { opsKeys, useMe, useOpsAction } from '@/features/ops/hooks';
import type { Operator } from '@/features/ops/models';
import { ActionModal, Loaded, NoRows, PageTitle, When, useOpsT } from './widgets';

export function OperatorsPage() {
  const t = useOpsT();
  const me = useMe().data;
  const list = useQuery({ queryKey: opsKeys.list('operators', {}), queryFn: opsApi.operators });
  const [picked, setPicked] = useState<Operator | null>(null);
  const disable = useOpsAction({ reasonRequired: true, needsCode: false }, (reason) => opsApi.disableOperator(picked?.id ?? 0, reason));
  return (
    <>
      <PageTitle>{t('operators.title')}</PageTitle>
      <Loaded query={list}>
        {(rows) => (
          <Table<Operator>
            rowKey="id"
            size="small"
            dataSource={rows}
            pagination={false}
            locale={{ emptyText: <NoRows /> }}
            data-testid="ops-operators"
            columns={[
              { title: t('fields.email'), dataIndex: 'email' },
              { title: t('fields.role'), dataIndex: 'role', render: (r: string) => t(`roles.${r}`) },
              { title: t('fields.totp'), dataIndex: 'totpEnrolled', render: (e: boolean) => t(e ? 'fields.enrolled' : 'fields.notEnrolled') },
              {
                title: t('fields.status'),
                dataIndex: 'disabled',
                render: (d: boolean) => <Tag color={d ? 'red' : 'green'}>{t(d ? 'fields.disabled' : 'fields.active')}</Tag>,
              },
              { title: t('fields.created'), dataIndex: 'createdAt', render: (at: number) => <When at={at} /> },
              {
                title: '',
                render: (_, o) =>
                  !o.disabled && o.id !== me?.operator.id ? (
                    <Button
                      size="small"
                      danger
                      onClick={() => {
                        setPicked(o);
                        disable.show();
                      }}
                      data-testid={`ops-operator-disable-${o.id}`}
                    >
                      {t('operators.disable')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        )}
      </Loaded>
      <ActionModal action={disable} title={t('operators.disableTitle', { email: picked?.email ?? '' })} help={t('operators.disableHelp')} testId="ops-operator-disable" />
    </>
  );
}
