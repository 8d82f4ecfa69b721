import type { ReactNode } from 'react';
import { SettingChips } from '../../overclock/components/setting-chips';
import type { MachineDetail } from '../hooks/use-machine-detail';
import type { DeviceDetail } from '../model/types';
import * as view from '../model/view';

/**
 * OverclockBody is what the device page's overclock card says on either size: not offered
 * for the coin, loading, failed with a retry, no request yet, or the last request's facts and
 * settings. The size gives its widgets (skeleton, retry button, facts list) and classes.
 */
export function OverclockBody({ size, d, m, x, loading, retry, facts }: {
  size: 'desktop' | 'mobile';
  d: DeviceDetail;
  m: MachineDetail;
  x: view.MachineTexts;
  loading: ReactNode;
  retry: ReactNode;
  facts: (rows: view.Fact[]) => ReactNode;
}) {
  const { t } = x;
  const c = size === 'desktop' ? 'up-md' : 'up-mmd';
  const s = m.overclock.state;
  if (!m.overclock.allowed) {
    return (
      <p className={`${c}-note`} data-testid="overclock-unsupported">
        {t('overclock.notSupported', { coin: m.coinName || d.coin })}
      </p>
    );
  }
  if (m.overclock.loading) return <>{loading}</>;
  if (m.overclock.failed) {
    return (
      <div className={`${c}-inline-error`} role="alert">
        <span>{t('overclock.failed')}</span>
        {retry}
      </div>
    );
  }
  if (!s || s.state === 'none') {
    return (
      <p className={size === 'desktop' ? 'up-card-muted' : 'up-mmd-note'} data-testid="overclock-none">
        {t('overclock.none')}
      </p>
    );
  }
  const chips = view.overclockChips(s, x);
  return (
    <>
      {facts(view.overclockFacts(s, x))}
      {chips.length > 0 ? <SettingChips chips={chips} className={`${c}-chips`} chipClassName={`${c}-chip`} /> : null}
    </>
  );
}
