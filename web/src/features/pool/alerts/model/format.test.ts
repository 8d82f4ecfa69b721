import { describe, expect, it } from 'vitest';
import { NBSP } from '@/lib/format';
import { rowView, toneOf } from './format';
import type { AlertEvent } from './types';

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key} ${JSON.stringify(o)}` : key);

describe('alert rows', () => {
  it('reads an offline alert with its threshold, and a hashrate alert with both rates', () => {
    const off: AlertEvent = {
      id: 1, kind: 'offline', coin: 'BTC', worker: 'farm.rig1', since: Date.UTC(2026, 10, 25, 8, 0), noticedAt: Date.UTC(2026, 10, 25, 8, 11),
      hashRate: null, average: null, percent: 0, thresholdMinutes: 25, delivery: 'sent',
    };
    const v = rowView(off, t, 'en_US', 'UTC');
    expect(v.tone).toBe('alert');
    expect(v.kind).toBe('history.kind.offline');
    expect(v.detail).toContain('"minutes":25');
    expect(v.detail).toContain('11/25/2026, 08:00');
    expect(v.time).toBe('11/25/2026, 08:11');
    expect(v.deliveryLabel).toBe('history.deliveryState.sent');
    const low = rowView({ ...off, kind: 'hashrateLow', hashRate: { hashRate: 1.2e9, show: '1.20', unit: 'GH/s' }, average: { hashRate: 4e9, show: '4.00', unit: 'GH/s' }, percent: 30 }, t, 'en_US', 'UTC');
    expect(low.detail).toContain(`"hashrate":"1.20${NBSP}GH/s"`);
    expect(low.detail).toContain(`"average":"4.00${NBSP}GH/s"`);
    expect(rowView({ ...off, since: 0 }, t, 'en_US', 'UTC').detail).toContain('"since":"—"');
    expect(rowView({ ...off, noticedAt: Date.UTC(2026, 10, 25, 20, 11) }, t, 'ko_KR', 'UTC').time).toMatch(/20:11$/);
    expect(toneOf('online')).toBe('clear');
    expect(toneOf('hashrateBack')).toBe('clear');
  });
});
