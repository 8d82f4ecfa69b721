// Operators (owner only): the list, and disabling one with a reason.
import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { opsApi } from '@/features/ops/api';
import { opsKeys, useMe, useOpsAction } from '@/features/ops/hooks';
import type { Operator } from '@/features/ops/models';
import { ActionModal, LoadedTable, PageTitle, cols, rowAction, usePicked, useOpsT } from './widgets';

export function OperatorsPage() {
  const t = useOpsT();
  const me = useMe().data;
  const list = useQuery({ queryKey: opsKeys.list('operators', {}), queryFn: opsApi.operators });
  const [picked, pick] = usePicked<Operator>();
  const disable = useOpsAction({ reasonRequired: true, needsCode: false }, (reason) => opsApi.disableOperator(picked?.id ?? 0, reason));
  return (
    <>
      <PageTitle>{t('operators.title')}</PageTitle>
      <LoadedTable
        query={list}
        rows={(d) => d}
        testId="ops-operators"
        columns={[
          { title: t('fields.email'), dataIndex: 'email' },
          { title: t('fields.role'), dataIndex: 'role', render: (r: string) => t(`roles.${r}`) },
          { title: t('fields.totp'), dataIndex: 'totpEnrolled', render: (e: boolean) => t(e ? 'fields.enrolled' : 'fields.notEnrolled') },
          {
            title: t('fields.status'),
            dataIndex: 'disabled',
            render: (d: boolean) => <Tag color={d ? 'red' : 'green'}>{t(d ? 'fields.disabled' : 'fields.active')}</Tag>,
          },
          cols.time(t('fields.created'), 'createdAt'),
          rowAction<Operator>((o) => !o.disabled && o.id !== me?.operator.id, t('operators.disable'), (o) => pick(o, disable), {
            danger: true,
            testId: (o) => `ops-operator-disable-${o.id}`,
          }),
        ]}
      />
      <ActionModal action={disable} title={t('operators.disableTitle', { email: picked?.email ?? '' })} help={t('operators.disableHelp')} testId="ops-operator-disable" />
    </>
  );
}
