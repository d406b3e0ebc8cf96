import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_MEDIA_TYPE } from '@muster/contract';
import { fetchTimezones, TIMEZONES_PATH } from './fetch-timezones';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': `${API_MEDIA_TYPE}; charset=utf-8` } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchTimezones', () => {
  it('GETs /api/organisation/timezones/ in the vendor media type and returns data', async () => {
    const fetchMock = vi.fn(async () => answer(200, { data: [{ name: 'Europe/London', display_text: '(GMT+00:00) London' }] }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(fetchTimezones()).resolves.toEqual([{ name: 'Europe/London', display_text: '(GMT+00:00) London' }]);
    expect(TIMEZONES_PATH).toBe('/api/organisation/timezones/');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/organisation/timezones/',
      expect.objectContaining({ headers: { Accept: API_MEDIA_TYPE } }),
    );
  });

  it('fails on an error status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(500, { message: 'Something went wrong on our side.' })));
    await expect(fetchTimezones()).rejects.toThrow('HTTP 500');
  });

  it('fails on an answer of the wrong shape', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(200, { data: [{ name: 'Europe/London' }] })));
    await expect(fetchTimezones()).rejects.toThrow();
  });
});
