import type { ComponentType, ReactNode } from 'react';
import { SettingChips } from '../../overclock/components/setting-chips';
import type { MachineDetail } from '../hooks/use-machine-detail';
import type { DeviceDetail } from '../model/types';
import * as view from '../model/view';

/**
 * OverclockBody is what the device page's overclock card says on either size: not offered
 * for the coin, loading, failed with a retry, no request yet, or the last request's facts and
 * settings. The size gives its widgets (skeleton, retry button, facts list) and classes.
 */
interface BodyProps {
  size: 'desktop' | 'mobile';
  d: DeviceDetail;
  m: MachineDetail;
  x: view.MachineTexts;
  loading: ReactNode;
  retry: ReactNode;
  facts: (rows: view.Fact[]) => ReactNode;
}

type OverclockStateName = NonNullable<MachineDetail['overclock']['state']>['state'];

/**
 * OverclockCard is the device page's overclock card on either size: the size's card frame
 * titled and marked, the last request's state as the size's tag, the body, and the apply
 * and cancel actions (given the request's query) where the coin allows overclocking.
 */
export function OverclockCard({
  frame: Frame,
  stateTag,
  actions,
  ...body
}: BodyProps & {
  frame: ComponentType<{ title: string; extra?: ReactNode; testId?: string; children: ReactNode }>;
  stateTag: (state: OverclockStateName, label: string) => ReactNode;
  actions: (query: string) => ReactNode;
}) {
  const { m, x } = body;
  const s = m.overclock.state;
  return (
    <Frame title={x.t('overclock.title')} testId="machine-overclock" extra={s && s.state !== 'none' ? stateTag(s.state, x.to(`state.${s.state}`)) : null}>
      <OverclockBody {...body} />
      {m.overclock.allowed ? actions(view.overclockQuery(body.d)) : null}
    </Frame>
  );
}

export function OverclockBody({ size, d, m, x, loading, retry, facts }: BodyProps) {
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
