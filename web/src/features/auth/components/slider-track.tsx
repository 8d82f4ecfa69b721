import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SliderCaptcha } from '../hooks/use-slider-captcha';
import './slider-track.css';

function Arrow() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M5 12h12m-5-6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Check() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="m5 12.5 4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** SliderTrackProps: the slider state and whether it is the big touch variant. */
export interface SliderTrackProps {
  slider: SliderCaptcha;
  size?: 'default' | 'large';
  /** retryLabel is the text of the button shown when a challenge could not be loaded. */
  renderRetry?: (retry: () => void) => React.ReactNode;
}

/**
 * SliderTrack draws the slider of both trees: a track, a draggable handle
 * (also a keyboard slider) and a live status line.
 */
export function SliderTrack({ slider, size = 'default', renderRetry }: SliderTrackProps) {
  const { t } = useTranslation();
  const { status, ratio, failure, trackRef, handleRef, handleProps } = slider;

  // Keyboard users land on the handle whenever a challenge is ready.
  useEffect(() => {
    if (status === 'ready') handleRef.current?.focus({ preventScroll: true });
  }, [status, handleRef]);

  const statusText =
    status === 'loading'
      ? t('slider.loading')
      : status === 'checking'
        ? t('slider.checking')
        : status === 'passed'
          ? t('slider.passed')
          : failure || (status === 'dragging' ? t('slider.keepGoing') : t('slider.idle'));

  return (
    <div className={`up-slider up-slider--${size}`} data-status={status} data-testid="slider">
      <div ref={trackRef} className="up-slider__track">
        <div className="up-slider__fill" style={{ width: `calc((100% - var(--up-slider-handle)) * ${ratio} + var(--up-slider-handle))` }} />
        <span className="up-slider__hint" aria-hidden="true" style={{ opacity: status === 'passed' ? 1 : Math.max(0, 1 - ratio * 2) }}>
          {status === 'passed' ? t('slider.passed') : t('slider.hint')}
        </span>
        <div
          ref={handleRef}
          className="up-slider__handle"
          style={{ left: `calc((100% - var(--up-slider-handle)) * ${ratio})` }}
          aria-label={t('slider.label')}
          aria-valuetext={status === 'passed' ? t('slider.passed') : `${Math.round(ratio * 100)}%`}
          data-testid="slider-handle"
          {...handleProps}
        >
          {status === 'passed' ? <Check /> : <Arrow />}
        </div>
      </div>
      <p className={`up-slider__status${failure && status !== 'passed' ? ' up-slider__status--error' : ''}`} role="status" aria-live="polite">
        {statusText}
      </p>
      {status === 'error' && renderRetry ? <div className="up-slider__retry">{renderRetry(slider.retry)}</div> : null}
    </div>
  );
}
