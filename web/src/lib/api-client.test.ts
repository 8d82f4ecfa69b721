import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type ApiClientDeps } from './api-client';
import { local, localKeys, setSession } from './storage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Harness {
  deps: ApiClientDeps;
  fetch: ReturnType<typeof vi.fn>;
  notify: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
  reload: ReturnType<typeof vi.fn>;
  setPath: (p: string) => void;
  advance: (ms: number) => void;
}

function harness(respond: (url: string, init: RequestInit) => Promise<Response> | Response): Harness {
  let pathname = '/';
  let now = 10_000;
  const fetch = vi.fn((url: string, init: RequestInit) => Promise.resolve(respond(url, init)));
  const notify = vi.fn();
  const navigate = vi.fn();
  const reload = vi.fn();
  const deps: ApiClientDeps = {
    fetch: fetch as unknown as typeof globalThis.fetch,
    notify,
    navigate,
    reload,
    pathname: () => pathname,
    language: () => 'en_US',
    timeZone: () => 'Asia/Shanghai',
    t: (key) => `t:${key}`,
    timeoutMs: 60_000,
    now: () => now,
  };
  return {
    deps,
    fetch,
    notify,
    navigate,
    reload,
    setPath: (p) => {
      pathname = p;
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('api client: the operator console', () => {
  it('calls under its own base without the site token, with a call\'s own headers, and signs in again its own way', async () => {
    setSession('user-token', { nickName: 'n' });
    const answers = [{ code: 0, msg: '', data: { ok: true } }, { code: 4, msg: 'Sign in to the console.', data: { error: 'ops.signInRequired' } }];
    const h = harness(() => json(answers.shift()));
    const signedOut = vi.fn();
    const api = createApiClient({ ...h.deps, base: '/ops/api', sendToken: false, loginRequired: signedOut });
    await expect(api.post('/v1/withdrawals/3/approve', { reason: '' }, { headers: { 'X-Ops-TOTP': '123456' } })).resolves.toEqual({ ok: true });
    const [url, init] = h.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/ops/api/v1/withdrawals/3/approve');
    expect(init.headers).toEqual({ language: 'en_US', timezone: 'Asia/Shanghai', 'Content-Type': 'application/json', 'X-Ops-TOTP': '123456' });
    const err = await failure(api.get('/ops/api/v1/me'));
    expect((h.fetch.mock.calls[1] as [string])[0]).toBe('/ops/api/v1/me');
    expect(err.code).toBe(4);
    expect(signedOut).toHaveBeenCalledWith('Sign in to the console.');
    // The site's session and page are left alone.
    expect(h.navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).not.toBeNull();
  });
});

describe('api client: requests', () => {
  it('sends the headers and returns data on code 0', async () => {
    setSession('user-token', { nickName: 'n' });
    const h = harness(() => json({ code: 0, msg: 'ok', data: [1, 2] }));
    const api = createApiClient(h.deps);
    await expect(api.get('/pc/v1/x', { a: 1, b: undefined, c: null, d: 'z w' })).resolves.toEqual([1, 2]);
    const [url, init] = h.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/pc/v1/x?a=1&d=z+w');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({
      'x-token': 'user-token',
      language: 'en_US',
      timezone: 'Asia/Shanghai',
      'Content-Type': 'application/json',
    });
    expect(h.notify).not.toHaveBeenCalled();
  });

  it('sends JSON bodies on POST', async () => {
    const h = harness(() => json({ code: 0, msg: '', data: null }));
    await createApiClient(h.deps).post('/pc/v1/contact', { name: 'a', contactInformation: 'b' });
    const [url, init] = h.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/pc/v1/contact');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"a","contactInformation":"b"}');
  });

  it('send gives the data and the server message of a success', async () => {
    const h = harness(() => json({ code: 0, msg: 'Done.', data: { changed: true } }));
    const answer = await createApiClient(h.deps).send('/pc/v1/customer/change/account/type', {
      method: 'POST',
      body: { accountTypeCode: 'asic' },
    });
    expect(answer).toEqual({ data: { changed: true }, msg: 'Done.' });
    expect(h.notify).not.toHaveBeenCalled();
  });

  it('text gives a document as text, and treats an envelope as the error it is', async () => {
    const h = harness((url) =>
      url.includes('missing')
        ? json({ code: 3, msg: 'Not settled yet.', data: null }, 404)
        : new Response('# formula\nminute_utc,micro\n', { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    );
    const api = createApiClient(h.deps);
    await expect(api.text('/pc/v1/earnings/audit', { day: '2026-11-23' })).resolves.toBe('# formula\nminute_utc,micro\n');
    const err = await failure(api.text('/pc/v1/earnings/missing'));
    expect(err.code).toBe(3);
    expect(h.notify).toHaveBeenCalledWith('warning', 'Not settled yet.');
    // A JSON success where a document was asked for is data, as for any call.
    const h2 = harness(() => json({ code: 0, msg: '', data: 'inline' }));
    await expect(createApiClient(h2.deps).text('/pc/v1/x')).resolves.toBe('inline');
  });

  it('uses the observer token on observer pages', async () => {
    setSession('user-token', {});
    local.set(localKeys.observerToken, 'obs-token');
    const h = harness(() => json({ code: 0, msg: '', data: 1 }));
    const api = createApiClient(h.deps);
    h.setPath('/mobile/observerMode/orePoolDeviceOverview');
    await api.get('/x');
    h.setPath('/observerMode/infoList');
    await api.get('/x');
    h.setPath('/account/orePoolDeviceOverview');
    await api.get('/x');
    const tokens = h.fetch.mock.calls.map((c) => ((c as [string, RequestInit])[1].headers as Record<string, string>)['x-token']);
    expect(tokens).toEqual(['obs-token', 'obs-token', 'user-token']);
  });

  it('sends an empty token when logged out', async () => {
    const h = harness(() => json({ code: 0, msg: '', data: 1 }));
    await createApiClient(h.deps).get('/x');
    expect(((h.fetch.mock.calls[0] as [string, RequestInit])[1].headers as Record<string, string>)['x-token']).toBe('');
  });
});

describe('api client: codes', () => {
  it('code 3 shows msg as a warning', async () => {
    const h = harness(() => json({ code: 3, msg: 'nickname too long', data: null }, 400));
    const err = await failure(createApiClient(h.deps).get('/x'));
    expect(err.kind).toBe('code');
    expect(err.code).toBe(3);
    expect(h.notify).toHaveBeenCalledWith('warning', 'nickname too long');
    expect(h.navigate).not.toHaveBeenCalled();
  });

  it('code 4 clears the session, shows msg and goes to login', async () => {
    setSession('tok', { nickName: 'n' });
    local.set(localKeys.lang, 'en_US');
    const h = harness(() => json({ code: 4, msg: 'please log in', data: null }, 401));
    await failure(createApiClient(h.deps).get('/x'));
    expect(local.get(localKeys.token)).toBeNull();
    expect(local.get(localKeys.userInfo)).toBeNull();
    expect(local.get(localKeys.lang)).toBe('en_US');
    expect(h.notify).toHaveBeenCalledWith('warning', 'please log in');
    expect(h.navigate).toHaveBeenCalledWith('/login');
  });

  it('code 4 on a mobile page goes to the mobile login', async () => {
    const h = harness(() => json({ code: 4, msg: 'gone', data: null }, 401));
    h.setPath('/mobile/account/assetsOverview');
    await failure(createApiClient(h.deps).get('/x'));
    expect(h.navigate).toHaveBeenCalledWith('/mobile/login');
  });

  it('code 5 shows msg and goes to the observer list', async () => {
    const h = harness(() => json({ code: 5, msg: 'link expired', data: null }, 403));
    const api = createApiClient(h.deps);
    h.setPath('/observerMode/orePoolDeviceOverview');
    await failure(api.get('/x'));
    expect(h.navigate).toHaveBeenLastCalledWith('/observerMode/observerList');
    expect(h.notify).toHaveBeenCalledWith('warning', 'link expired');
    h.advance(1000);
    h.setPath('/mobile/observerMode/orePoolRevenueSummary');
    await failure(api.get('/x'));
    expect(h.navigate).toHaveBeenLastCalledWith('/mobile/observerMode/observerList');
  });

  it('code 10 stores the returned language and reloads', async () => {
    const h = harness(() => json({ code: 10, msg: 'language not supported', data: { lang: 'zh_HK' } }, 400));
    await failure(createApiClient(h.deps).get('/x'));
    expect(local.get(localKeys.lang)).toBe('zh_HK');
    expect(h.reload).toHaveBeenCalledOnce();
  });

  it('code 10 naming the language already in use does not reload forever', async () => {
    const h = harness(() => json({ code: 10, msg: 'language not supported', data: { lang: 'en_US' } }, 400));
    await failure(createApiClient(h.deps).get('/x'));
    expect(h.reload).not.toHaveBeenCalled();
    expect(h.notify).toHaveBeenCalledWith('warning', 'language not supported');
  });

  it('other codes show msg as a warning', async () => {
    const h = harness(() => json({ code: 7, msg: 'internal error', data: null }, 500));
    const err = await failure(createApiClient(h.deps).get('/x'));
    expect(err.code).toBe(7);
    expect(h.notify).toHaveBeenCalledWith('warning', 'internal error');
  });

  it('quiet calls leave code 3 to the caller but still act on code 4', async () => {
    setSession('t', {});
    let body = { code: 3, msg: 'Wrong code', data: null };
    const h = harness(() => json(body, 400));
    const api = createApiClient(h.deps);
    const err = await failure(api.get('/pc/v1/x', undefined, { quiet: true }));
    expect(err.message).toBe('Wrong code');
    expect(err.code).toBe(3);
    expect(h.notify).not.toHaveBeenCalled();
    body = { code: 4, msg: 'Session ended', data: null };
    h.advance(2000);
    await failure(api.get('/pc/v1/x', undefined, { quiet: true }));
    expect(h.notify).toHaveBeenCalledWith('warning', 'Session ended');
    expect(h.navigate).toHaveBeenCalledWith('/login');
    expect(local.get(localKeys.token)).toBeNull();
  });

  it('silent calls only throw', async () => {
    const h = harness(() => json({ code: 4, msg: 'gone', data: null }, 401));
    setSession('tok', {});
    await failure(createApiClient(h.deps).get('/x', undefined, { silent: true }));
    expect(h.notify).not.toHaveBeenCalled();
    expect(h.navigate).not.toHaveBeenCalled();
    expect(local.get(localKeys.token)).toBe('tok');
  });
});

describe('api client: transport', () => {
  it('a network error shows the translated network message', async () => {
    const h = harness(() => {
      throw new TypeError('Failed to fetch');
    });
    const err = await failure(createApiClient(h.deps).get('/x'));
    expect(err.kind).toBe('network');
    expect(h.notify).toHaveBeenCalledWith('warning', 't:errors.network');
  });

  it('a non-JSON answer counts as a network error', async () => {
    const h = harness(() => new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    const err = await failure(createApiClient(h.deps).get('/x'));
    expect(err.kind).toBe('network');
    expect(h.notify).toHaveBeenCalledWith('warning', 't:errors.network');
  });

  it('JSON without a code counts as a network error', async () => {
    const h = harness(() => json({ hello: 'world' }));
    expect((await failure(createApiClient(h.deps).get('/x'))).kind).toBe('network');
  });

  describe('with fake timers', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('times out after 60 s with the translated timeout message', async () => {
      const h = harness(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const pending = failure(createApiClient(h.deps).get('/slow'));
      await vi.advanceTimersByTimeAsync(59_999);
      expect(h.notify).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      const err = await pending;
      expect(err.kind).toBe('timeout');
      expect(h.notify).toHaveBeenCalledWith('warning', 't:errors.timeout');
    });
  });

  it('a call cancelled by its caller says nothing', async () => {
    const h = harness(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = failure(createApiClient(h.deps).get('/x', undefined, { signal: controller.signal }));
    controller.abort();
    expect((await pending).kind).toBe('aborted');
    expect(h.notify).not.toHaveBeenCalled();
  });

  it('shows at most one message per second', async () => {
    const h = harness(() => {
      throw new TypeError('Failed to fetch');
    });
    const api = createApiClient(h.deps);
    await Promise.all([failure(api.get('/a')), failure(api.get('/b')), failure(api.get('/c'))]);
    expect(h.notify).toHaveBeenCalledTimes(1);
    h.advance(500);
    await failure(api.get('/d'));
    expect(h.notify).toHaveBeenCalledTimes(1);
    h.advance(500);
    await failure(api.get('/e'));
    expect(h.notify).toHaveBeenCalledTimes(2);
  });
});
