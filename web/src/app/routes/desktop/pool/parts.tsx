// Desktop widgets the pool pages share: status tags, copyable text, the connection panel,
// the device table, and the load-failed state.
import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Popconfirm, Result, Skeleton, Switch, Table, Tag, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useReadOnly } from '@/lib/read-only';
import { useDeviceActions } from '@/features/pool/devices/api/devices';
import type { ListParams, Sort } from '@/features/pool/devices/model/list-params';
import type { DeviceRemoval } from '@/features/pool/devices/hooks/use-device-removal';
import type { DeviceRow } from '@/features/pool/devices/model/types';
import type { BindGate } from '@/features/pool/model/capabilities';
import { PAGE_SIZES, type Page } from '@/features/pool/model/types';
import { useConnectPanel } from '@/features/pool/sub-accounts/hooks/use-connect-panel';
import { useCopy } from '@/lib/use-copy';
import type { TFunction } from 'i18next';
import { rateText } from '@/lib/hashrate';
import { DASH, withUnit } from '@/lib/format';
import { useFormat } from '@/lib/use-format';

type T = TFunction;

/** StatusTag shows a device status, and initialising beside it. */
export function StatusTag({ status, initialising, tp }: { status: string; initialising?: boolean; tp: T }) {
  const color = status === 'normal' ? 'green' : status === 'abnormal' ? 'orange' : 'default';
  return (
    <>
      <Tag color={color} data-testid="device-status">
        {tp(`status.${status}`)}
      </Tag>
      {initialising ? <Tag color="blue">{tp('status.initialising')}</Tag> : null}
    </>
  );
}

/**
 * Copyable is text with a copy button; children, when given, show instead of the text (a
 * link to the thing copied). label names the button for screen readers (default "Copy").
 */
export function Copyable({
  text,
  tp,
  testId,
  children,
  label,
  copyTestId,
  nowrap = false,
}: {
  text: string;
  tp: T;
  testId?: string;
  children?: ReactNode;
  label?: string;
  copyTestId?: string;
  /** nowrap keeps the text and its button on one line (a short code in a table). */
  nowrap?: boolean;
}) {
  const copy = useCopy();
  return (
    <span className={nowrap ? 'up-pool-copy up-pool-copy--nowrap' : 'up-pool-copy'}>
      {children ?? <span data-testid={testId}>{text}</span>}
      <Button
        type="link"
        size="small"
        icon={<CopyOutlined />}
        aria-label={label ?? tp('common.copy')}
        title={label}
        data-testid={copyTestId}
        onClick={() => void copy(text)}
      />
    </span>
  );
}

/** LoadState is what a list's hook says of its loading. */
export interface LoadState {
  failed: boolean;
  loading: boolean;
  retry: () => void;
}

/**
 * Loaded shows a list once it is in: the load-failed state with a retry, antd's skeleton
 * (rows lines) while the first page loads, then the list (docs/web.md "Shared widgets").
 */
export function Loaded({ state, tp, rows = 6, children }: { state: LoadState; tp: T; rows?: number; children: ReactNode }) {
  if (state.failed) return <LoadFailed tp={tp} retry={state.retry} />;
  if (state.loading) return <Skeleton active paragraph={{ rows }} />;
  return <>{children}</>;
}

/** LoadFailed is a list's error state with a retry; title is the page's own words for it, else "could not load". */
export function LoadFailed({ tp, retry, title }: { tp: T; retry: () => void; title?: string }) {
  return (
    <Result
      status="warning"
      title={title ?? tp('common.loadFailed')}
      extra={
        <Button onClick={retry} data-testid="retry">
          {tp('common.retry')}
        </Button>
      }
    />
  );
}

/**
 * ConnectPanel is what a rig needs to mine to a sub-account, with copy buttons and a QR
 * code, and its Uniplus ID: the ID itself only right after it was made (fresh: the create
 * answer; or regenerate's), otherwise masked with a regenerate that asks first.
 */
export function ConnectPanel({ code, fresh, t, tp }: { code: string; fresh?: string; t: T; tp: T }) {
  const p = useConnectPanel(code, fresh);
  const q = p.query;
  if (q.isError) return <LoadFailed tp={tp} retry={() => void q.refetch()} />;
  const u = p.info;
  return (
    <section className="up-pool-panel" data-testid="connect-panel" aria-busy={!u}>
      <h2>{t('connect.title', { code })}</h2>
      {u ? (
        <div className="up-pool-connect">
          <dl>
            <div>
              <dt>{t('connect.stratum')}</dt>
              <dd>
                <Copyable text={u.stratumUrl} tp={tp} testId="stratum-url" />
              </dd>
              {u.stratumUrls.length > 1 ? <p className="up-pool-hint">{t('connect.backups')}: {u.stratumUrls.slice(1).join(', ')}</p> : null}
            </div>
            <div>
              <dt>{t('connect.worker')}</dt>
              <dd>
                <Copyable text={u.workerExample} tp={tp} testId="worker-name" />
              </dd>
              <p className="up-pool-hint">{t('connect.workerHint')}</p>
            </div>
            {p.commands.length > 0 ? (
              <div data-testid="miner-commands">
                <dt>{t('connect.commands')}</dt>
                {p.commands.map((c) => (
                  <dd key={c.miner} data-testid={`miner-command-${c.miner}`}>
                    <span className="up-pool-hint" style={{ display: 'block', fontFamily: 'inherit' }}>
                      {c.miner}
                    </span>
                    <Copyable text={c.command} tp={tp} testId="miner-command" label={t('connect.copyCommand', { miner: c.miner })} copyTestId={`copy-command-${c.miner}`} />
                  </dd>
                ))}
                <p className="up-pool-hint">{t('connect.commandsHint')}</p>
                {p.ironfish ? <p className="up-pool-hint">{t('connect.ironfishAddress')}</p> : null}
              </div>
            ) : null}
            <div>
              <dt>{t('connect.uniplus')}</dt>
              {p.secret ? (
                <>
                  <dd>
                    <Copyable text={p.secret} tp={tp} testId="uniplus-id" />
                  </dd>
                  <Alert type="warning" showIcon message={t('connect.uniplusOnce')} data-testid="uniplus-once" style={{ margin: '4px 0 8px' }} />
                  <p className="up-pool-hint">{t('connect.uniplusHint')}</p>
                  <Button size="small" type="primary" onClick={p.saved} data-testid="uniplus-saved">
                    {t('connect.uniplusSaved')}
                  </Button>
                </>
              ) : (
                <>
                  <dd>
                    <span data-testid="uniplus-masked" aria-label={t('connect.uniplusHidden', { prefix: p.prefix })}>
                      {p.masked}
                    </span>
                  </dd>
                  <p className="up-pool-hint">{t('connect.uniplusMasked')}</p>
                  <p className="up-pool-hint">{t('connect.uniplusHint')}</p>
                  <Popconfirm
                    title={t('connect.regenerateConfirm')}
                    okText={tp('common.confirm')}
                    cancelText={tp('common.cancel')}
                    onConfirm={() => p.regenerate()}
                  >
                    <Button size="small" data-testid="regenerate" loading={p.pending}>
                      {t('connect.regenerate')}
                    </Button>
                  </Popconfirm>
                </>
              )}
              {p.error ? <Alert type="error" showIcon message={p.error} style={{ marginTop: 8 }} /> : null}
            </div>
            <Link to={paths.tutorial.page('orePoolSignIn')}>{t('connect.tutorial')}</Link>
          </dl>
          <figure style={{ margin: 0, textAlign: 'center' }}>
            <QRCodeSVG value={`${u.stratumUrl}\n${u.workerExample}`} size={136} />
            <figcaption className="up-pool-hint">{t('connect.scan')}</figcaption>
          </figure>
        </div>
      ) : (
        <Typography.Paragraph>…</Typography.Paragraph>
      )}
    </section>
  );
}

/**
 * DeviceTable is the device list's table: sortable columns, page sizes, binding (where
 * the device's coin allows it: bindOf), detail links (where it has a page: detailOf) and,
 * for the owner, Remove on offline devices (removal asks first).
 */
export function DeviceTable({
  page,
  loading,
  params,
  update,
  bindOf,
  detailOf,
  removal,
  t,
  tp,
}: {
  page: Page<DeviceRow> | undefined;
  loading: boolean;
  params: ListParams;
  update: (p: Partial<ListParams>) => void;
  bindOf: (d: DeviceRow) => BindGate;
  detailOf: (d: DeviceRow) => boolean;
  removal: DeviceRemoval;
  t: T;
  tp: T;
}) {
  const actions = useDeviceActions();
  const f = useFormat();
  // An observer sees the list only: no device page, no binding.
  const readOnly = useReadOnly();
  const sortOrder = (key: Sort) => (params.sort === key ? (params.order === 'desc' ? 'descend' : 'ascend') : null);
  return (
    <Table<DeviceRow>
      data-testid="device-table"
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={page?.rows ?? []}
      // The table is as wide as its columns want (the worker column 260 px, room for a full
      // name and its copy button); wider than the page, it scrolls by itself with worker,
      // status and real-time hashrate fixed on the left and the owner's Action on the right.
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('list.empty') }}
      onChange={(_, __, sorter, extra) => {
        // Paging is handled by the pagination's own onChange; two address updates in one
        // event would overwrite each other.
        if (extra.action !== 'sort') return;
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        const key = (s?.order ? s.columnKey : 'worker') as Sort;
        update({ sort: key, order: s?.order === 'descend' ? 'desc' : 'asc' });
      }}
      pagination={{
        current: page?.page ?? params.page,
        pageSize: params.pageSize,
        total: page?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (n) => t('list.total', { count: n }),
        onChange: (p, size) => (size !== params.pageSize ? update({ pageSize: size as ListParams['pageSize'] }) : update({ page: p })),
      }}
      columns={[
        {
          key: 'worker',
          title: t('list.worker'),
          sorter: true,
          sortOrder: sortOrder('worker'),
          fixed: 'left',
          width: 260,
          // The longest name (a 20-character code and a 15-character suffix) breaks inside
          // the column rather than running its copy button over the Status tag (pool.css).
          className: 'up-pool-worker',
          render: (_, d) => (
            <>
              <Copyable text={d.code} tp={tp} label={t('list.copyWorker', { worker: d.code })} copyTestId="device-copy" nowrap>
                {readOnly || !detailOf(d) ? (
                  <span data-testid="device-name">{d.code}</span>
                ) : (
                  <Link to={`${paths.account.orePoolMachineDetail}?id=${d.id}`} data-testid="device-link">
                    {d.code}
                  </Link>
                )}
              </Copyable>
              {d.alias ? <div className="up-pool-hint">{d.alias}</div> : null}
            </>
          ),
        },
        {
          key: 'status',
          title: t('list.status'),
          sorter: true,
          sortOrder: sortOrder('status'),
          fixed: 'left',
          className: 'up-pool-nowrap',
          render: (_, d) => <StatusTag status={d.status} initialising={d.initialising} tp={tp} />,
        },
        {
          key: 'realTimeHashRate',
          title: t('list.realTime'),
          sorter: true,
          sortOrder: sortOrder('realTimeHashRate'),
          fixed: 'left',
          className: 'up-pool-nowrap',
          render: (_, d) => <span data-testid="device-rt">{rateText(d.realTimeHashRate, tp('figure.measuring'))}</span>,
        },
        { key: 'dayHashRate', title: t('list.day'), sorter: true, sortOrder: sortOrder('dayHashRate'), className: 'up-pool-nowrap', render: (_, d) => rateText(d.dayHashRate, tp('figure.measuring')) },
        { key: 'temperature', title: t('list.temperature'), className: 'up-pool-nowrap', render: (_, d) => withUnit(d.temperature, '°C') },
        { key: 'online', title: t('list.online'), className: 'up-pool-nowrap', render: (_, d) => (d.onlineDuration ? f.duration(d.onlineDuration) : DASH) },
        {
          key: 'lastUpdateTime',
          title: t('list.lastUpdate'),
          sorter: true,
          sortOrder: sortOrder('lastUpdateTime'),
          className: 'up-pool-nowrap',
          render: (_, d) => f.dateTime(d.lastUpdateTime),
        },
        { key: 'ip', title: t('list.ip'), render: (_, d) => [d.intranetIp, d.publicIp].filter(Boolean).join(' / ') || DASH },
        ...(readOnly
          ? []
          : [
              {
                key: 'bound',
                title: t('list.binding'),
                render: (_: unknown, d: DeviceRow) => {
                  // A coin without machineBindFlag: no switch (the pool refuses both ways), and why.
                  const gate = bindOf(d);
                  if (!gate.allowed) {
                    return (
                      <span className="up-pool-hint" data-testid="bind-off">
                        {tp(gate.reason, { coin: gate.coin })}
                      </span>
                    );
                  }
                  return d.bound ? (
                    <Popconfirm
                      title={t('list.unbindConfirm', { worker: d.code })}
                      okText={tp('common.confirm')}
                      cancelText={tp('common.cancel')}
                      onConfirm={() => actions.bind.mutate({ id: d.id, bound: false })}
                    >
                      <Switch checked data-testid="bind-switch" loading={actions.bind.isPending} />
                    </Popconfirm>
                  ) : (
                    <Switch checked={false} data-testid="bind-switch" loading={actions.bind.isPending} onChange={() => actions.bind.mutate({ id: d.id, bound: true })} />
                  );
                },
              },
            ]),
        ...(removal.allowed
          ? [
              {
                key: 'action',
                title: t('remove.action'),
                width: 100,
                fixed: 'right' as const,
                // Only an offline device can go: an online one is mining, and the pool refuses.
                render: (_: unknown, d: DeviceRow) =>
                  removal.canRemove(d) ? (
                    <Button
                      type="link"
                      danger
                      size="small"
                      aria-label={t('remove.buttonFor', { worker: d.code })}
                      onClick={() => removal.askOne(d)}
                      data-testid="device-remove"
                    >
                      {t('remove.button')}
                    </Button>
                  ) : null,
              },
            ]
          : []),
      ]}
    />
  );
}

/** Card is one figure with its label and unit. */
export function Card({ label, value, unit }: { label: string; value: string; unit?: string }) {
  return (
    <div className="up-pool-card">
      <div className="up-pool-card__label">{label}</div>
      <div className="up-pool-card__value">
        {value}
        {unit ? <small>{unit}</small> : null}
      </div>
    </div>
  );
}

/** Paged is a list hook's paging: the page, its size, the total and how to move. */
interface Paged {
  page: number;
  size: number;
  total: number;
  setPage: (page: number, size: (typeof PAGE_SIZES)[number]) => void;
}

/** paging is a table's pagination for a list hook, with SPEC's page sizes and a total line. */
export function paging(v: Paged, totalText: (n: number) => string) {
  return {
    current: v.page,
    pageSize: v.size,
    total: v.total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: totalText,
    onChange: (p: number, s: number) => v.setPage(p, s as (typeof PAGE_SIZES)[number]),
  };
}
