import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MEDIA_TYPE, catalogue, type Attachment } from '@muster/contract';
import { ephemeralUploader, uploadEphemeralFile } from './calls/files';
import { createCatalogueApi } from './catalogue-api';
import { createApiClient, type ApiClient, type ApiErrorHook, type UploadProgress } from './client';
import { ApiError, CancelledError } from './errors';
import { createTokenStore, type TokenStore } from './token-store';

/*
 * Uploads through the API client, in jsdom: its XMLHttpRequest really sends to a local server
 * (cross-origin, hence the CORS headers) and reports upload progress, as a browser's does.
 */

type Seen = {
  method: string;
  url: string;
  authorization: string | undefined;
  type: string | undefined;
  body: Buffer;
};
type Handler = (request: IncomingMessage, response: ServerResponse, body: Buffer) => void | Promise<void>;

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, accept, content-type, idempotency-key',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
  'Access-Control-Expose-Headers': 'Retry-After',
};

let server: Server;
let origin: string;
let handler: Handler;
let seen: Seen[];

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { ...CORS, 'Content-Type': `${API_MEDIA_TYPE}; charset=utf-8`, ...headers });
  response.end(JSON.stringify(body));
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        type: request.headers['content-type'],
        body,
      });
      void Promise.resolve(handler(request, response, body)).catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let tokens: TokenStore;
let hook: ReturnType<typeof vi.fn<ApiErrorHook>>;
let client: ApiClient;

beforeEach(() => {
  seen = [];
  tokens = createTokenStore({ storage: null });
  hook = vi.fn<ApiErrorHook>();
  client = createApiClient({ tokenStore: tokens, baseUrl: `${origin}/api/`, onError: hook });
});

const stored: Attachment = {
  id: 'f-1',
  url: '/api/files/f-1',
  original_name: 'cv.pdf',
  file_size: 100_000,
  type: 'application/pdf',
};
const uploads = () => seen.filter((entry) => entry.url.startsWith('/api/files'));
const refreshes = () => seen.filter((entry) => entry.url === '/api/auth/api/refresh');
const bigFile = () => new File(['x'.repeat(100_000)], 'cv.pdf', { type: 'application/pdf' });
const form = () => {
  const body = new FormData();
  body.append('file', bigFile(), 'cv.pdf');
  return body;
};

describe('ApiClient.upload', () => {
  it('sends multipart with the token and the vendor media type, reporting progress, and answers the body', async () => {
    tokens.set('abc');
    handler = (_request, response) => json(response, 201, { data: { data: stored } });
    const progress: UploadProgress[] = [];
    const answer = await client.upload('files', form(), {
      query: { ephemeral: 1 },
      onProgress: (event) => progress.push(event),
    });
    expect(answer).toEqual({ data: { data: stored } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/files?ephemeral=1',
      authorization: 'Bearer abc',
    });
    expect(seen[0]!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]!.body.toString('latin1')).toContain('name="file"; filename="cv.pdf"');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)!.loaded).toBe(progress.at(-1)!.total);
    expect(progress.at(-1)!.total).toBeGreaterThan(100_000);
  });

  it('renews the token once on 401 and sends the upload again with the new one', async () => {
    tokens.set('old');
    handler = (request, response, body) => {
      if (request.url === '/api/auth/api/refresh') {
        expect(JSON.parse(body.toString('utf8'))).toEqual({ token: 'old', minimal: true });
        json(response, 200, { token: 'new' });
      } else if (request.headers.authorization === 'Bearer new') {
        json(response, 201, { data: { data: stored } });
      } else {
        json(response, 401, { message: 'Unauthenticated.' });
      }
    };
    const progress: UploadProgress[] = [];
    await expect(
      client.upload('files', form(), {
        query: { ephemeral: 1 },
        onProgress: (event) => progress.push(event),
      }),
    ).resolves.toEqual({ data: { data: stored } });
    expect(uploads().map((entry) => entry.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(uploads()[1]!.body.toString('latin1')).toContain('filename="cv.pdf"');
    expect(refreshes()).toHaveLength(1);
    expect(tokens.get()).toBe('new');
    expect(progress.length).toBeGreaterThan(0);
    expect(hook).not.toHaveBeenCalled();
  });

  it('tells the error hook about a 503 without retrying, and rejects with the API error', async () => {
    tokens.set('abc');
    handler = (_request, response) =>
      json(response, 503, { message: 'Down for maintenance.' }, { 'Retry-After': '30' });
    const error = await client.upload('files', form()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, message: 'Down for maintenance.', retryAfter: 30 });
    expect(seen).toHaveLength(1);
    expect(hook).toHaveBeenCalledTimes(1);
    expect(hook.mock.calls[0]![1]).toEqual({ reason: 'service-unavailable' });
  });

  it('rejects with the API error and its field errors on 422', async () => {
    handler = (_request, response) =>
      json(response, 415, {
        message: 'This type of file is not accepted.',
        errors: { file: ['Not accepted.'] },
      });
    await expect(client.upload('files', form())).rejects.toMatchObject({
      status: 415,
      message: 'This type of file is not accepted.',
      errors: { file: ['Not accepted.'] },
    });
  });

  it("is cancelled by the caller's signal, rejecting with CancelledError", async () => {
    let closedEarly = false;
    handler = async (_request, response) => {
      response.on('close', () => {
        closedEarly = !response.writableEnded;
      });
      await delay(400);
      if (!response.destroyed) {
        json(response, 201, { data: { data: stored } });
      }
    };
    const controller = new AbortController();
    const pending = client.upload('files', form(), { signal: controller.signal });
    await delay(100);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    await delay(400);
    expect(closedEarly).toBe(true);
  });

  it('rejects at once when the signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(client.upload('files', form(), { signal: controller.signal })).rejects.toBeInstanceOf(
      CancelledError,
    );
    expect(seen).toHaveLength(0);
  });

  it('reports a server that cannot be reached as an ApiError with status 0', async () => {
    const offline = createApiClient({ tokenStore: tokens, baseUrl: 'http://127.0.0.1:1/api/' });
    await expect(offline.upload('files', form())).rejects.toMatchObject({ status: 0 });
  });
});

describe('uploads through the typed client', () => {
  it('store with FormData and onProgress goes out as an upload', async () => {
    handler = (_request, response) => json(response, 201, { data: { id: 3 } });
    const progress: UploadProgress[] = [];
    const api = createCatalogueApi(client, catalogue);
    await expect(
      api.users.files.store({ userId: 5 }, form(), { onProgress: (event) => progress.push(event) }),
    ).resolves.toEqual({ data: { id: 3 } });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/users/5/files/' });
    expect(progress.length).toBeGreaterThan(0);
  });
});

describe('uploadEphemeralFile', () => {
  it('posts the file as field `file` to files?ephemeral=1 and answers the stored attachment', async () => {
    handler = (_request, response) => json(response, 201, { data: { data: stored } });
    const progress: UploadProgress[] = [];
    await expect(
      uploadEphemeralFile(bigFile(), { onProgress: (event) => progress.push(event) }, client),
    ).resolves.toEqual(stored);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/files?ephemeral=1' });
    expect(seen[0]!.body.toString('latin1')).toContain('name="file"; filename="cv.pdf"');
    expect(progress.length).toBeGreaterThan(0);
  });

  it('refuses an answer that does not describe a file', async () => {
    handler = (_request, response) => json(response, 201, { data: { nothing: true } });
    await expect(uploadEphemeralFile(bigFile(), {}, client)).rejects.toMatchObject({
      message: 'The upload answer did not describe a file.',
    });
  });

  it('as the widgets’ uploader, names a cancelled upload AbortError as the widgets expect', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await ephemeralUploader(bigFile(), { signal: controller.signal }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
