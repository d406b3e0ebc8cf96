import { API_BASE_PATH, API_MEDIA_TYPE } from '@muster/contract';
import { contentDispositionFileName } from './content-disposition';
import { ApiError, CancelledError, parseRetryAfter, type FieldErrors } from './errors';
import type { TokenStore } from './token-store';

/** How long requests wait between checks while a token refresh runs (platform-foundation §9). */
export const REFRESH_POLL_MS = 500;
/** How long to wait for another tab's renewed token after the server answers 409 `{retry: true}`. */
export const CONCURRENT_REFRESH_WAIT_MS = 10_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query values: arrays repeat the key, booleans become 1/0, null and undefined are left out. */
export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/** Why the error hook was told: the service is down (503) or the token could not be renewed. */
export type ApiErrorReason = 'service-unavailable' | 'refresh-failed';
export type ApiErrorHook = (error: ApiError, context: { reason: ApiErrorReason }) => void;

/**
 * How to read a successful answer: `auto` (default) parses JSON and gives text otherwise;
 * `text` and `blob` read the body as such (a PDF, a text preview); `file` reads it as a
 * {@link DownloadedFile}, a Blob with the name from Content-Disposition.
 */
export type ResponseType = 'auto' | 'text' | 'blob' | 'file';

/** A download read with `responseType: 'file'`: the body, and the name the server gave it (if any). */
export type DownloadedFile = { blob: Blob; fileName: string | null };

export type RequestOptions = {
  query?: QueryParams;
  /** JSON-encoded, except FormData, which is sent as multipart. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The caller's own abort signal; aborting rejects with {@link CancelledError}. */
  signal?: AbortSignal;
  /**
   * Cancel an earlier in-flight request with the same method and path (query ignored), so only
   * the newest answer arrives. A string gives the key explicitly.
   */
  cancelPrevious?: boolean | string;
  /**
   * Send the bearer token and renew it on 401 (default true). Sign-in calls turn this off: their
   * 401 means wrong credentials, not an expired token.
   */
  auth?: boolean;
  responseType?: ResponseType;
};

/** How far an upload has got: bytes sent of the whole request body. */
export type UploadProgress = { loaded: number; total: number };

export type UploadOptions = Omit<RequestOptions, 'body'> & {
  /** POST unless given. */
  method?: 'POST' | 'PUT';
  /** Told as the body goes out; starts again from 0 when the upload is retried after a token renewal. */
  onProgress?: (progress: UploadProgress) => void;
};

/** The part of XMLHttpRequest an upload needs (the browser's, or a stand-in in tests). */
export type XhrFactory = () => XMLHttpRequest;

export type ApiClientOptions = {
  tokenStore: TokenStore;
  /** Base of every path; default `/api/`. Tests give an absolute URL. */
  baseUrl?: string;
  onError?: ApiErrorHook;
  fetch?: typeof fetch;
  /** Makes the XMLHttpRequest uploads go through (only it reports upload progress); default the global one. */
  xhr?: XhrFactory;
  refreshPollMs?: number;
  concurrentRefreshWaitMs?: number;
};

export type ApiClient = {
  request: <T>(method: HttpMethod, path: string, options?: RequestOptions) => Promise<T>;
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => Promise<T>;
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => Promise<T>;
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => Promise<T>;
  delete: <T>(path: string, options?: RequestOptions) => Promise<T>;
  /**
   * Sends `body` as multipart with upload progress, under the same rules as every other call:
   * bearer token, one renewal and retry on 401, 503 to the error hook, cancellation through
   * `signal` (rejecting with {@link CancelledError}).
   */
  upload: <T>(path: string, body: FormData, options?: UploadOptions) => Promise<T>;
  /** Adds an error-hook listener; returns the function that removes it. */
  onError: (hook: ApiErrorHook) => () => void;
  /** The absolute or root-relative URL a path resolves to. */
  url: (path: string, query?: QueryParams) => string;
};

/** Joins `path` to the base (a leading slash on `path` is still relative to the base). */
function joinUrl(baseUrl: string, path: string, query?: QueryParams): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const url = base + path.replace(/^\/+/, '');
  const search = query ? serialiseQuery(query) : '';
  if (!search) {
    return url;
  }
  return url + (url.includes('?') ? '&' : '?') + search;
}

/** Query object to `a=1&b=x`; see {@link QueryValue}. */
export function serialiseQuery(query: QueryParams): string {
  const params = new URLSearchParams();
  const append = (key: string, value: QueryValue) => {
    if (value === null || value === undefined) {
      return;
    }
    params.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  };
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      for (const item of value as readonly QueryValue[]) {
        append(key, item);
      }
    } else {
      append(key, value as QueryValue);
    }
  }
  return params.toString();
}

/** Resolves after `ms`, or rejects with CancelledError as soon as `signal` aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CancelledError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function readBody(response: Response, responseType: ResponseType = 'auto'): Promise<unknown> {
  if (response.status === 204 || response.status === 205) {
    return undefined;
  }
  if (responseType === 'blob') {
    return response.blob();
  }
  if (responseType === 'file') {
    const file: DownloadedFile = {
      blob: await response.blob(),
      fileName: contentDispositionFileName(response.headers.get('content-disposition')),
    };
    return file;
  }
  const text = await response.text();
  if (responseType === 'text') {
    return text;
  }
  if (text === '') {
    return undefined;
  }
  const type = response.headers.get('content-type');
  // No type at all (an XMLHttpRequest stand-in, a bare proxy answer): JSON if it parses.
  if (type === null || type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Sends one request and answers its response; fetch, or XMLHttpRequest for uploads. */
type Transport = (url: string, init: RequestInit & { headers: Record<string, string> }) => Promise<Response>;

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** `getAllResponseHeaders()` text to Headers; a stand-in without the method gives none. */
function xhrHeaders(request: XMLHttpRequest): Headers {
  const headers = new Headers();
  const raw = typeof request.getAllResponseHeaders === 'function' ? request.getAllResponseHeaders() : '';
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      try {
        headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      } catch {
        // A header the Headers class refuses is of no use to the client either.
      }
    }
  }
  return headers;
}

/**
 * A transport over XMLHttpRequest, which (unlike fetch) reports upload progress. Network failures
 * reject with a TypeError and aborts with an AbortError, as fetch's do, so the client treats both
 * transports alike.
 */
function xhrTransport(makeXhr: XhrFactory, onProgress?: (progress: UploadProgress) => void): Transport {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const { signal } = init;
      if (signal?.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      const request = makeXhr();
      request.open(init.method ?? 'POST', url);
      for (const [name, value] of Object.entries(init.headers)) {
        request.setRequestHeader(name, value);
      }
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) {
          onProgress?.({ loaded: event.loaded, total: event.total });
        }
      });
      const onAbort = () => request.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);
      request.addEventListener('load', () => {
        settle();
        const { status } = request;
        if (status < 200 || status > 599) {
          reject(new TypeError(`The upload ended with status ${status}.`));
          return;
        }
        try {
          // Bytes rather than a string, so that Response adds no Content-Type of its own.
          const body = NULL_BODY_STATUSES.has(status) ? null : new TextEncoder().encode(request.responseText ?? '');
          resolve(new Response(body, { status, headers: xhrHeaders(request) }));
        } catch (error) {
          reject(new TypeError('The upload answer could not be read.', { cause: error }));
        }
      });
      request.addEventListener('error', () => {
        settle();
        reject(new TypeError('The upload did not reach the server.'));
      });
      request.addEventListener('timeout', () => {
        settle();
        reject(new TypeError('The upload timed out.'));
      });
      request.addEventListener('abort', () => {
        settle();
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
      });
      request.send(init.body as XMLHttpRequestBodyInit | null | undefined);
    });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldErrors(value: unknown): FieldErrors {
  if (!isRecord(value)) {
    return {};
  }
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) {
      errors[key] = messages.filter((message): message is string => typeof message === 'string');
    } else if (typeof messages === 'string') {
      errors[key] = [messages];
    }
  }
  return errors;
}

/** The typed error for a non-2xx answer, carrying the API's `{message, errors}` and Retry-After. */
async function errorFromResponse(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  const message =
    isRecord(body) && typeof body.message === 'string' && body.message !== ''
      ? body.message
      : `The request failed with status ${response.status}.`;
  return new ApiError(response.status, message, {
    errors: isRecord(body) ? fieldErrors(body.errors) : {},
    retryAfter: parseRetryAfter(response.headers.get('retry-after')),
    body,
  });
}

function networkError(cause: unknown): ApiError {
  return new ApiError(0, 'The server could not be reached. Check your connection and try again.', {
    body: cause,
  });
}

function isAbort(error: unknown): boolean {
  return (
    error instanceof CancelledError ||
    (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError')
  );
}

/**
 * The API client of platform-foundation §4 and §7: vendor media type, bearer token, one token
 * renewal and one retry on 401 (other requests wait, polling every 500 ms), 503 to the error
 * hook without retry, and per-URL cancellation of superseded requests.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { tokenStore } = options;
  const baseUrl = options.baseUrl ?? API_BASE_PATH;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const fetchTransport: Transport = (url, init) => doFetch(url, init);
  const makeXhr: XhrFactory = options.xhr ?? (() => new XMLHttpRequest());
  const pollMs = options.refreshPollMs ?? REFRESH_POLL_MS;
  const concurrentWaitMs = options.concurrentRefreshWaitMs ?? CONCURRENT_REFRESH_WAIT_MS;
  const hooks = new Set<ApiErrorHook>(options.onError ? [options.onError] : []);
  const inFlight = new Map<string, AbortController>();

  /** True while a refresh runs; other requests poll this flag (platform-foundation §4). */
  let refreshing = false;
  /** The outcome of the latest refresh, read by requests that waited for it. */
  let lastRefreshError: ApiError | null = null;

  const tell = (error: ApiError, reason: ApiErrorReason) => {
    for (const hook of [...hooks]) {
      try {
        hook(error, { reason });
      } catch {
        // A broken listener must not change the outcome of the request.
      }
    }
  };

  const waitWhileRefreshing = async (signal?: AbortSignal) => {
    while (refreshing) {
      await sleep(pollMs, signal);
    }
  };

  /** Waits for the stored token to differ from `stale` (renewed by another tab or request). */
  const waitForNewToken = async (stale: string): Promise<boolean> => {
    const deadline = Date.now() + concurrentWaitMs;
    while (Date.now() < deadline) {
      await sleep(pollMs);
      const current = tokenStore.get();
      if (current !== null && current !== stale) {
        return true;
      }
    }
    return false;
  };

  /** Renews `stale` once; stores the new token, or tells the hook and throws. */
  const refresh = async (stale: string): Promise<void> => {
    refreshing = true;
    lastRefreshError = null;
    try {
      let response: Response;
      try {
        response = await doFetch(joinUrl(baseUrl, 'auth/api/refresh'), {
          method: 'POST',
          headers: { Accept: API_MEDIA_TYPE, 'Content-Type': 'application/json' },
          body: JSON.stringify({ token: stale, minimal: true }),
        });
      } catch (cause) {
        throw networkError(cause);
      }
      if (response.status === 409) {
        const body = await readBody(response).catch(() => undefined);
        // Another tab renewed the same token first; its new token reaches us through storage.
        if (isRecord(body) && body.retry === true && (await waitForNewToken(stale))) {
          return;
        }
        throw new ApiError(409, 'Your sign-in could not be renewed. Please sign in again.', { body });
      }
      if (!response.ok) {
        throw await errorFromResponse(response);
      }
      const body = await readBody(response);
      if (!isRecord(body) || typeof body.token !== 'string' || body.token === '') {
        throw new ApiError(response.status, 'The renewed sign-in token was missing from the answer.', { body });
      }
      tokenStore.set(body.token);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : networkError(error);
      lastRefreshError = apiError;
      if (apiError.status === 401 || apiError.status === 403 || apiError.status === 409) {
        // The old token is dead: keep no token that can only ever fail.
        if (tokenStore.get() === stale) {
          tokenStore.clear();
        }
      }
      tell(apiError, 'refresh-failed');
      throw apiError;
    } finally {
      refreshing = false;
    }
  };

  /**
   * After a 401 answered to `stale`: makes sure a newer token is stored (renewing it at most once
   * across concurrent requests) or throws the reason it cannot be.
   */
  const renewAfter401 = async (stale: string, unauthorised: ApiError, signal: AbortSignal) => {
    if (refreshing) {
      await waitWhileRefreshing(signal);
    }
    const current = tokenStore.get();
    if (current !== null && current !== stale) {
      return;
    }
    if (lastRefreshError && current === null) {
      // The refresh this request waited for failed; the refresher already told the hook.
      throw lastRefreshError;
    }
    if (current === null) {
      throw unauthorised;
    }
    await refresh(stale);
  };

  const send = async <T>(
    method: HttpMethod,
    path: string,
    requestOptions: RequestOptions,
    signal: AbortSignal,
    isRetry: boolean,
    transport: Transport,
  ): Promise<T> => {
    const useAuth = requestOptions.auth !== false;
    if (useAuth) {
      await waitWhileRefreshing(signal);
    }
    const token = useAuth ? tokenStore.get() : null;
    const headers: Record<string, string> = { Accept: API_MEDIA_TYPE, ...requestOptions.headers };
    if (token) {
      headers.Authorization = `Bearer ${token}`;
    }
    let body: BodyInit | undefined;
    if (requestOptions.body instanceof FormData) {
      // fetch writes the multipart boundary itself.
      body = requestOptions.body;
    } else if (requestOptions.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(requestOptions.body);
    }

    let response: Response;
    try {
      response = await transport(joinUrl(baseUrl, path, requestOptions.query), { method, headers, body, signal });
    } catch (error) {
      if (signal.aborted || isAbort(error)) {
        throw new CancelledError();
      }
      throw networkError(error);
    }

    if (response.status === 401 && useAuth && token !== null && !isRetry) {
      const unauthorised = await errorFromResponse(response);
      await renewAfter401(token, unauthorised, signal);
      return send<T>(method, path, requestOptions, signal, true, transport);
    }
    if (!response.ok) {
      const error = await errorFromResponse(response);
      if (response.status === 503) {
        tell(error, 'service-unavailable');
      }
      throw error;
    }
    try {
      return (await readBody(response, requestOptions.responseType)) as T;
    } catch (error) {
      if (signal.aborted || isAbort(error)) {
        throw new CancelledError();
      }
      throw networkError(error);
    }
  };

  const request = async <T>(
    method: HttpMethod,
    path: string,
    requestOptions: RequestOptions = {},
    transport: Transport = fetchTransport,
  ): Promise<T> => {
    const controller = new AbortController();
    const external = requestOptions.signal;
    const onExternalAbort = () => controller.abort(new CancelledError());
    if (external?.aborted) {
      throw new CancelledError();
    }
    external?.addEventListener('abort', onExternalAbort, { once: true });

    let key: string | null = null;
    if (requestOptions.cancelPrevious) {
      key =
        typeof requestOptions.cancelPrevious === 'string'
          ? requestOptions.cancelPrevious
          : `${method} ${joinUrl(baseUrl, path)}`;
      inFlight.get(key)?.abort(new CancelledError('Superseded by a newer request.'));
      inFlight.set(key, controller);
    }
    try {
      return await send<T>(method, path, requestOptions, controller.signal, false, transport);
    } catch (error) {
      if (controller.signal.aborted) {
        throw error instanceof CancelledError ? error : new CancelledError();
      }
      throw error;
    } finally {
      external?.removeEventListener('abort', onExternalAbort);
      if (key !== null && inFlight.get(key) === controller) {
        inFlight.delete(key);
      }
    }
  };

  return {
    request,
    get: (path, requestOptions) => request('GET', path, requestOptions),
    post: (path, body, requestOptions) => request('POST', path, { ...requestOptions, body }),
    put: (path, body, requestOptions) => request('PUT', path, { ...requestOptions, body }),
    delete: (path, requestOptions) => request('DELETE', path, requestOptions),
    upload: (path, body, { method = 'POST', onProgress, ...uploadOptions } = {}) =>
      request(method, path, { ...uploadOptions, body }, xhrTransport(makeXhr, onProgress)),
    onError(hook) {
      hooks.add(hook);
      return () => {
        hooks.delete(hook);
      };
    },
    url: (path, query) => joinUrl(baseUrl, path, query),
  };
}
