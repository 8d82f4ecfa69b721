import { Button, Dialog, SearchBar, Skeleton, Switch, Tabs } from 'antd-mobile';
import { Link } from 'react-router-dom';
import type { TFunction } from 'i18next';
import { MobileDialog } from '@/components/mobile-dialog';
import { PageFrame } from '@/components/page-frame';
import { mobilePaths } from '@/config/paths';
import { useReadOnly } from '@/lib/read-only';
import { useDeviceActions } from '@/features/pool/devices/api/devices';
import { useDeviceListPage } from '@/features/pool/devices/hooks/use-device-list-page';
import { useDeviceRemoval, type DeviceRemoval } from '@/features/pool/devices/hooks/use-device-removal';
import { SORTS, type Sort } from '@/features/pool/devices/model/list-params';
import { useDeviceTexts } from '@/features/pool/devices/texts';
import { MobileCopyButton } from '@/features/pool/overclock/components/mobile-copy';
import { DEVICE_STATUSES, PAGE_SIZES, type PageSize } from '@/features/pool/model/types';
import { MLoadFailed, MStatus } from './parts';
import { DASH } from '@/lib/format';
import { rateText } from '@/lib/hashrate';
import { useFormat } from '@/lib/use-format';

const sortLabel: Record<Sort, string> = { worker: 'list.worker', status: 'list.status', realTimeHashRate: 'list.realTime', dayHashRate: 'list.day', lastUpdateTime: 'list.lastUpdate' };

/** MobileDeviceList: device cards with status tabs, search, sort and pages; search mode looks across every sub-account. */
export function MobileDeviceList({ search = false }: { search?: boolean }) {
  const { t, tp, ready } = useDeviceTexts();
  const { params, update, list, bindOf, detailOf, coin, subAccount } = useDeviceListPage({ allSubAccounts: search, anyCoin: search });
  // The search across every coin removes card by card; the list of one coin also all its offline devices.
  const removal = useDeviceRemoval({ coin, subAccount, bulk: !search });
  const actions = useDeviceActions();
  // An observer sees the list only: no device page, no binding.
  const readOnly = useReadOnly();
  const fmt = useFormat();
  const page = list.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const title = search ? 'pages.orePoolDeviceSearch' : 'pages.orePoolAnlageuebersicht';
  if (!ready) return <PageFrame titleKey={title} />;
  return (
    <PageFrame titleKey={title}>
      {search ? <p className="up-mpool-hint">{t('search.hint')}</p> : null}
      <Tabs activeKey={params.status || 'all'} onChange={(k) => update({ status: k === 'all' ? '' : (k as typeof params.status) })} data-testid="status-filter">
        <Tabs.Tab key="all" title={t('list.all')} />
        {DEVICE_STATUSES.map((s) => (
          <Tabs.Tab key={s} title={tp(`status.${s}`)} />
        ))}
      </Tabs>
      <SearchBar placeholder={t('list.search')} defaultValue={params.keyword} maxLength={50} onSearch={(v) => update({ keyword: v.trim() })} onClear={() => update({ keyword: '' })} style={{ margin: '8px 0' }} />
      <div className="up-mpool-actions" style={{ marginTop: 0, marginBottom: 8 }}>
        <select aria-label={t('list.status')} value={`${params.sort}:${params.order}`} onChange={(e) => {
          const [sort, order] = e.target.value.split(':') as [Sort, 'asc' | 'desc'];
          update({ sort, order });
        }}>
          {SORTS.flatMap((s) => (['asc', 'desc'] as const).map((o) => (
            <option key={`${s}:${o}`} value={`${s}:${o}`}>{`${t(sortLabel[s])} ${o === 'asc' ? '↑' : '↓'}`}</option>
          )))}
        </select>
        <select aria-label={t('list.bound')} value={params.bound} onChange={(e) => update({ bound: e.target.value as typeof params.bound })}>
          <option value="">{t('list.anyBinding')}</option>
          <option value="true">{t('list.onlyBound')}</option>
          <option value="false">{t('list.onlyUnbound')}</option>
        </select>
        <select aria-label={t('list.pageSize')} value={params.pageSize} onChange={(e) => update({ pageSize: Number(e.target.value) as PageSize })} data-testid="page-size">
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>{n}</option>
          ))}
        </select>
      </div>
      {list.isLoading ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : list.isError ? (
        <MLoadFailed tp={tp} retry={() => void list.refetch()} />
      ) : page && page.rows.length === 0 ? (
        <div className="up-mpool-panel">
          <p>{t('list.empty')}</p>
          {params.status || params.bound || params.keyword ? (
            <Button size="small" onClick={() => update({ status: '', bound: '', keyword: '' })}>
              {t('list.clear')}
            </Button>
          ) : readOnly ? null : (
            <Link to={mobilePaths.account.orePoolSubAccountInfo}>{tp('start.create')}</Link>
          )}
        </div>
      ) : (
        <>
          <p className="up-mpool-hint">{t('list.total', { count: page?.total ?? 0 })}</p>
          {removal.offline > 0 ? (
            <Button block color="danger" fill="outline" className="up-mpool-remove-all" onClick={removal.askAll} data-testid="remove-offline">
              {t('remove.all', { count: removal.offline })}
            </Button>
          ) : null}
          {page?.rows.map((d) => {
            const gate = bindOf(d);
            return (
              <article key={d.id} className="up-mpool-device" data-testid="device-card">
                <div className="up-mpool-device__head">
                  <span className="up-mpool-copyline">
                    {readOnly || !detailOf(d) ? (
                      <span className="up-mpool-device__name" data-testid="device-name" title={d.code}>
                        {d.code}
                      </span>
                    ) : (
                      <Link className="up-mpool-device__name" to={`${mobilePaths.account.orePoolMachineDetail}?id=${d.id}`} data-testid="device-link" title={d.code}>
                        {d.code}
                      </Link>
                    )}
                    <MobileCopyButton text={d.code} label={t('list.copyWorker', { worker: d.code })} testId="device-copy" />
                  </span>
                  <span className="up-mpool-device__aside">
                    <MStatus status={d.status} initialising={d.initialising} tp={tp} />
                  </span>
                </div>
                {d.alias ? <p className="up-mpool-hint">{d.alias}</p> : null}
                <div className="up-mpool-row">
                  <span>{t('list.realTime')}</span>
                  <span data-testid="device-rt">{rateText(d.realTimeHashRate, tp('figure.measuring'))}</span>
                </div>
                <div className="up-mpool-row">
                  <span>{t('list.day')}</span>
                  <span>{rateText(d.dayHashRate, tp('figure.measuring'))}</span>
                </div>
                <div className="up-mpool-row">
                  <span>{t('list.online')}</span>
                  <span>{d.onlineDuration ? fmt.duration(d.onlineDuration) : DASH}</span>
                </div>
                {readOnly ? null : (
                  <div className="up-mpool-row">
                    <span>{t('list.binding')}</span>
                    {gate.allowed ? (
                      <Switch
                        checked={d.bound}
                        data-testid="bind-switch"
                        loading={actions.bind.isPending}
                        onChange={(on) =>
                          on
                            ? actions.bind.mutate({ id: d.id, bound: true })
                            : void Dialog.confirm({
                                content: t('list.unbindConfirm', { worker: d.code }),
                                confirmText: tp('common.confirm'),
                                cancelText: tp('common.cancel'),
                                onConfirm: () => actions.bind.mutate({ id: d.id, bound: false }),
                              })
                        }
                      />
                    ) : (
                      // A coin without machineBindFlag: no switch (the pool refuses both ways), and why.
                      <span className="up-mpool-hint" data-testid="bind-off">
                        {tp(gate.reason, { coin: gate.coin })}
                      </span>
                    )}
                  </div>
                )}
                {removal.canRemove(d) ? (
                  // Only an offline device can go: an online one is mining, and the pool refuses.
                  <Button
                    block
                    color="danger"
                    fill="outline"
                    className="up-mpool-remove"
                    aria-label={t('remove.buttonFor', { worker: d.code })}
                    onClick={() => removal.askOne(d)}
                    data-testid="device-remove"
                  >
                    {t('remove.button')}
                  </Button>
                ) : null}
              </article>
            );
          })}
          {pages > 1 ? (
            <div className="up-mpool-actions" style={{ justifyContent: 'space-between' }}>
              <Button size="small" disabled={params.page <= 1} onClick={() => update({ page: params.page - 1 })}>
                ‹
              </Button>
              <span>{`${params.page} / ${pages}`}</span>
              <Button size="small" disabled={params.page >= pages} onClick={() => update({ page: params.page + 1 })}>
                ›
              </Button>
            </div>
          ) : null}
        </>
      )}
      <MRemoveDialog removal={removal} t={t} tp={tp} />
    </PageFrame>
  );
}

/** MRemoveDialog is the sheet that asks before devices are removed, with the pool's refusal in place. */
function MRemoveDialog({ removal, t, tp }: { removal: DeviceRemoval; t: TFunction; tp: TFunction }) {
  return (
    <MobileDialog open={removal.target !== null} onClose={removal.cancel} title={t('remove.title')} closable={!removal.pending} testId="remove-dialog">
      <p data-testid="remove-question">{removal.question}</p>
      {removal.error ? (
        <p className="up-mpool-error" role="alert" data-testid="remove-error">
          {removal.error}
        </p>
      ) : null}
      <div className="up-mpool-remove-actions">
        <Button block color="danger" onClick={() => void removal.confirm()} loading={removal.pending} data-testid="remove-confirm">
          {t('remove.ok')}
        </Button>
        <Button block fill="none" onClick={removal.cancel} disabled={removal.pending}>
          {tp('common.cancel')}
        </Button>
      </div>
    </MobileDialog>
  );
}
