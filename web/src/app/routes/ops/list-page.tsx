// The console's filtered lists (withdrawals, payouts, blocks, the audit log): the filters
// row, kept in the page's address, then the table of one page of the list with the pager,
// and the skeleton, empty and error-with-retry states of Loaded and OpsTable.
import { Button, Form, Input, Select, Space, type TableProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useCursorList } from '@/features/ops/hooks';
import type { Page } from '@/features/ops/models';
import { Loaded, OpsTable, PageTitle, Pager, useOpsT, useUrlFilters } from './widgets';

/** FilterField is one filter of a list: a text box, or with options a choice of statuses ("any" first). */
export interface FilterField<K extends string> {
  key: K;
  label: string;
  width?: number;
  placeholder?: string;
  options?: readonly string[];
  testId?: string;
}

interface ListPageProps<Row extends object, K extends string> {
  title: ReactNode;
  /** extra is beside the title, given the filters applied (the audit log's CSV export). */
  extra?: (filters: Record<K, string>) => ReactNode;
  /** name keys the list's queries. */
  name: string;
  keys: readonly K[];
  fetch: (q: Record<string, string | undefined>) => Promise<Page<Row>>;
  fields: FilterField<K>[];
  columns: TableProps<Row>['columns'];
  testId: string;
  applyTestId?: string;
  /** problems are the filters to fix before applying, each with its words. */
  problems?: (draft: Record<K, string>) => Partial<Record<K, string>>;
  /** clearable adds a button that empties every filter. */
  clearable?: boolean;
}

/** ListPage is a filtered list paged by cursor. */
export function ListPage<Row extends object, K extends string>(p: ListPageProps<Row, K>) {
  const t = useOpsT();
  const [filters, apply] = useUrlFilters(p.keys);
  const [draft, setDraft] = useState(filters);
  const list = useCursorList(p.name, filters, p.fetch);
  const problems: Partial<Record<K, string>> = p.problems?.(draft) ?? {};
  const ok = Object.values(problems).every((v) => !v);
  const set = (k: K, v: string) => setDraft({ ...draft, [k]: v });
  const none = Object.fromEntries(p.keys.map((k) => [k, ''])) as Record<K, string>;
  return (
    <>
      <PageTitle extra={p.extra?.(filters)}>{p.title}</PageTitle>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={() => ok && apply(draft)}>
        {p.fields.map((f) => (
          <Form.Item key={f.key} label={f.label} validateStatus={problems[f.key] ? 'error' : undefined} help={problems[f.key]}>
            {f.options ? (
              <Select
                style={{ width: f.width ?? 150 }}
                value={draft[f.key]}
                onChange={(v: string) => set(f.key, v)}
                options={[{ value: '', label: t('list.any') }, ...f.options.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
                data-testid={f.testId}
              />
            ) : (
              <Input style={{ width: f.width ?? 160 }} placeholder={f.placeholder} value={draft[f.key]} onChange={(e) => set(f.key, e.target.value)} data-testid={f.testId} />
            )}
          </Form.Item>
        ))}
        <Space>
          <Button type="primary" htmlType="submit" data-testid={p.applyTestId}>
            {t('list.apply')}
          </Button>
          {p.clearable && (
            <Button
              onClick={() => {
                setDraft(none);
                apply(none);
              }}
            >
              {t('list.clear')}
            </Button>
          )}
        </Space>
      </Form>
      <Loaded query={list.query}>
        {() => (
          <>
            <OpsTable<Row> rows={list.items} columns={p.columns} testId={p.testId} />
            <Pager {...list} />
          </>
        )}
      </Loaded>
    </>
  );
}
