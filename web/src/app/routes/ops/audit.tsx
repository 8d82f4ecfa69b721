// The audit log: every write of the console and of `poold admin`, filtered by actor,
// action, object and time, paged, and exported as CSV with the same filters.
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { opsApi } from '@/features/ops/api';
import { useCursorList } from '@/features/ops/hooks';
import { AUDIT_FILTERS, auditCsvUrl } from '@/features/ops/models';
import { AuditTable, Loaded, PageTitle, Pager, useOpsT, useUrlFilters } from './widgets';

export function AuditPage() {
  const t = useOpsT();
  const [filters, apply] = useUrlFilters(AUDIT_FILTERS);
  const [draft, setDraft] = useState(filters);
  const list = useCursorList('audit', filters, opsApi.audit);
  const field = (k: (typeof AUDIT_FILTERS)[number], label: string, placeholder?: string, width = 160) => (
    <Form.Item label={label}>
      <Input style={{ width }} placeholder={placeholder} value={draft[k]} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} data-testid={`ops-audit-${k}`} />
    </Form.Item>
  );
  return (
    <>
      <PageTitle
        extra={
          <Button href={auditCsvUrl(filters)} download data-testid="ops-audit-csv">
            {t('audit.export')}
          </Button>
        }
      >
        {t('audit.title')}
      </PageTitle>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={() => apply(draft)}>
        {field('actor', t('fields.actor'))}
        {field('action', t('fields.action'), t('audit.actionHint'), 220)}
        {field('object', t('fields.object'), t('audit.objectHint'), 200)}
        {field('from', t('fields.from'), 'YYYY-MM-DD', 130)}
        {field('to', t('fields.to'), 'YYYY-MM-DD', 130)}
        <Space>
          <Button type="primary" htmlType="submit" data-testid="ops-audit-apply">
            {t('list.apply')}
          </Button>
        </Space>
      </Form>
      <Loaded query={list.query}>
        {() => (
          <>
            <AuditTable rows={list.items} testId="ops-audit-log" />
            <Pager {...list} />
          </>
        )}
      </Loaded>
    </>
  );
}
