import { Button, Input, Segmented, Select, Skeleton } from 'antd';
import { PageFrame } from '@/components/page-frame';
import { AutoRefresh } from '@/components/auto-refresh';
import { useDeviceListPage } from '@/features/pool/devices/hooks/use-device-list-page';
import { useDeviceTexts } from '@/features/pool/devices/texts';
import { DEVICE_STATUSES } from '@/features/pool/model/types';
import { DeviceTable, LoadFailed } from './parts';

/** DesktopDeviceList is the device list of the selected coin and sub-account, or a search across all (search). */
export function DesktopDeviceList({ search = false }: { search?: boolean }) {
  const { t, tp, ready } = useDeviceTexts();
  const { params, update, list, bindOf, detailOf, firstLoad } = useDeviceListPage({ allSubAccounts: search, anyCoin: search });
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
      </div>
      {list.isError ? (
        <LoadFailed tp={tp} retry={() => void list.refetch()} />
      ) : firstLoad ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        // A page, sort or filter change keeps the last page on screen, dimmed, until the next is in.
        <DeviceTable page={list.data} loading={list.isPlaceholderData} params={params} update={update} bindOf={bindOf} detailOf={detailOf} t={t} tp={tp} />
      )}
    </PageFrame>
  );
}
