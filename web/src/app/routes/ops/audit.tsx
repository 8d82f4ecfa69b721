// The audit log: every write of the console and of `poold admin`, filtered by actor,
// action, object and time, paged, and exported as CSV with the same filters.
import { Button } from 'antd';
import { AUDIT_FILTERS, auditCsvUrl } from '@/features/ops/models';
import { ListPage } from './list-page';
import { useAuditColumns, useOpsT } from './widgets';

export function AuditPage() {
  const t = useOpsT();
  const field = (key: (typeof AUDIT_FILTERS)[number], label: string, placeholder?: string, width?: number) => ({ key, label, placeholder, width, testId: `ops-audit-${key}` });
  return (
    <ListPage
      list="audit"
      extra={(filters) => (
        <Button href={auditCsvUrl(filters)} download data-testid="ops-audit-csv">
          {t('audit.export')}
        </Button>
      )}
      fields={[
        field('actor', t('fields.actor')),
        field('action', t('fields.action'), t('audit.actionHint'), 220),
        field('object', t('fields.object'), t('audit.objectHint'), 200),
        field('from', t('fields.from'), 'YYYY-MM-DD', 130),
        field('to', t('fields.to'), 'YYYY-MM-DD', 130),
      ]}
      applyTestId="ops-audit-apply"
      columns={useAuditColumns()}
      testId="ops-audit-log"
    />
  );
}
