// How an alert reads in the list, for both layouts.
import { isLang, htmlLang } from '@/lib/language';
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

const tagOf = (lang: string) => (isLang(lang) ? htmlLang(lang) : 'zh-HK');

/** formatWhen writes a Unix-ms time as date, hours and minutes in the reader's language and time zone. */
export function formatWhen(ms: number, lang: string, timeZone?: string): string {
  if (!ms || !Number.isFinite(ms)) return '—';
  return new Intl.DateTimeFormat(tagOf(lang), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(ms));
}

/** toneOf says whether a kind is an alert or an all-clear. */
export function toneOf(kind: AlertEvent['kind']): Tone {
  return kind === 'offline' || kind === 'hashrateLow' ? 'alert' : 'clear';
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** rowView lays out one alert with the screen's t. */
export function rowView(e: AlertEvent, t: T, lang: string, timeZone?: string): AlertRowView {
  const rate = (r: AlertEvent['hashRate']) => (r ? `${r.show} ${r.unit}` : '—');
  const detail = t(`history.detail.${e.kind}`, {
    since: formatWhen(e.since, lang, timeZone),
    minutes: e.thresholdMinutes,
    hashrate: rate(e.hashRate),
    average: rate(e.average),
    percent: e.percent,
  });
  return {
    id: e.id,
    time: formatWhen(e.noticedAt, lang, timeZone),
    worker: e.worker,
    coin: e.coin,
    tone: toneOf(e.kind),
    kind: t(`history.kind.${e.kind}`),
    detail,
    delivery: e.delivery,
    deliveryLabel: t(`history.deliveryState.${e.delivery}`),
  };
}
