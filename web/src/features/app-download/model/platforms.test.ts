import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  APP_PLATFORMS,
  formatReleaseDate,
  isExternalUrl,
  orderPlatforms,
  platformFromUserAgent,
  releaseStatus,
  releasesByPlatform,
} from './platforms';
import type { AppRelease } from './types';

const agents = {
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  macos: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  ubuntuFirefox: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  chromeos: 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  windowsPhone: 'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0 Mobile Safari/537.36 Edge/15.14977',
  bot: 'curl/8.5.0',
};

describe('platformFromUserAgent', () => {
  it.each([
    ['windows', 'windows'],
    ['macos', 'macos'],
    ['linux', 'linux'],
    ['ubuntuFirefox', 'linux'],
    ['android', 'android'],
    ['androidTablet', 'android'],
    ['iphone', 'ios'],
    ['ipad', 'ios'],
    ['chromeos', null],
    ['windowsPhone', null],
    ['bot', null],
  ] as const)('%s gives %s', (agent, want) => {
    expect(platformFromUserAgent(agents[agent])).toBe(want);
  });

  it('an iPad asking for the desktop site (a touch "Macintosh") is iOS', () => {
    expect(platformFromUserAgent(agents.macos, 5)).toBe('ios');
    expect(platformFromUserAgent(agents.macos, 0)).toBe('macos');
  });

  it('no agent gives none', () => {
    expect(platformFromUserAgent('')).toBeNull();
    expect(platformFromUserAgent(undefined)).toBeNull();
  });
});

describe('orderPlatforms', () => {
  it("puts the visitor's platform first and keeps the rest in order", () => {
    expect(orderPlatforms('linux')).toEqual(['linux', 'windows', 'macos', 'android', 'ios']);
    expect(orderPlatforms('ios')).toEqual(['ios', 'windows', 'macos', 'linux', 'android']);
  });
  it('without one, keeps the display order', () => {
    expect(orderPlatforms(null)).toEqual([...APP_PLATFORMS]);
  });
});

const release = (os: AppRelease['operateSystem']): AppRelease => ({ operateSystem: os, version: '1.0.0', url: '/x', notes: '', updatedAt: 1 });

describe('releasesByPlatform', () => {
  it('indexes the apps and drops the OS image and unknown platforms', () => {
    const list = [release('linux'), release('uniplus-os'), { ...release('ios'), operateSystem: 'beos' } as unknown as AppRelease];
    expect(Object.keys(releasesByPlatform(list))).toEqual(['linux']);
    expect(releasesByPlatform(undefined)).toEqual({});
  });
});

describe('releaseStatus', () => {
  it('tells a missing release from a failed call', () => {
    expect(releaseStatus({ data: release('uniplus-os'), error: null, isPending: false })).toBe('ready');
    // Nothing published: data null (HTTP 200, issue 31), or code 3 from an older server.
    expect(releaseStatus({ data: null, error: null, isPending: false })).toBe('missing');
    expect(releaseStatus({ error: new ApiError('code', 'No release', 3), isPending: false })).toBe('missing');
    expect(releaseStatus({ error: new ApiError('network', 'Network error'), isPending: false })).toBe('failed');
    expect(releaseStatus({ error: new ApiError('code', 'Server error', 1), isPending: false })).toBe('failed');
    expect(releaseStatus({ error: null, isPending: true })).toBe('loading');
  });
});

describe('isExternalUrl', () => {
  it('tells another site from a path on this one', () => {
    expect(isExternalUrl('https://dl.example.com/a.exe')).toBe(true);
    expect(isExternalUrl('HTTP://dl.example.com/a.exe')).toBe(true);
    expect(isExternalUrl('/files/a.exe')).toBe(false);
  });
});

describe('formatReleaseDate', () => {
  const ms = Date.UTC(2026, 2, 5, 23, 30);
  it('shows the date in the language and time zone', () => {
    expect(formatReleaseDate(ms, 'en_US', 'UTC')).toBe('03/05/2026');
    expect(formatReleaseDate(ms, 'en_US', 'Asia/Shanghai')).toBe('03/06/2026');
    expect(formatReleaseDate(ms, 'zh_CN', 'UTC')).toBe('2026/03/05');
    expect(formatReleaseDate(ms, 'ko_KR', 'UTC')).toBe('2026. 03. 05.');
  });
  it('shows nothing for no time', () => {
    expect(formatReleaseDate(0, 'en_US')).toBe('');
    expect(formatReleaseDate(undefined, 'en_US')).toBe('');
    expect(formatReleaseDate(Number.NaN, 'en_US')).toBe('');
  });
});
