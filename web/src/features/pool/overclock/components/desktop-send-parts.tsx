// The desktop pieces orePoolOverclockSet and orePoolOverclockCancel share: the device
// picker table, a device's overclock state, and the progress of the last request.
import { CopyOutlined, SyncOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Input, Segmented, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PAGE_SIZES, type PageSize } from '../../model/types';
import type { DevicePicker } from '../hooks/use-device-picker';
import type { CoinStep } from '../hooks/use-overclock-send';
import { useProgressView, type RequestProgress } from '../hooks/use-request-progress';
import { stateTone } from '../model/status';
import type { DeviceOverclock, PickerDevice } from '../model/types';
import { useOverclockTexts } from '../texts';
import { SendStep } from './send-step';
import '@/components/card/card.css';
import './overclock.css';
import { rateText } from '@/lib/hashrate';
import type { ReactNode } from 'react';

const STATUS_COLOR = { normal: 'success', abnormal: 'warning', offline: 'default' } as const;

/** DesktopStateTag shows a device's overclock state and what it was sent. */
export function DesktopStateTag({ s }: { s: DeviceOverclock | undefined }) {
  const { t } = useOverclockTexts();
  if (!s) return <span className="up-card-muted">–</span>;
  return (
    <span className="up-oc-state" data-testid={`oc-state-${s.deviceId}`} data-state={s.state}>
      <Tag color={stateTone(s.state)} icon={s.state === 'pending' ? <SyncOutlined spin /> : undefined}>
        {t(`state.${s.state}`)}
      </Tag>
      {s.state !== 'none' ? <span className="up-oc-state__what">{s.factory ? t('state.none') : s.templateName}</span> : null}
      {s.message ? <span className="up-oc-state__msg">{s.message}</span> : null}
    </span>
  );
}

/** DesktopSendSkeleton stands for a send page while its texts and first list load. */
export function DesktopSendSkeleton({ rows }: { rows: number }) {
  return (
    <div className="up-oc" role="status">
      {[rows, 6].map((n, i) => (
        <div key={i} className="up-card">
          <Skeleton active paragraph={{ rows: n }} />
        </div>
      ))}
    </div>
  );
}

/** DesktopCoinChoice is the cancel page's first step: the coins with overclocking to choose from. */
export function DesktopCoinChoice({ c }: { c: CoinStep }) {
  const { t, tp } = useOverclockTexts();
  if (c.coinsFailed) return <Alert type="error" showIcon message={t('send.coinsFailed')} action={<Button onClick={c.selection.refetch}>{tp('common.retry')}</Button>} />;
  if (!c.coin) return <Alert type="info" showIcon message={t('send.noCoin')} data-testid="no-overclock-coin" />;
  const options = c.overclockCoins.map((x) => ({ value: x.type, label: `${x.type} · ${x.name}` }));
  return (
    <>
      <Segmented value={c.coin.type} onChange={(v) => c.chooseCoin(String(v))} options={options} data-testid="coin-choice" />
      {c.otherCoinTypes ? <p className="up-oc-note">{t('send.coinNote', { coins: c.otherCoinTypes })}</p> : null}
    </>
  );
}

/** DesktopSendBar ends the devices step: the server's refusal, how many are chosen, and the page's send button. */
export function DesktopSendBar({ count, error, children }: { count: number; error: string; children: ReactNode }) {
  const { t } = useOverclockTexts();
  return (
    <>
      {error ? <Alert type="error" showIcon message={t('send.refused')} description={error} data-testid="send-error" style={{ marginTop: 12 }} /> : null}
      <div className="up-oc-send-bar">
        <span className="up-oc-send-bar__info">{count === 0 ? t('send.chooseDevices') : <strong>{t('send.selected', { count })}</strong>}</span>
        {children}
      </div>
    </>
  );
}

/** DesktopStep is a numbered section of a send page. */
export function DesktopStep(props: Parameters<typeof SendStep>[0]) {
  return <SendStep {...props} />;
}

/** DesktopDevicePicker is the table of the coin's devices with checkboxes. */
export function DesktopDevicePicker({ picker, coinName }: { picker: DevicePicker; coinName: string }) {
  const { t, tp } = useOverclockTexts();
  const columns: ColumnsType<PickerDevice> = [
    {
      title: t('send.worker'),
      dataIndex: 'code',
      render: (code: string, d) => (
        <div className="up-oc-worker">
          <Typography.Text className="up-card-mono" copyable={{ text: code, icon: <CopyOutlined aria-label={tp('common.copy')} />, tooltips: [tp('common.copy'), tp('common.copied')] }}>
            {code}
          </Typography.Text>
          {d.alias ? <span className="up-card-muted">{d.alias}</span> : null}
        </div>
      ),
    },
    { title: t('send.status'), dataIndex: 'status', width: 120, render: (s: PickerDevice['status']) => <Tag color={STATUS_COLOR[s]}>{tp(`status.${s}`)}</Tag> },
    { title: t('send.hashrate'), key: 'hr', width: 170, align: 'right', render: (_: unknown, d) => rateText(d.realTimeHashRate, tp('figure.measuring')) },
    { title: t('send.current'), key: 'oc', render: (_: unknown, d) => <DesktopStateTag s={picker.stateOf(d.id)} /> },
  ];

  const empty = picker.keyword ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('send.noMatch')} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<><strong>{t('send.noDevicesTitle', { coin: coinName })}</strong><br />{t('send.noDevicesBody')}</>} />
  );

  return (
    <div className="up-oc-picker" data-testid="device-picker">
      <div className="up-oc-picker__bar">
        <Input.Search
          value={picker.draft}
          onChange={(e) => picker.setDraft(e.target.value)}
          onSearch={(v) => picker.search(v)}
          placeholder={t('send.search')}
          allowClear
          className="up-oc-picker__search"
          data-testid="device-search"
        />
        <span className="up-oc-picker__count" data-testid="selected-count">
          {t('send.selected', { count: picker.selected.length })}
        </span>
        {picker.selected.length > 0 ? (
          <Button type="link" onClick={picker.clear}>
            {t('send.clear')}
          </Button>
        ) : null}
      </div>
      {picker.failed ? (
        <Alert
          type="error"
          showIcon
          message={t('send.devicesFailed')}
          action={<Button onClick={picker.retry}>{tp('common.retry')}</Button>}
        />
      ) : picker.loading ? (
        <Skeleton active paragraph={{ rows: 5 }} title={false} />
      ) : (
        <Table<PickerDevice>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={picker.rows}
          loading={picker.fetching && !picker.loading}
          locale={{ emptyText: empty }}
          rowSelection={{
            selectedRowKeys: picker.selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => picker.setSelected(keys as number[]),
            getCheckboxProps: (d) => ({ 'aria-label': d.code, 'data-testid': `pick-${d.id}` }) as never,
          }}
          onRow={(d) => ({ onClick: (e) => (e.target as HTMLElement).closest('button, a, input, .ant-table-selection-column, .ant-typography-copy') || picker.toggle(d.id) })}
          pagination={{
            current: picker.page,
            pageSize: picker.pageSize,
            total: picker.total,
            pageSizeOptions: PAGE_SIZES.map(String),
            showSizeChanger: true,
            hideOnSinglePage: false,
            showTotal: (n) => t('manage.total', { count: n }),
            onChange: (p, size) => (size !== picker.pageSize ? picker.setPageSize(size as PageSize) : picker.setPage(p)),
          }}
          data-testid="device-table"
          className="up-oc-table"
        />
      )}
    </div>
  );
}

/** DesktopProgress follows the devices of the last request until every rig has answered. */
export function DesktopProgress({ progress }: { progress: RequestProgress }) {
  const { t, tp, ref, summary, stage } = useProgressView(progress, 'nearest');
  if (!progress.active) return null;
  const columns: ColumnsType<DeviceOverclock> = [
    { title: t('send.worker'), dataIndex: 'worker', render: (w: string) => <span className="up-card-mono">{w}</span> },
    { title: t('send.current'), key: 'state', render: (_: unknown, s) => <DesktopStateTag s={s} /> },
  ];
  return (
    <section ref={ref} className="up-card up-oc-progress" data-testid="progress" aria-live="polite">
      <header className="up-card__head">
        <h2 className="up-card__title">{t('progress.title')}</h2>
        <Button type="link" onClick={progress.dismiss}>
          {t('progress.dismiss')}
        </Button>
      </header>
      <p className={`up-oc-progress__summary${progress.pending ? '' : ' up-oc-progress__summary--done'}`} data-testid="progress-summary">
        {progress.pending ? <SyncOutlined spin /> : null} {summary} · {stage}
      </p>
      {progress.failed ? (
        <Alert type="error" showIcon message={t('progress.failed')} action={<Button onClick={progress.retry}>{tp('common.retry')}</Button>} />
      ) : (
        <Table<DeviceOverclock> rowKey="deviceId" size="small" columns={columns} dataSource={progress.list} pagination={progress.list.length > 10 ? { pageSize: 10 } : false} />
      )}
    </section>
  );
}
