import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_MEDIA_TYPE } from '@muster/contract';
import { apiClient, tokenStore } from '../default-client';
import { CancelledError } from '../errors';
import { fetchTimezones, TIMEZONES_PATH } from './timezones';

/* The timezone picker's options come through the shared API client (issue 11, TODO #4). */

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': `${API_MEDIA_TYPE}; charset=utf-8` },
  });
}

const london = { name: 'Europe/London', display_text: '(GMT+00:00) London' };

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('fetchTimezones', () => {
  it('GETs /api/organisation/timezones/ in the vendor media type, with the token when signed in', async () => {
    tokenStore.set('token-1');
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      answer(200, { data: [london] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchTimezones()).resolves.toEqual([london]);
    expect(TIMEZONES_PATH).toBe('organisation/timezones/');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/organisation/timezones/');
    expect(init?.headers).toMatchObject({ Accept: API_MEDIA_TYPE, Authorization: 'Bearer token-1' });
  });

  it('tells the error hook of a 503 and rejects', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(503, { message: 'Down for maintenance.' })),
    );
    const hook = vi.fn();
    const stop = apiClient.onError(hook);
    try {
      await expect(fetchTimezones()).rejects.toMatchObject({ status: 503 });
      expect(hook).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it('rejects on an answer of the wrong shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { data: [{ name: 'Europe/London' }] })),
    );
    await expect(fetchTimezones()).rejects.toThrow();
  });

  it('is cancelled through the signal (as React Query cancels it)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            const abort = () => reject(new DOMException('Aborted', 'AbortError'));
            if (init?.signal?.aborted) {
              abort();
            }
            init?.signal?.addEventListener('abort', abort);
          }),
      ),
    );
    const controller = new AbortController();
    const pending = fetchTimezones(controller.signal);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
  });
});
