import type { ComponentType, ReactNode } from 'react';
import type { useDeviceOverview } from '../hooks/use-device-overview';

type Overview = ReturnType<typeof useDeviceOverview>;

/**
 * DeviceOverviewBody is the device overview's page body on either size: the state (loading,
 * failed, the start guide), else the figures, the devices by status and the hashrate chart.
 * The size's widgets come in as slots; the markup and its order are the same on both, with
 * the desktop's `up-pool-*` and the phone's `up-mpool-*` classes.
 */
export function DeviceOverviewBody({ v, size, loading, failed, start, Card, total, chart, openList }: {
  v: Overview;
  size: 'desktop' | 'mobile';
  loading: ReactNode;
  failed: ReactNode;
  start: ReactNode;
  Card: ComponentType<{ label: string; value: string; unit?: string }>;
  /** total is the way to all devices: a count button on the desktop, a link under the counts on a phone. */
  total: ReactNode;
  chart: ReactNode;
  /** openList goes to the device list with a status filter ('' for all). */
  openList: (filter?: string) => void;
}) {
  const { t } = v.texts;
  if (v.state === 'loading') return <>{loading}</>;
  if (v.state === 'failed') return <>{failed}</>;
  if (v.state === 'start') return <>{start}</>;
  const c = size === 'desktop' ? 'up-pool' : 'up-mpool';
  return (
    <>
      <div className={`${c}-cards`} data-testid="overview-cards">
        {v.figures.map((f) => (
          <Card key={f.key} label={f.label} value={f.value} unit={f.unit} />
        ))}
      </div>
      <section className={`${c}-panel`}>
        <h2>{t('overview.status')}</h2>
        <div className={`${c}-status`}>
          {size === 'desktop' ? total : null}
          {v.statusCounts.map((s) => (
            <button key={s.key} type="button" className={`${c}-status--${s.key}`} onClick={() => openList(s.query)} data-testid={`count-${s.key}`}>
              <strong>{s.count}</strong>
              {s.label}
            </button>
          ))}
        </div>
        {size === 'mobile' ? <p className={`${c}-hint`}>{total}</p> : null}
        {size === 'desktop' && v.total === 0 ? <p className={`${c}-hint`}>{t('overview.noDevices', { coin: v.coin })}</p> : null}
      </section>
      <section className={`${c}-panel`}>
        <h2>{t('overview.chart')}</h2>
        {chart}
      </section>
    </>
  );
}
