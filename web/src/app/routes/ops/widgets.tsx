// The console pages' shared widgets: a query's loading, error and empty states, the table
// and its common columns, the pager of cursor lists, the action modal (reason, and the
// authenticator code again), status tags.
import { Alert, Button, Card, Empty, Form, Input, Modal, Result, Skeleton, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CopyText } from '@/components/copy-text/copy-text';
import { errorMessage } from '@/lib/api-client';
import { useFeatureTexts, type TextLoader } from '@/lib/feature-texts';
import { useFormat } from '@/lib/use-format';
import { opsKeys, useMe, type OpsAction } from '@/features/ops/hooks';
import { auditChanges, cleanFilters, filtersFrom, MAX_REASON, type AuditRow } from '@/features/ops/models';

/** useOpsT is the console's texts (the ops namespace, the app's texts behind it). */
export function useOpsT() {
  return useTranslation('ops').t;
}

/** AreaT is the texts of a console area with its own namespace (content, coin editing). */
export type AreaT = (key: string, o?: Record<string, unknown>) => string;

/**
 * areaTexts makes an area's texts hook (ready is false until they are in) and its menu
 * entry's words, the texts' "nav" (shell.tsx, extra-nav.tsx).
 */
export function areaTexts(ns: string, load: TextLoader) {
  const useAreaT = () => {
    const { t, ready } = useFeatureTexts(ns, load);
    return { t: t as unknown as AreaT, ready };
  };
  function NavLabel() {
    const { t, ready } = useAreaT();
    return <>{ready ? t('nav') : ''}</>;
  }
  return { useAreaT, NavLabel };
}

/** Loaded shows a skeleton while the query loads, the error with a retry, then children. */
export function Loaded<T>({ query, rows = 4, children }: { query: UseQueryResult<T>; rows?: number; children: (data: T) => ReactNode }) {
  const t = useOpsT();
  if (query.isPending) return <Skeleton active paragraph={{ rows }} data-testid="ops-loading" />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('list.loadFailed')}
        subTitle={errorMessage(query.error)}
        data-testid="ops-error"
        extra={
          <Button onClick={() => void query.refetch()} data-testid="ops-retry">
            {t('list.retry')}
          </Button>
        }
      />
    );
  }
  return <>{children(query.data)}</>;
}

/** NoRows is a table's empty state. */
export function NoRows() {
  const t = useOpsT();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} />;
}

/**
 * OpsTable is a console table: small, unpaged (lists page by cursor, pages show all of a
 * user's rows), keyed by id unless told, with the empty state.
 */
export function OpsTable<T extends object>({ rows, testId, ...rest }: Omit<TableProps<T>, 'dataSource'> & { rows: readonly T[]; testId?: string }) {
  return <Table<T> rowKey="id" size="small" pagination={false} locale={{ emptyText: <NoRows /> }} dataSource={rows as T[]} data-testid={testId} {...rest} />;
}

/** LoadedTable is a table of what a query reads: the skeleton, or the error with a retry (Loaded), then rows(data). */
export function LoadedTable<D, T extends object>({ query, rows, ...table }: { query: UseQueryResult<D>; rows: (data: D) => readonly T[] } & Omit<Parameters<typeof OpsTable<T>>[0], 'rows'>) {
  return <Loaded query={query}>{(d) => <OpsTable<T> rows={rows(d)} {...table} />}</Loaded>;
}

/** TableCard is a card of a page holding one table. */
export function TableCard<T extends object>({ title, ...table }: { title: ReactNode } & Omit<Parameters<typeof OpsTable<T>>[0], 'title'>) {
  return (
    <Card title={title} size="small">
      <OpsTable<T> {...table} />
    </Card>
  );
}

/** cols are the columns most tables share: a time, a status, a value with a copy button. */
export const cols = {
  time: (title: ReactNode, dataIndex: string) => ({ title, dataIndex, render: (at: number) => <When at={at} /> }),
  status: (title: ReactNode) => ({ title, dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> }),
  copy: (title: ReactNode, dataIndex: string, keep?: number) => ({ title, dataIndex, render: (v: string) => <Copy text={v} keep={keep} /> }),
};

/**
 * rowAction is a column with a row's one action button, shown where shown(row) holds
 * (accept this send, disable this operator).
 */
export function rowAction<T>(shown: (row: T) => boolean, label: string, onClick: (row: T) => void, o: { danger?: boolean; testId?: (row: T) => string } = {}) {
  return {
    title: '',
    key: 'action',
    render: (_: unknown, row: T) =>
      shown(row) ? (
        <Button size="small" danger={o.danger} onClick={() => onClick(row)} data-testid={o.testId?.(row)}>
          {label}
        </Button>
      ) : null,
  };
}

/** usePicked holds the row a row action is about: pick(row, action) keeps it and opens the action's modal. */
export function usePicked<T>() {
  const [picked, setPicked] = useState<T | null>(null);
  const pick = (row: T, action: OpsAction) => {
    setPicked(row);
    action.show();
  };
  return [picked, pick] as const;
}

/** Pager walks a cursor list. */
export function Pager({ page, hasPrev, hasNext, prev, next }: { page: number; hasPrev: boolean; hasNext: boolean; prev: () => void; next: () => void }) {
  const t = useOpsT();
  return (
    <Space style={{ marginTop: 16 }} data-testid="ops-pager">
      <Button disabled={!hasPrev} onClick={prev}>
        {t('list.prev')}
      </Button>
      <span>{t('list.page', { n: page })}</span>
      <Button disabled={!hasNext} onClick={next} data-testid="ops-next">
        {t('list.next')}
      </Button>
    </Space>
  );
}

/** Copy shows an id, address or txid with a copy button; "" shows a dash. */
export function Copy({ text, keep, testId }: { text: string | number; keep?: number; testId?: string }) {
  const s = String(text ?? '');
  if (!s) return <>—</>;
  return <CopyText text={s} keep={keep} testId={testId} />;
}

/** When writes a Unix-ms time; 0 is a dash. */
export function When({ at }: { at: number }) {
  const f = useFormat();
  return <>{at ? f.dateTime(at, true) : '—'}</>;
}

const STATUS_COLOURS: Record<string, string> = {
  review: 'gold',
  requested: 'blue',
  batched: 'blue',
  signed: 'geekblue',
  broadcast: 'cyan',
  confirmed: 'green',
  failed: 'red',
  pending: 'gold',
  orphaned: 'red',
  rejected: 'red',
};

/** StatusTag is a withdrawal's, payout's or block's status in words. */
export function StatusTag({ status }: { status: string }) {
  const t = useOpsT();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="ops-status" data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
}

/** AUDIT_ROW_CHANGES is how many changed fields a row of the log lists before "+n more". */
const AUDIT_ROW_CHANGES = 4;

/**
 * AuditChangeCell is what an entry changed, field by field and cut short, with the whole
 * before and after one click away: a whole article or coin in the row made it unreadable.
 */
export function AuditChangeCell({ row }: { row: AuditRow }) {
  const t = useOpsT();
  const [open, setOpen] = useState(false);
  const changes = auditChanges(row.before, row.after);
  if (row.before == null && row.after == null) return <>—</>;
  const pretty = (v: unknown) => (v == null ? '—' : JSON.stringify(v, null, 2));
  return (
    <div data-testid="ops-audit-change">
      {changes.slice(0, AUDIT_ROW_CHANGES).map((c) => (
        <div key={c.field} style={{ fontSize: 12, wordBreak: 'break-word' }}>
          {c.field && <Typography.Text strong>{c.field}: </Typography.Text>}
          <Typography.Text type="secondary">{c.before}</Typography.Text> → {c.after}
        </div>
      ))}
      {changes.length > AUDIT_ROW_CHANGES && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('audit.moreChanges', { count: changes.length - AUDIT_ROW_CHANGES })}
        </Typography.Text>
      )}
      <div>
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(true)} data-testid="ops-audit-details">
          {t('audit.details')}
        </Button>
      </div>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} width={900} title={`${row.action} · ${row.objectType}${row.objectId ? `:${row.objectId}` : ''}`} destroyOnClose>
        <Space align="start" style={{ width: '100%' }} styles={{ item: { flex: 1, minWidth: 0 } }}>
          {(['before', 'after'] as const).map((side) => (
            <div key={side}>
              <Typography.Title level={5}>{t(`fields.${side}`)}</Typography.Title>
              <pre style={{ maxHeight: 480, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0 }}>{pretty(row[side])}</pre>
            </div>
          ))}
        </Space>
      </Modal>
    </div>
  );
}

/**
 * ActionModal asks what an action needs: the reason (required or not) and, for a
 * finance action, the authenticator code again. Errors of the API show in it.
 */
export function ActionModal({ action, title, help, testId = 'ops-action' }: { action: OpsAction; title: string; help?: string; testId?: string }) {
  const t = useOpsT();
  const { spec, input, errors } = action;
  return (
    <Modal
      open={action.open}
      title={title}
      onCancel={action.close}
      onOk={() => void action.submit()}
      okText={t('form.confirm')}
      cancelText={t('form.cancel')}
      confirmLoading={action.busy}
      okButtonProps={{ 'data-testid': `${testId}-submit` } as Record<`data-${string}`, string>}
      destroyOnHidden
      data-testid={testId}
    >
      {help && <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>}
      <Form layout="vertical" onFinish={() => void action.submit()}>
        <Form.Item
          label={spec.reasonRequired ? t('form.reason') : t('form.reasonOptional')}
          required={spec.reasonRequired}
          validateStatus={errors.reason ? 'error' : undefined}
          help={errors.reason ? t(errors.reason) : undefined}
        >
          <Input.TextArea
            rows={3}
            maxLength={MAX_REASON}
            value={input.reason}
            onChange={(e) => action.setReason(e.target.value)}
            data-testid={`${testId}-reason`}
          />
        </Form.Item>
        {spec.needsCode && (
          <Form.Item
            label={t('form.code')}
            required
            extra={t('form.codeHelp')}
            validateStatus={errors.code !== undefined ? 'error' : undefined}
            help={errors.code ? t(errors.code) : undefined}
          >
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={input.code}
              onChange={(e) => action.setCode(e.target.value)}
              onPressEnter={() => void action.submit()}
              data-testid={`${testId}-code`}
            />
          </Form.Item>
        )}
      </Form>
      {action.serverError && <Alert type="error" showIcon message={action.serverError} data-testid={`${testId}-error`} />}
    </Modal>
  );
}

/**
 * useDetail reads the object of a detail page (/payouts/:id): its id, the query (followed
 * every refetchMs while follow(data) says so), the operator and the page's texts and navigation.
 */
export function useDetail<T>(name: string, fetch: (id: string) => Promise<T>, follow?: { refetchMs: number; while: (data: T | undefined) => boolean }) {
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: opsKeys.one(name, id),
    queryFn: () => fetch(id),
    refetchInterval: follow ? (q) => (follow.while(q.state.data) ? follow.refetchMs : false) : undefined,
  });
  return { t: useOpsT(), id, navigate: useNavigate(), me: useMe().data, query };
}

/**
 * DetailActions are an object page's actions (useActions): those its state allows, shown
 * as buttons over the object (ActionButtons), and each one's modal, titled by modal(a),
 * its test id `${testId}-${action}-modal` unless told.
 */
export interface DetailActions<T, A extends string> {
  all: Record<A, OpsAction>;
  allowed: (data: T) => readonly A[];
  texts: string;
  testId: string;
  danger: (a: A) => boolean;
  primary?: A;
  modal: (a: A) => { title: string; help?: string; testId?: string };
}

/**
 * DetailPage is one object's page: its title with the way back, the skeleton, error or
 * the object as children lay it out, one card under the other, and its actions.
 */
export function DetailPage<T, A extends string>(p: { title: ReactNode; back: () => void; query: UseQueryResult<T>; actions: DetailActions<T, A>; children: (data: T) => ReactNode }) {
  const t = useOpsT();
  const a = p.actions;
  return (
    <>
      <PageTitle extra={<Button onClick={p.back}>{t('list.back')}</Button>}>{p.title}</PageTitle>
      <Loaded query={p.query} rows={8}>
        {(d) => (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <ActionButtons allowed={a.allowed(d)} actions={a.all} texts={a.texts} testId={a.testId} danger={a.danger} primary={a.primary} />
            {p.children(d)}
          </Space>
        )}
      </Loaded>
      {(Object.keys(a.all) as A[]).map((name) => {
        const m = a.modal(name);
        return <ActionModal key={name} action={a.all[name]} title={m.title} help={m.help} testId={m.testId ?? `${a.testId}-${name}-modal`} />;
      })}
    </>
  );
}

/**
 * ActionButtons are the buttons of the actions an object allows, each opening its modal:
 * an action's words are the texts' `${texts}.${action}`, its button `${testId}-${action}`
 * in a group `${testId}-actions`.
 */
function ActionButtons<A extends string>(p: { allowed: readonly A[]; actions: Record<A, OpsAction>; texts: string; testId: string; danger: (a: A) => boolean; primary?: A }) {
  const t = useOpsT();
  if (p.allowed.length === 0) return null;
  return (
    <Space wrap data-testid={`${p.testId}-actions`}>
      {p.allowed.map((a) => (
        <Button key={a} type={a === p.primary ? 'primary' : 'default'} danger={p.danger(a)} onClick={p.actions[a].show} data-testid={`${p.testId}-${a}`}>
          {t(`${p.texts}.${a}`)}
        </Button>
      ))}
    </Space>
  );
}

/** PageTitle is a page's heading with room for buttons on the right. */
export function PageTitle({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {children}
      </Typography.Title>
      {extra}
    </div>
  );
}

/** useUrlFilters keeps a list's filters in the page's address, so a filtered list can be linked. */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFrom(search, keys);
  const apply = (next: Record<K, string>) => setSearch(new URLSearchParams(cleanFilters(next) as Record<string, string>), { replace: true });
  return [filters, apply] as const;
}

/** useAuditColumns are an audit entry's columns (a page's own entries, or the log's). */
export function useAuditColumns(): TableProps<AuditRow>['columns'] {
  const t = useOpsT();
  return [
    cols.time(t('fields.time'), 'at'),
    { title: t('fields.actor'), dataIndex: 'actor', render: (a: string) => (a === 'cli' ? t('audit.cli') : a) },
    { title: t('fields.ip'), dataIndex: 'ip' },
    { title: t('fields.action'), dataIndex: 'action', render: (a: string) => <Typography.Text code>{a}</Typography.Text> },
    { title: t('fields.object'), render: (_, r) => `${r.objectType}${r.objectId ? `:${r.objectId}` : ''}` },
    { title: t('fields.reason'), dataIndex: 'reason' },
    { title: t('fields.change'), key: 'change', width: 380, render: (_, r) => <AuditChangeCell row={r} /> },
  ];
}

/** AuditTable lists a page's own audit entries. */
export function AuditTable({ rows }: { rows: AuditRow[] }) {
  return <OpsTable<AuditRow> rows={rows} columns={useAuditColumns()} testId="ops-audit" />;
}
