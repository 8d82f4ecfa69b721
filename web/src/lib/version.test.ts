import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { local, localKeys } from './storage';
import { fetchServerVersion, judgeVersion, scheduleVersionReload } from './version';

describe('judgeVersion', () => {
  it('tells first visit, same and changed', () => {
    expect(judgeVersion(null, '1.2.0')).toBe('first-visit');
    expect(judgeVersion('1.2.0', '1.2.0')).toBe('same');
    expect(judgeVersion('old', '1.2.0')).toBe('changed');
    expect(judgeVersion('old', null)).toBe('unknown');
  });
});

describe('fetchServerVersion', () => {
  it('reads data.version from /version.json with a random query', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { version: 'v9' } })));
    await expect(fetchServerVersion(fetchMock as unknown as typeof fetch)).resolves.toBe('v9');
    const url = (fetchMock.mock.calls[0] as unknown as [string])[0];
    expect(url).toMatch(/^\/version\.json\?[a-z0-9]+$/);
  });
  it('gives null for errors and bad bodies', async () => {
    const bad = vi.fn(async () => new Response('<html>', { status: 200 }));
    const missing = vi.fn(async () => new Response('{}', { status: 404 }));
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    for (const f of [bad, missing, down]) {
      await expect(fetchServerVersion(f as unknown as typeof fetch)).resolves.toBeNull();
    }
  });
});

describe('scheduleVersionReload', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the loader at 2 s, stores and reloads at 3 s', () => {
    local.set(localKeys.version, 'old');
    const showLoader = vi.fn();
    const reload = vi.fn();
    scheduleVersionReload('new', showLoader, reload);
    vi.advanceTimersByTime(1999);
    expect(showLoader).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(showLoader).toHaveBeenCalledOnce();
    expect(local.get(localKeys.version)).toBe('old');
    vi.advanceTimersByTime(1000);
    expect(reload).toHaveBeenCalledOnce();
    expect(local.get(localKeys.version)).toBe('new');
  });
});
