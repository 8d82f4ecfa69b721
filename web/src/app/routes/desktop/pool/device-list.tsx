import { Alert, Button, Input, Modal, Segmented, Select, Skeleton } from 'antd';
import type { ButtonProps } from 'antd';
import type { TFunction } from 'i18next';
import { PageFrame } from '@/components/page-frame';
import { AutoRefresh } from '@/components/auto-refresh';
import { useDeviceListPage } from '@/features/pool/devices/hooks/use-device-list-page';
import { useDeviceRemoval, type DeviceRemoval } from '@/features/pool/devices/hooks/use-device-removal';
import { useDeviceTexts } from '@/features/pool/devices/texts';
import { DEVICE_STATUSES } from '@/features/pool/model/types';
import { DeviceTable, LoadFailed } from './parts';

/** DesktopDeviceList is the device list of the selected coin and sub-account, or a search across all (search). */
export function DesktopDeviceList({ search = false }: { search?: boolean }) {
  const { t, tp, ready } = useDeviceTexts();
  const { params, update, list, bindOf, detailOf, firstLoad, coin, subAccount } = useDeviceListPage({ allSubAccounts: search, anyCoin: search });
  // The search across every coin removes row by row; the list of one coin also all its offline devices.
  const removal = useDeviceRemoval({ coin, subAccount, bulk: !search });
  if (!ready) return <PageFrame titleKey={search ? 'pages.orePoolDeviceSearch' : 'pages.orePoolAnlageuebersicht'} />;
  return (
    <PageFrame
      titleKey={search ? 'pages.orePoolDeviceSearch' : 'pages.orePoolAnlageuebersicht'}
      actions={search ? undefined : <AutoRefresh onRefresh={() => void list.refetch()} />}
    >
      {search ? <p className="up-pool-hint">{t('search.hint')}</p> : null}
      <div className="up-pool-filters">
        <Segmented
          data-testid="status-filter"
          value={params.status}
          onChange={(v) => update({ status: v as typeof params.status })}
          options={[{ value: '', label: t('list.all') }, ...DEVICE_STATUSES.map((s) => ({ value: s, label: tp(`status.${s}`) }))]}
        />
        <Select
          style={{ width: 150 }}
          value={params.bound}
          onChange={(v) => update({ bound: v })}
          options={[
            { value: '', label: t('list.anyBinding') },
            { value: 'true', label: t('list.onlyBound') },
            { value: 'false', label: t('list.onlyUnbound') },
          ]}
        />
        <Input.Search
          data-testid="device-search"
          style={{ width: 260 }}
          placeholder={t('list.search')}
          defaultValue={params.keyword}
          maxLength={50}
          allowClear
          onSearch={(v) => update({ keyword: v.trim() })}
        />
        {params.status || params.bound || params.keyword ? (
          <Button type="link" onClick={() => update({ status: '', bound: '', keyword: '' })}>
            {t('list.clear')}
          </Button>
        ) : null}
        {removal.offline > 0 ? (
          <Button danger style={{ marginLeft: 'auto' }} onClick={removal.askAll} data-testid="remove-offline">
            {t('remove.all', { count: removal.offline })}
          </Button>
        ) : null}
      </div>
      {list.isError ? (
        <LoadFailed tp={tp} retry={() => void list.refetch()} />
      ) : firstLoad ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        // A page, sort or filter change keeps the last page on screen, dimmed, until the next is in.
        <DeviceTable
          page={list.data}
          loading={list.isPlaceholderData}
          params={params}
          update={update}
          bindOf={bindOf}
          detailOf={detailOf}
          removal={removal}
          t={t}
          tp={tp}
        />
      )}
      <RemoveDialog removal={removal} t={t} tp={tp} />
    </PageFrame>
  );
}

/** RemoveDialog asks before devices are removed, and shows the pool's refusal in place. */
function RemoveDialog({ removal, t, tp }: { removal: DeviceRemoval; t: TFunction; tp: TFunction }) {
  return (
    <Modal
      open={removal.target !== null}
      title={t('remove.title')}
      okText={t('remove.ok')}
      cancelText={tp('common.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'remove-confirm' } as ButtonProps}
      cancelButtonProps={{ disabled: removal.pending }}
      confirmLoading={removal.pending}
      closable={!removal.pending}
      maskClosable={!removal.pending}
      onOk={() => void removal.confirm()}
      onCancel={removal.cancel}
      destroyOnHidden
    >
      <p data-testid="remove-question">{removal.question}</p>
      {removal.error ? <Alert type="error" showIcon message={removal.error} data-testid="remove-error" /> : null}
    </Modal>
  );
}
