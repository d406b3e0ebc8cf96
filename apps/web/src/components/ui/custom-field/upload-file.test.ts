import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MEDIA_TYPE } from '@muster/contract';
import { tokenStore } from '../../../lib/api';
import { EPHEMERAL_UPLOAD_URL, UploadError, uploadFile } from './upload-file';

/** A stand-in for the browser's XMLHttpRequest that the test answers by hand. */
class FakeRequest {
  static last: FakeRequest | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  private listeners = new Map<string, Array<() => void>>();
  private uploadListeners: Array<
    (event: { lengthComputable: boolean; loaded: number; total: number }) => void
  > = [];
  upload = {
    addEventListener: (
      _type: string,
      listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void,
    ) => {
      this.uploadListeners.push(listener);
    },
  };

  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.fire('abort');
  }
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners) {
      listener({ lengthComputable: true, loaded, total });
    }
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.fire('load');
  }
  fail() {
    this.fire('error');
  }
  private fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener();
    }
  }
}

const stored = {
  id: 'a1b2',
  url: '/api/files/a1b2',
  original_name: 'cv.pdf',
  file_size: 3,
  type: 'application/pdf',
};
const file = () => new File(['abc'], 'cv.pdf', { type: 'application/pdf' });
const request = () => {
  if (!FakeRequest.last) {
    throw new Error('no request was made');
  }
  return FakeRequest.last;
};

beforeEach(() => {
  FakeRequest.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});
afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('uploadFile', () => {
  it('posts the file as multipart field `file` to the ephemeral upload address and answers the stored file', async () => {
    const result = uploadFile(file());
    expect(request().method).toBe('POST');
    expect(request().url).toBe(EPHEMERAL_UPLOAD_URL);
    expect(EPHEMERAL_UPLOAD_URL).toBe('/api/files?ephemeral=1');
    expect(request().headers.Accept).toBe(API_MEDIA_TYPE);
    expect(request().headers.Authorization).toBeUndefined();
    const body = request().body as FormData;
    expect((body.get('file') as File).name).toBe('cv.pdf');
    request().respond(201, { data: { data: stored } });
    await expect(result).resolves.toEqual(stored);
  });

  it('sends the sign-in token when there is one', () => {
    tokenStore.set('token-123');
    void uploadFile(file()).catch(() => undefined);
    expect(request().headers.Authorization).toBe('Bearer token-123');
  });

  it('reports upload progress', () => {
    const onProgress = vi.fn();
    void uploadFile(file(), { onProgress }).catch(() => undefined);
    request().progress(1, 3);
    expect(onProgress).toHaveBeenCalledWith({ loaded: 1, total: 3 });
  });

  it("rejects with the server's message when it refuses the file", async () => {
    const result = uploadFile(file());
    request().respond(415, { message: 'This type of file is not accepted.' });
    await expect(result).rejects.toEqual(new UploadError('This type of file is not accepted.', 415));
  });

  it('rejects when the answer does not describe a file', async () => {
    const result = uploadFile(file());
    request().respond(201, { data: { id: 1 } });
    await expect(result).rejects.toBeInstanceOf(UploadError);
  });

  it('rejects when the request does not reach the server', async () => {
    const result = uploadFile(file());
    request().fail();
    await expect(result).rejects.toMatchObject({ status: 0 });
  });

  it('aborts the request when the signal aborts', async () => {
    const controller = new AbortController();
    const result = uploadFile(file(), { signal: controller.signal });
    controller.abort();
    expect(request().aborted).toBe(true);
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
  });
});
