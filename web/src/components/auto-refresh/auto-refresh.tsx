import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REFRESH_SECONDS, useAutoRefresh } from './use-auto-refresh';
import './auto-refresh.css';

/** AutoRefreshProps configure the toolbar toggle. */
export interface AutoRefreshProps {
  onRefresh: () => void;
  /** refreshTime is the period in seconds (default 60). */
  refreshTime?: number;
  /** enabled makes the toggle controlled; leave it out for an uncontrolled toggle. */
  enabled?: boolean;
  defaultEnabled?: boolean;
  onEnabledChange?: (enabled: boolean) => void;
  className?: string;
}

/**
 * AutoRefresh is the toolbar's auto-refresh switch. When on it shows the
 * countdown and calls onRefresh at once and at every zero; off stops it.
 */
export function AutoRefresh({
  onRefresh,
  refreshTime = DEFAULT_REFRESH_SECONDS,
  enabled,
  defaultEnabled = false,
  onEnabledChange,
  className,
}: AutoRefreshProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [own, setOwn] = useState(defaultEnabled);
  const on = enabled ?? own;
  const remaining = useAutoRefresh({ enabled: on, refreshTime, onRefresh });

  const toggle = () => {
    const next = !on;
    if (enabled === undefined) setOwn(next);
    onEnabledChange?.(next);
  };

  return (
    <div className={`up-auto-refresh${className ? ` ${className}` : ''}`}>
      <span id={labelId} className="up-auto-refresh__label">
        {t('autoRefresh.label')}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        className={`up-switch${on ? ' up-switch--on' : ''}`}
        onClick={toggle}
      >
        <span className="up-switch__knob" aria-hidden="true" />
      </button>
      <span className="up-auto-refresh__status" aria-live="polite" data-testid="auto-refresh-status">
        {on ? t('autoRefresh.countdown', { seconds: remaining }) : t('autoRefresh.off')}
      </span>
    </div>
  );
}
