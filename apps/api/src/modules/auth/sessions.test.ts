import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionClaimsSchema } from '@muster/contract';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { createAccount, decodeToken, sessionTokenFor } from '../../test/factories/auth.js';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { listSecurityLog, revokeTokenIfActive } from './repository.js';

/** The database these tests run on (CI runs them on both). */
const ctx_dialect = () => (process.env.MUSTER_TEST_DATABASE_URL ? 'postgres' : 'pglite');

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) {
      throw new Error('condition not met in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let ctx: TestContext;
let organisationId: number;
const host = 'sessions.test';

beforeAll(async () => {
  // Shorter lifetimes than the defaults, to show they are configurable.
  ctx = await createTestContext({
    accessTokenTtl: 600,
    sessionMaxAge: 3600,
    publicOrigin: 'https://muster.example',
  });
  organisationId = (await createOrganisation(ctx.db, { hosts: [host] })).id;
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

async function freshSession() {
  const account = await createAccount(ctx.db, organisationId, { permissions: ['view-users'] });
  return { account, token: await sessionTokenFor(ctx.app, organisationId, account.id) };
}

function refresh(token: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/api/refresh',
    headers: { host },
    payload: { token, minimal: true },
  });
}

function heartbeat(token: string) {
  return ctx.app.inject({ url: '/api/heartbeat/', headers: { host, authorization: `Bearer ${token}` } });
}

describe('POST /api/auth/api/refresh', () => {
  it('answers a new token of the same sign-in and revokes the old one', async () => {
    const { token } = await freshSession();
    const response = await refresh(token);
    expect(response.statusCode).toBe(200);
    const renewed = response.json<{ token: string }>().token;
    const before = sessionClaimsSchema.parse(decodeToken(token));
    const after = sessionClaimsSchema.parse(decodeToken(renewed));
    expect(after.sid).toBe(before.sid);
    expect(after.jti).not.toBe(before.jti);
    expect((await heartbeat(renewed)).statusCode).toBe(200);
    expect((await heartbeat(token)).statusCode).toBe(401);
  });

  it('uses the configured lifetimes: ACCESS_TOKEN_TTL per token, SESSION_MAX_AGE in all', async () => {
    const { token } = await freshSession();
    const claims = sessionClaimsSchema.parse(decodeToken(token));
    expect(claims.exp - claims.iat).toBe(600);
    vi.useFakeTimers({ toFake: ['Date'] });
    // Expired token: still renewable while the sign-in lasts.
    vi.setSystemTime(Date.now() + 601 * 1000);
    expect((await heartbeat(token)).statusCode).toBe(401);
    const renewed = await refresh(token);
    expect(renewed.statusCode).toBe(200);
    const next = renewed.json<{ token: string }>().token;
    // Past SESSION_MAX_AGE the sign-in is over: the last token is cut to it and cannot be renewed.
    expect(sessionClaimsSchema.parse(decodeToken(next)).exp).toBeLessThanOrEqual(claims.iat + 3600);
    vi.setSystemTime(Date.now() + 3600 * 1000);
    const late = await refresh(next);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ message: 'Your session has expired, please sign in again.' });
  });

  it('refuses a replayed (already renewed) token after the race window and ends that sign-in', async () => {
    const { account, token } = await freshSession();
    const renewed = (await refresh(token)).json<{ token: string }>().token;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 1000);
    const replay = await refresh(token);
    expect(replay.statusCode).toBe(401);
    // Someone else may hold the old token: the whole sign-in ends, the renewed token too.
    expect((await heartbeat(renewed)).statusCode).toBe(401);
    const rows = await listSecurityLog(ctx.db, organisationId, { event: 'token_replayed' });
    expect(rows.some((row) => row.userId === account.id)).toBe(true);
  });

  it('gives exactly one new token to two racing renewals; the loser gets 409 retry', async () => {
    const { token } = await freshSession();
    const results = await Promise.all([refresh(token), refresh(token)]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json()).toEqual({
      message: 'This session was renewed a moment ago; please retry with the newest token.',
      retry: true,
    });
    const winner = results.find((r) => r.statusCode === 200)?.json<{ token: string }>().token ?? '';
    expect((await heartbeat(winner)).statusCode).toBe(200);
    // The loser did not end the sign-in: the winner's token goes on renewing.
    expect((await refresh(winner)).statusCode).toBe(200);
  });

  it('holds with many racing renewals too', async () => {
    const { token } = await freshSession();
    const results = await Promise.all(Array.from({ length: 6 }, () => refresh(token)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
  });

  it.runIf(ctx_dialect() === 'postgres')(
    'makes a competing renewal wait for the first to commit, then finds the token taken (PostgreSQL)',
    async () => {
      const { token } = await freshSession();
      const jti = String(decodeToken(token).jti);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: () => void = () => undefined;
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const first = ctx.db.transaction(async (tx) => {
        const won = await revokeTokenIfActive(tx, organisationId, jti, randomUUID(), new Date());
        locked();
        await held;
        return won;
      });
      // The first transaction holds the row lock (uncommitted) while the second asks for it.
      await lockTaken;
      const second = ctx.db.transaction((tx) =>
        revokeTokenIfActive(tx, organisationId, jti, randomUUID(), new Date()),
      );
      await waitFor(async () => {
        const result: unknown = await ctx.db.execute(
          sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return Number((result as { rows: Array<{ waiting: number }> }).rows[0]?.waiting) === 1;
      });
      release();
      expect(await first).not.toBeNull();
      expect(await second).toBeNull();
    },
  );

  it('refuses tokens that are not session tokens, and 422 without a token', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const pending = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/api/',
      headers: { host },
      payload: { email: account.email, password: account.password, minimal: true },
    });
    expect((await refresh(pending.json<{ token: string }>().token)).statusCode).toBe(401);
    expect((await refresh('not.a.token')).statusCode).toBe(401);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/api/refresh',
      headers: { host },
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors.token).toEqual(['Token is required']);
  });

  it('answers 403 for a session of another organisation renewed on this host', async () => {
    const other = await createOrganisation(ctx.db, { hosts: ['other-sessions.test'] });
    const stranger = await createAccount(ctx.db, other.id);
    const token = await sessionTokenFor(ctx.app, other.id, stranger.id);
    const response = await refresh(token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This session belongs to another organisation.' });
  });

  it('reads permissions afresh on renewal', async () => {
    const { account, token } = await freshSession();
    const { ensurePermissions } = await import('../../test/factories/auth.js');
    const { userPermissions } = await import('../../db/schema/index.js');
    const [id] = await ensurePermissions(ctx.db, ['edit-users']);
    await ctx.db.insert(userPermissions).values({ userId: account.id, permissionId: id ?? 0 });
    const renewed = (await refresh(token)).json<{ token: string }>().token;
    expect(sessionClaimsSchema.parse(decodeToken(renewed)).user.permissions).toEqual([
      'edit-users',
      'view-users',
    ]);
  });
});

describe('POST /auth/logout', () => {
  function logout(payload: Record<string, string> | string, headers: Record<string, string> = {}) {
    return ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { host, ...headers },
      payload,
    });
  }

  it('ends the session (the old token is refused everywhere) and 303s to a return path on our site', async () => {
    const { token } = await freshSession();
    const response = await logout({ return: '/apply/7?step=1' }, { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/apply/7?step=1');
    expect((await heartbeat(token)).statusCode).toBe(401);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('takes a form post with the token field, and a full PUBLIC_ORIGIN address', async () => {
    const { token } = await freshSession();
    const response = await logout(
      new URLSearchParams({ token, return: 'https://muster.example/portal?x=1' }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/portal?x=1');
    expect((await heartbeat(token)).statusCode).toBe(401);
  });

  it('also ends the renewed tokens of the same sign-in', async () => {
    const { token } = await freshSession();
    const renewed = (await refresh(token)).json<{ token: string }>().token;
    await logout({}, { authorization: `Bearer ${renewed}` });
    expect((await heartbeat(renewed)).statusCode).toBe(401);
  });

  it.each([
    ['https://evil.example/phish', '/'],
    ['//evil.example/phish', '/'],
    ['/\\evil.example', '/'],
    ['/.//evil.example', '/'],
    ['/..//evil.example', '/'],
    ['/%2e//evil.example', '/'],
    ['/%5cevil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
  ])('sends a return address %j off our site to %j', async (value, expected) => {
    const { token } = await freshSession();
    const response = await logout({ return: value }, { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(expected);
  });

  it('reads the return address from the query too', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout?return=%2Fportal',
      headers: { host },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/portal');
  });

  it('still redirects without a token, or with a bad one', async () => {
    expect((await logout({ return: '/bye' })).headers.location).toBe('/bye');
    expect((await logout({ return: '/bye' }, { authorization: 'Bearer nonsense' })).headers.location).toBe(
      '/bye',
    );
  });

  it('answers 422 for a return address that is not text', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { host },
      payload: { return: 42 },
    });
    expect(response.statusCode).toBe(422);
  });
});
