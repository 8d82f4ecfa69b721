// How an alert reads in the list, for both layouts.
import { DASH, formatAmount, formatDateTime } from '@/lib/format';
import type { AlertEvent, Delivery } from './types';

/** Tone colours a row: an alert, or an all-clear. */
export type Tone = 'alert' | 'clear';

/** AlertRowView is one alert as the list shows it. */
export interface AlertRowView {
  id: number;
  time: string;
  worker: string;
  coin: string;
  tone: Tone;
  kind: string;
  detail: string;
  delivery: Delivery;
  deliveryLabel: string;
}

/** toneOf says whether a kind is an alert or an all-clear. */
export function toneOf(kind: AlertEvent['kind']): Tone {
  return kind === 'offline' || kind === 'hashrateLow' ? 'alert' : 'clear';
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** rowView lays out one alert with the screen's t. */
export function rowView(e: AlertEvent, t: T, lang: string, timeZone?: string): AlertRowView {
  const rate = (r: AlertEvent['hashRate']) => (r ? formatAmount(r.show, r.unit) : DASH);
  const when = (ms: number) => formatDateTime(ms, lang, { timeZone });
  const detail = t(`history.detail.${e.kind}`, {
    since: when(e.since),
    minutes: e.thresholdMinutes,
    hashrate: rate(e.hashRate),
    average: rate(e.average),
    percent: e.percent,
  });
  return {
    id: e.id,
    time: when(e.noticedAt),
    worker: e.worker,
    coin: e.coin,
    tone: toneOf(e.kind),
    kind: t(`history.kind.${e.kind}`),
    detail,
    delivery: e.delivery,
    deliveryLabel: t(`history.deliveryState.${e.delivery}`),
  };
}
