import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MEDIA_TYPE } from '@muster/contract';
import { ephemeralUploader } from '../../../lib/api/calls/files';
import { apiClient, tokenStore } from '../../../lib/api/default-client';
import { uploadFile } from './upload-file';

/*
 * The file widgets upload through the shared API client (issue 11): the same bearer token,
 * 401 renewal and retry, 503 hook and cancellation as every other call. The browser's
 * XMLHttpRequest (the client's upload transport) and fetch (its token renewal) are stood in for.
 */

type Listener = (event?: unknown) => void;

/** A stand-in for XMLHttpRequest that the test answers by hand. */
class FakeRequest {
  static all: FakeRequest[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  private listeners = new Map<string, Listener[]>();
  private uploadListeners: Listener[] = [];
  upload = {
    addEventListener: (_type: string, listener: Listener) => void this.uploadListeners.push(listener),
  };

  constructor() {
    FakeRequest.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.fire('abort');
  }
  getAllResponseHeaders() {
    return `content-type: ${API_MEDIA_TYPE}; charset=utf-8\r\n`;
  }
  progress(loaded: number, total: number) {
    this.uploadListeners.forEach((listener) => listener({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.fire('load');
  }
  private fire(type: string) {
    (this.listeners.get(type) ?? []).forEach((listener) => listener());
  }
}

const stored = {
  id: 'a1b2',
  url: '/api/files/a1b2?access=x',
  original_name: 'cv.pdf',
  file_size: 3,
  type: 'application/pdf',
};
const file = () => new File(['abc'], 'cv.pdf', { type: 'application/pdf' });

/** The nth request sent, once the client has sent it (it waits a tick for a renewal in progress). */
async function sent(index: number): Promise<FakeRequest> {
  await vi.waitFor(() => {
    if (!FakeRequest.all[index]?.body) {
      throw new Error(`request ${index} not sent yet`);
    }
  });
  return FakeRequest.all[index] as FakeRequest;
}

beforeEach(() => {
  FakeRequest.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});
afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('uploadFile (the file widgets’ uploader)', () => {
  it('is the shared client’s ephemeral uploader', () => {
    expect(uploadFile).toBe(ephemeralUploader);
  });

  it('posts multipart field `file` to /api/files?ephemeral=1 with the token, reporting progress', async () => {
    tokenStore.set('token-1');
    const onProgress = vi.fn();
    const pending = uploadFile(file(), { onProgress });
    const request = await sent(0);
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/files?ephemeral=1');
    expect(request.headers).toMatchObject({ Accept: API_MEDIA_TYPE, Authorization: 'Bearer token-1' });
    expect((request.body as FormData).get('file')).toBeInstanceOf(File);
    request.progress(2, 3);
    expect(onProgress).toHaveBeenCalledWith({ loaded: 2, total: 3 });
    request.respond(201, { data: { data: stored } });
    await expect(pending).resolves.toEqual(stored);
  });

  it('renews the token once on 401 and retries the upload', async () => {
    tokenStore.set('stale');
    const fetchMock = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ token: 'fresh' }), {
          status: 200,
          headers: { 'content-type': `${API_MEDIA_TYPE}; charset=utf-8` },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const pending = uploadFile(file(), {});
    (await sent(0)).respond(401, { message: 'You need to sign in to do that.' });
    const retry = await sent(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/api/refresh');
    expect(retry.headers.Authorization).toBe('Bearer fresh');
    retry.respond(201, { data: { data: stored } });
    await expect(pending).resolves.toEqual(stored);
  });

  it('tells the error hook of a 503 and does not retry', async () => {
    const hook = vi.fn();
    const stop = apiClient.onError(hook);
    try {
      const pending = uploadFile(file(), {});
      (await sent(0)).respond(503, { message: 'Down for maintenance.' });
      await expect(pending).rejects.toMatchObject({ status: 503 });
      expect(hook).toHaveBeenCalledTimes(1);
      expect(FakeRequest.all).toHaveLength(1);
    } finally {
      stop();
    }
  });

  it('rejects with an AbortError when the widget cancels the upload', async () => {
    const controller = new AbortController();
    const pending = uploadFile(file(), { signal: controller.signal });
    const request = await sent(0);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(request.aborted).toBe(true);
  });
});
