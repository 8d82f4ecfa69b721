// The alert calls' shapes (internal/app/openapi.json, tag alert; docs/alerts.md).
import type { HashRate, Page } from '../../model/types';

/** AlertSettingsInput is the body of a save: every field, nothing else (the server refuses unknown fields). */
export interface AlertSettingsInput {
  code: string;
  offlineEnabled: boolean;
  hashrateEnabled: boolean;
  hashratePercent: number;
  byEmail: boolean;
  bySms: boolean;
  digest: boolean;
  digestHour: number;
}

/** AlertSettings are a sub-account's alert settings as GET/POST /pc/v1/pool/alert/setting answer them: the input's fields and these. */
export interface AlertSettings extends AlertSettingsInput {
  /** timezone is the IANA zone of the last save: the digest hour is in it. */
  timezone: string;
  /** email and phone are the account's contacts, masked; '' when none is bound. */
  email: string;
  phone: string;
  /** minOfflineMinutes is the pool's shortest offline threshold. */
  minOfflineMinutes: number;
  updatedAt: number;
}

/** AlertKind is what happened to a worker. */
export type AlertKind = 'offline' | 'online' | 'hashrateLow' | 'hashrateBack';

/** Delivery says how an alert was told. */
export type Delivery = 'sent' | 'pending' | 'digest' | 'failed' | 'none';

/** AlertEvent is one alert or all-clear in the sub-account's list. */
export interface AlertEvent {
  id: number;
  kind: AlertKind;
  coin: string;
  worker: string;
  since: number;
  noticedAt: number;
  hashRate: HashRate | null;
  average: HashRate | null;
  percent: number;
  thresholdMinutes: number;
  delivery: Delivery;
}

export type AlertPage = Page<AlertEvent>;
