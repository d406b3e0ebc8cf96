// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_MEDIA_TYPE } from '@muster/contract';
import { createApiClient, type ApiClient, type ApiErrorHook } from './client';
import { ApiError, CancelledError, isCancelledError } from './errors';
import { createResource } from './resource';
import { createTokenStore, type TokenStore } from './token-store';

type Seen = { method: string; url: string; authorization: string | undefined; accept: string | undefined; at: number };
type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void | Promise<void>;

let server: Server;
let origin: string;
let handler: Handler;
let seen: Seen[];

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'Content-Type': `${API_MEDIA_TYPE}; charset=utf-8`, ...headers });
  response.end(JSON.stringify(body));
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        accept: request.headers.accept,
        at: Date.now(),
      });
      void Promise.resolve(handler(request, response, Buffer.concat(chunks).toString('utf8'))).catch(() => {
        response.destroy();
      });
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

afterEach(() => {
  vi.restoreAllMocks();
});

const refreshes = () => seen.filter((entry) => entry.url === '/api/auth/api/refresh');
const calls = (url: string) => seen.filter((entry) => entry.url === url);

describe('conventions', () => {
  it('sends the vendor media type and the bearer token, relative to /api/', async () => {
    tokens.set('abc');
    handler = (_request, response) => json(response, 200, { data: { ok: true } });
    await expect(client.get('heartbeat/')).resolves.toEqual({ data: { ok: true } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/api/heartbeat/',
      authorization: 'Bearer abc',
      accept: 'application/vnd.muster.v3+json',
    });
  });

  it('sends no Authorization header when signed out', async () => {
    handler = (_request, response) => json(response, 200, {});
    await client.get('things/');
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it('rejects with a typed ApiError carrying message, field errors and Retry-After', async () => {
    handler = (request, response) => {
      if (request.url === '/api/form') {
        json(response, 422, { message: 'The given data was invalid.', errors: { 'addresses.0.street': ['Street is required'] } });
      } else {
        json(response, 429, { message: 'Too many attempts.' }, { 'Retry-After': '42' });
      }
    };
    const invalid = await client.post('form', { a: 1 }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(ApiError);
    expect(invalid).toMatchObject({
      status: 422,
      message: 'The given data was invalid.',
      errors: { 'addresses.0.street': ['Street is required'] },
      retryAfter: null,
    });
    const limited = await client.post('limited', {}).catch((error: unknown) => error);
    expect(limited).toMatchObject({ status: 429, message: 'Too many attempts.', retryAfter: 42 });
  });
});

describe('token renewal', () => {
  /** 401 to the old token, 200 to the new one; the refresh takes `refreshMs`. */
  function renewingServer(refreshMs: number) {
    handler = async (request, response, body) => {
      if (request.url === '/api/auth/api/refresh') {
        expect(JSON.parse(body)).toEqual({ token: 'old', minimal: true });
        await delay(refreshMs);
        json(response, 200, { token: 'new' });
        return;
      }
      if (request.headers.authorization === 'Bearer new') {
        json(response, 200, { data: request.url });
      } else {
        json(response, 401, { message: 'Unauthenticated.' });
      }
    };
  }

  it('five requests that all get 401 cause exactly one refresh, then each is retried once', async () => {
    tokens.set('old');
    renewingServer(150);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => client.get(`items/${n}`)));
    expect(answers).toEqual([1, 2, 3, 4, 5].map((n) => ({ data: `/api/items/${n}` })));
    expect(refreshes()).toHaveLength(1);
    for (const n of [1, 2, 3, 4, 5]) {
      expect(calls(`/api/items/${n}`).map((entry) => entry.authorization)).toEqual(['Bearer old', 'Bearer new']);
    }
    expect(tokens.get()).toBe('new');
    expect(hook).not.toHaveBeenCalled();
  });

  it('holds a request issued during the refresh until it finishes, checking every 500 ms', async () => {
    tokens.set('old');
    renewingServer(200);
    const first = client.get('items/1');
    await delay(100);
    const issuedAt = Date.now();
    const second = client.get('items/2');
    await Promise.all([first, second]);
    const refreshAnsweredBy = refreshes()[0]!.at + 200;
    const waited = calls('/api/items/2');
    // Never sent with the old token: it waited for the renewal.
    expect(waited.map((entry) => entry.authorization)).toEqual(['Bearer new']);
    expect(waited[0]!.at).toBeGreaterThanOrEqual(refreshAnsweredBy - 5);
    // The waiting is a 500 ms poll, not an immediate hand-over.
    expect(waited[0]!.at - issuedAt).toBeGreaterThanOrEqual(490);
    expect(refreshes()).toHaveLength(1);
  });

  it('retries only once: a second 401 rejects without another refresh', async () => {
    tokens.set('old');
    handler = (request, response) => {
      if (request.url === '/api/auth/api/refresh') {
        json(response, 200, { token: 'new' });
      } else {
        json(response, 401, { message: 'Unauthenticated.' });
      }
    };
    const error = await client.get('items/1').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401 });
    expect(calls('/api/items/1')).toHaveLength(2);
    expect(refreshes()).toHaveLength(1);
  });

  it('a failed refresh tells the error hook and rejects every waiting request', async () => {
    tokens.set('old');
    handler = async (request, response) => {
      if (request.url === '/api/auth/api/refresh') {
        await delay(100);
        json(response, 401, { message: 'Your session has expired.' });
      } else {
        json(response, 401, { message: 'Unauthenticated.' });
      }
    };
    const results = await Promise.allSettled([client.get('items/1'), client.get('items/2')]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toMatchObject({ status: 401, message: 'Your session has expired.' });
    }
    expect(refreshes()).toHaveLength(1);
    expect(hook).toHaveBeenCalledTimes(1);
    expect(hook.mock.calls[0]![1]).toEqual({ reason: 'refresh-failed' });
    expect(hook.mock.calls[0]![0]).toBeInstanceOf(ApiError);
    // No retry went out after the failure, and the dead token is gone.
    expect(calls('/api/items/1')).toHaveLength(1);
    expect(tokens.get()).toBeNull();
  });

  it('on 409 {retry: true} waits for the token another tab stored and retries with it', async () => {
    tokens.set('old');
    handler = (request, response) => {
      if (request.url === '/api/auth/api/refresh') {
        json(response, 409, { message: 'A concurrent refresh won.', retry: true });
        // The other tab stores its renewed token a moment later.
        setTimeout(() => tokens.set('new'), 300);
      } else if (request.headers.authorization === 'Bearer new') {
        json(response, 200, { data: 'fresh' });
      } else {
        json(response, 401, { message: 'Unauthenticated.' });
      }
    };
    await expect(client.get('items/1')).resolves.toEqual({ data: 'fresh' });
    expect(refreshes()).toHaveLength(1);
    expect(hook).not.toHaveBeenCalled();
  });

  it('never refreshes for a call made without auth (sign-in answers 401 for wrong credentials)', async () => {
    tokens.set('old');
    handler = (_request, response) => json(response, 401, { message: 'Username or password do not match our records.' });
    const error = await client.post('auth/api/', { email: 'a@b.c' }, { auth: false }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, message: 'Username or password do not match our records.' });
    expect(refreshes()).toHaveLength(0);
    expect(seen[0]?.authorization).toBeUndefined();
  });
});

describe('503', () => {
  it('goes to the error hook and is not retried', async () => {
    tokens.set('abc');
    handler = (_request, response) => json(response, 503, { message: 'Down for maintenance.' }, { 'Retry-After': '30' });
    const error = await client.get('items/').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 503, message: 'Down for maintenance.', retryAfter: 30 });
    expect(seen).toHaveLength(1);
    expect(hook).toHaveBeenCalledTimes(1);
    expect(hook.mock.calls[0]![1]).toEqual({ reason: 'service-unavailable' });
  });

  it('reaches listeners added later through onError, until removed', async () => {
    handler = (_request, response) => json(response, 503, { message: 'Down.' });
    const listener = vi.fn<ApiErrorHook>();
    const remove = client.onError(listener);
    await client.get('a').catch(() => undefined);
    remove();
    await client.get('a').catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('cancellation', () => {
  it('a newer request to the same URL cancels the earlier one, which rejects with CancelledError and is dropped', async () => {
    let closedEarly = 0;
    handler = async (request, response) => {
      const query = new URL(request.url ?? '', origin).searchParams.get('start_date');
      response.on('close', () => {
        if (!response.writableEnded) {
          closedEarly += 1;
        }
      });
      await delay(query === '2025-01-01' ? 300 : 50);
      if (!response.destroyed) {
        json(response, 200, { data: query });
      }
    };
    const earlier = client.get('teams/1/availability', { query: { start_date: '2025-01-01' }, cancelPrevious: true });
    await delay(50);
    const newer = client.get('teams/1/availability', { query: { start_date: '2025-02-01' }, cancelPrevious: true });
    const [first, second] = await Promise.allSettled([earlier, newer]);
    expect(first.status).toBe('rejected');
    expect((first as PromiseRejectedResult).reason).toBeInstanceOf(CancelledError);
    expect(isCancelledError((first as PromiseRejectedResult).reason)).toBe(true);
    expect(second).toEqual({ status: 'fulfilled', value: { data: '2025-02-01' } });
    await delay(300);
    expect(closedEarly).toBe(1);
  });

  it('does not cancel unless the call opts in, nor across different URLs', async () => {
    handler = async (request, response) => {
      await delay(100);
      json(response, 200, { data: request.url });
    };
    const results = await Promise.allSettled([
      client.get('a'),
      client.get('a'),
      client.get('b', { cancelPrevious: true }),
      client.get('c', { cancelPrevious: true }),
    ]);
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
  });

  it("rejects with CancelledError when the caller's signal aborts", async () => {
    handler = async (_request, response) => {
      await delay(300);
      if (!response.destroyed) {
        json(response, 200, {});
      }
    };
    const controller = new AbortController();
    const pending = client.get('slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
  });
});

describe('generic resource operations', () => {
  it('maps index/show/store/update/del to the routes and methods of platform-foundation §7', async () => {
    const received: { method: string; url: string; type: string | undefined; body: string }[] = [];
    handler = (request, response, body) => {
      received.push({ method: request.method ?? '', url: request.url ?? '', type: request.headers['content-type'], body });
      if (request.method === 'DELETE') {
        response.writeHead(204).end();
        return;
      }
      json(response, 200, { data: [] });
    };
    const users = createResource<{ id: number; name: string }>(client, 'users/');
    await users.index({ include: ['roles.team', 'addresses'], page: 2, active: true, skip: undefined });
    await users.show(3);
    await users.store({ name: 'Ann' });
    const form = new FormData();
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    await users.store(form);
    await users.update(3, { name: 'Bea' });
    await expect(users.del(3)).resolves.toBeUndefined();
    expect(received.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/users/?include=roles.team&include=addresses&page=2&active=1',
      'GET /api/users/3',
      'POST /api/users/',
      'POST /api/users/',
      'PUT /api/users/3',
      'DELETE /api/users/3',
    ]);
    expect(received[2]!.type).toBe('application/json');
    expect(JSON.parse(received[2]!.body)).toEqual({ name: 'Ann' });
    expect(received[3]!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[3]!.body).toContain('name="file"; filename="hello.txt"');
    expect(JSON.parse(received[4]!.body)).toEqual({ name: 'Bea' });
  });

  it('leaves out disabled operations', () => {
    const twoFactor = createResource(client, '/users/3/two-factor/', { disabled: ['index', 'show', 'del'] });
    expect(Object.keys(twoFactor).sort()).toEqual(['store', 'update']);
  });
});
