// The one API client (SPEC.md sections 7 and 8): headers, timeout, the
// {code,msg,data} envelope and what each code does.
import { isObserverPath, loginPathFor, observerListPathFor } from '@/config/paths';
import { browserTimeZone } from './format';
import { currentLang, t as translate } from './i18n';
import { navigateTo, reloadPage } from './navigation';
import { notify as showNotice, type NoticeKind } from './notify';
import { clearSession, getObserverToken, getToken, local, localKeys } from './storage';
import { throttle } from './throttle';

/** REQUEST_TIMEOUT_MS is the timeout of every call (SPEC.md section 9). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** codes are the envelope codes the client acts on. */
export const codes = {
  ok: 0,
  warning: 3,
  loginRequired: 4,
  observerGone: 5,
  languageUnsupported: 10,
} as const;

/** Envelope is the body of every /api response. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** ApiErrorKind tells a server answer from a transport failure. */
export type ApiErrorKind = 'code' | 'network' | 'timeout' | 'aborted';

/** ApiError is thrown for every call that did not end with code 0. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code: number | null = null,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

type QueryValue = string | number | boolean | null | undefined;

/** RequestOptions shape one call. */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** signal cancels the call (TanStack Query passes one). */
  signal?: AbortSignal;
  /** silent calls show no message and move nowhere; they only throw. */
  silent?: boolean;
  /**
   * quiet calls show no message for code 3 (and other unknown codes): the
   * caller shows it beside its form. Codes 4, 5 and 10 and transport errors
   * still act as usual.
   */
  quiet?: boolean;
  /**
   * raw resolves with the body as text when the server answers a document instead of an
   * envelope (a CSV download); an envelope is an error answer and acts as usual.
   */
  raw?: boolean;
  /** headers are sent with this call on top of the client's own (the console's X-Ops-TOTP). */
  headers?: Record<string, string>;
}

/** ApiClientDeps are the outside effects of the client, replaceable in tests. */
export interface ApiClientDeps {
  fetch: typeof fetch;
  notify: (kind: NoticeKind, message: string) => void;
  navigate: (to: string) => void;
  reload: () => void;
  pathname: () => string;
  language: () => string;
  timeZone: () => string;
  t: (key: string) => string;
  timeoutMs: number;
  now: () => number;
  /** base is the prefix of every path: /api for the site, /ops/api for the operator console. */
  base?: string;
  /**
   * loginRequired acts on code 4 instead of the site's own way (drop the session, go to its
   * sign-in page): the console has its own session and sign-in page.
   */
  loginRequired?: (msg: string) => void;
  /** sendToken sends the site's x-token; the console's session is its cookie instead. */
  sendToken?: boolean;
}

const defaultDeps: ApiClientDeps = {
  fetch: (...args) => globalThis.fetch(...args),
  notify: showNotice,
  navigate: (to) => navigateTo(to, { replace: true }),
  reload: reloadPage,
  pathname: () => window.location.pathname,
  language: currentLang,
  timeZone: browserTimeZone,
  t: (key) => translate(key),
  timeoutMs: REQUEST_TIMEOUT_MS,
  now: () => Date.now(),
  base: '/api',
  sendToken: true,
};

/** buildUrl puts path under prefix (unless it is there already) with the query's set values. */
export function buildUrl(path: string, query?: Record<string, QueryValue>, prefix = '/api'): string {
  const base = path.startsWith(`${prefix}/`) ? path : `${prefix}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

/** Answer is a successful call's data with the server's message (for "operate success" toasts). */
export interface Answer<T> {
  data: T;
  msg: string;
}

/** ApiClient makes calls under /api. */
export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** send is request that also gives the server's msg of a successful answer. */
  send<T>(path: string, options?: RequestOptions): Promise<Answer<T>>;
  get<T>(path: string, query?: Record<string, QueryValue>, options?: Omit<RequestOptions, 'query' | 'method'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body' | 'method'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body' | 'method'>): Promise<T>;
  /** text GETs a document (a CSV) as text; an error answer acts like any call's. */
  text(path: string, query?: Record<string, QueryValue>, options?: Omit<RequestOptions, 'query' | 'method' | 'raw'>): Promise<string>;
}

/** createApiClient builds a client; the app uses the shared `api`, tests pass their own deps. */
export function createApiClient(overrides: Partial<ApiClientDeps> = {}): ApiClient {
  const deps: ApiClientDeps = { ...defaultDeps, ...overrides };
  // One message per second at most, whatever goes wrong how often (SPEC.md section 8).
  const say = throttle((kind: NoticeKind, message: string) => deps.notify(kind, message), 1000, deps.now);

  function tokenFor(pathname: string): string {
    if (isObserverPath(pathname)) return getObserverToken() ?? '';
    return getToken() ?? '';
  }

  function onCode<T>(envelope: Envelope<T>, language: string, quiet: boolean): never {
    const pathname = deps.pathname();
    const msg = envelope.msg || '';
    switch (envelope.code) {
      case codes.loginRequired:
        if (deps.loginRequired) {
          deps.loginRequired(msg);
          break;
        }
        clearSession();
        if (msg) say('warning', msg);
        deps.navigate(loginPathFor(pathname));
        break;
      case codes.observerGone:
        if (msg) say('warning', msg);
        deps.navigate(observerListPathFor(pathname));
        break;
      case codes.languageUnsupported: {
        const lang = (envelope.data as { lang?: unknown } | null)?.lang;
        // Reload only into a different language, or a server that insists would loop.
        if (typeof lang === 'string' && lang !== '' && lang !== language) {
          local.set(localKeys.lang, lang);
          deps.reload();
        } else if (msg) {
          say('warning', msg);
        }
        break;
      }
      default:
        // Code 3 and every other code: the server's message, as a warning.
        if (msg && !quiet) say('warning', msg);
    }
    throw new ApiError('code', msg, envelope.code, envelope.data);
  }

  async function send<T>(path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const { method = 'GET', query, body, signal, silent = false, quiet = false, raw = false } = options;
    const language = deps.language();
    const headers: Record<string, string> = {
      ...(deps.sendToken !== false ? { 'x-token': tokenFor(deps.pathname()) } : {}),
      language,
      timezone: deps.timeZone(),
      'Content-Type': 'application/json',
      ...options.headers,
    };
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, deps.timeoutMs);
    const onOuterAbort = () => controller.abort();
    if (signal) {
      if (signal.aborted) controller.abort();
      else signal.addEventListener('abort', onOuterAbort, { once: true });
    }

    const fail = (kind: 'network' | 'timeout', key: string): never => {
      const message = deps.t(key);
      if (!silent) say('warning', message);
      throw new ApiError(kind, message);
    };

    let envelope: unknown;
    try {
      const res = await deps.fetch(buildUrl(path, query, deps.base), {
        method,
        headers,
        body: body === undefined || method === 'GET' ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
      const text = await res.text();
      if (raw && res.ok && !(res.headers.get('Content-Type') ?? '').includes('json')) {
        return { data: text as T, msg: '' };
      }
      try {
        envelope = JSON.parse(text);
      } catch {
        envelope = undefined;
      }
    } catch (err) {
      if (timedOut) return fail('timeout', 'errors.timeout');
      if (signal?.aborted) throw new ApiError('aborted', 'aborted');
      if (err instanceof DOMException && err.name === 'AbortError') return fail('timeout', 'errors.timeout');
      return fail('network', 'errors.network');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onOuterAbort);
    }

    if (!isEnvelope(envelope)) return fail('network', 'errors.network');
    if (envelope.code === codes.ok) return { data: envelope.data as T, msg: envelope.msg || '' };
    if (silent) throw new ApiError('code', envelope.msg || '', envelope.code, envelope.data);
    return onCode(envelope, language, quiet);
  }

  const request = <T,>(path: string, options?: RequestOptions): Promise<T> =>
    send<T>(path, options).then((answer) => answer.data);

  return {
    request,
    send,
    get: (path, query, options) => request(path, { ...options, method: 'GET', query }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    text: (path, query, options) => request<string>(path, { ...options, method: 'GET', query, raw: true }),
  };
}

/** api is the client the app uses. */
export const api = createApiClient();

/** errorMessage gives the text to show for a failed call (the server's msg, or the transport message). */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return typeof err === 'string' ? err : '';
}
