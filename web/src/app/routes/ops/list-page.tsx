// The console's filtered lists (withdrawals, payouts, blocks, the audit log; opsLists): the
// title, the filters row, kept in the page's address, then the table of one page of the
// list with the pager, and the skeleton, empty and error-with-retry states of Loaded and OpsTable.
import { Button, Form, Input, Select, Space, type TableProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { opsLists, type OpsListFilter, type OpsListName, type OpsListRow } from '@/features/ops/api';
import { useCursorList } from '@/features/ops/hooks';
import { Loaded, OpsTable, PageTitle, Pager, useOpsT, useUrlFilters } from './widgets';

/**
 * FilterField is one filter of a list: a text box, or the list's statuses to choose from
 * ("any" first). A bare 'coin' or 'status' is the usual one of its name.
 */
export type FilterField<K extends string> = { key: K; label: string; width?: number; placeholder?: string; testId?: string } | (K & ('coin' | 'status'));

interface ListPageProps<N extends OpsListName> {
  list: N;
  /** extra is beside the title, given the filters applied (the audit log's CSV export). */
  extra?: (filters: Record<OpsListFilter<N>, string>) => ReactNode;
  fields: FilterField<OpsListFilter<N>>[];
  columns: TableProps<OpsListRow<N>>['columns'];
  /** testId is the table's, ops-{list} unless told. */
  testId?: string;
  applyTestId?: string;
  /** problems are the filters to fix before applying, each with its words. */
  problems?: (draft: Record<OpsListFilter<N>, string>) => Partial<Record<OpsListFilter<N>, string>>;
  /** clearable adds a button that empties every filter. */
  clearable?: boolean;
}

/** ListPage is a filtered list paged by cursor, titled with its texts' "title". */
export function ListPage<N extends OpsListName>(p: ListPageProps<N>) {
  type K = OpsListFilter<N>;
  const t = useOpsT();
  const { keys, statuses, fetch } = opsLists[p.list] as unknown as {
    keys: readonly K[];
    statuses: readonly string[];
    fetch: (q: Record<string, string | undefined>) => Promise<{ items: OpsListRow<N>[]; nextCursor: string | null }>;
  };
  const [filters, apply] = useUrlFilters(keys);
  const [draft, setDraft] = useState(filters);
  const list = useCursorList(p.list, filters, fetch);
  const problems: Partial<Record<K, string>> = p.problems?.(draft) ?? {};
  const ok = Object.values(problems).every((v) => !v);
  const set = (k: K, v: string) => setDraft({ ...draft, [k]: v });
  const none = Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;
  const fields = p.fields.map((f) => (typeof f !== 'string' ? f : { key: f, label: t(`fields.${f}`), width: f === 'coin' ? 100 : 150, testId: `ops-filter-${f}` }));
  return (
    <>
      <PageTitle extra={p.extra?.(filters)}>{t(`${p.list}.title`)}</PageTitle>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={() => ok && apply(draft)}>
        {fields.map((f) => (
          <Form.Item key={f.key} label={f.label} validateStatus={problems[f.key] ? 'error' : undefined} help={problems[f.key]}>
            {f.key === 'status' ? (
              <Select
                style={{ width: f.width ?? 150 }}
                value={draft[f.key]}
                onChange={(v: string) => set(f.key, v)}
                options={[{ value: '', label: t('list.any') }, ...statuses.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
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
            <OpsTable<OpsListRow<N>> rows={list.items} columns={p.columns} testId={p.testId ?? `ops-${p.list}`} />
            <Pager {...list} />
          </>
        )}
      </Loaded>
    </>
  );
}
