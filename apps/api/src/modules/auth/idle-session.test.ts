import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import { authSessions } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAccount, decodeToken, sessionTokenFor } from '../../test/factories/auth.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { sessionTouchInterval } from './sessions.js';

// Issue 10, finding 15: a sign-in unused for SESSION_IDLE_TIMEOUT (30 minutes) cannot be renewed.
let ctx: TestContext;
let organisationId: number;
const host = 'idle.test';
const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await createTestContext();
  organisationId = (await createOrganisation(ctx.db, { hosts: [host] })).id;
});
afterAll(() => ctx?.close());

async function signedIn(context: TestContext = ctx, organisation = organisationId) {
  const account = await createAccount(context.db, organisation);
  const token = await sessionTokenFor(context.app, organisation, account.id);
  const sessionId = String(decodeToken(token).sid);
  return { account, token, sessionId };
}

async function lastSeen(sessionId: string, context: TestContext = ctx): Promise<Date> {
  const [row] = await context.db.select().from(authSessions).where(eq(authSessions.id, sessionId));
  if (!row) {
    throw new Error('no session');
  }
  return row.lastSeenAt;
}

async function setLastSeen(sessionId: string, minutesAgo: number, context: TestContext = ctx) {
  await context.db
    .update(authSessions)
    .set({ lastSeenAt: new Date(Date.now() - minutesAgo * MINUTE) })
    .where(eq(authSessions.id, sessionId));
}

function refresh(token: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/api/refresh',
    headers: { host },
    payload: { token, minimal: true },
  });
}

describe('the idle limit', () => {
  it('refuses to renew a sign-in unused for more than 30 minutes, and its token stops working', async () => {
    const { account, token, sessionId } = await signedIn();
    await setLastSeen(sessionId, 31);
    const renewed = await refresh(token);
    expect(renewed.statusCode).toBe(401);
    expect(renewed.json<{ message: string }>().message).toBe(
      'Your session has expired, please sign in again.',
    );
    const used = await ctx.app.inject({
      url: `/api/users/${account.id}`,
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(used.statusCode).toBe(401);
  });

  it('renews a sign-in used within the limit, and the renewal counts as use', async () => {
    const { token, sessionId } = await signedIn();
    await setLastSeen(sessionId, 29);
    const renewed = await refresh(token);
    expect(renewed.statusCode).toBe(200);
    expect(Date.now() - (await lastSeen(sessionId)).getTime()).toBeLessThan(MINUTE);
  });

  it('counts every use of a token as activity (recorded at most once a minute)', async () => {
    const { account, token, sessionId } = await signedIn();
    await setLastSeen(sessionId, 20);
    const used = await ctx.app.inject({
      url: `/api/users/${account.id}`,
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(used.statusCode).toBe(200);
    expect(Date.now() - (await lastSeen(sessionId)).getTime()).toBeLessThan(MINUTE);
  });

  it('writes no use on a request within a minute of the recorded one', async () => {
    const { account, token, sessionId } = await signedIn();
    await setLastSeen(sessionId, 0.5);
    const recorded = await lastSeen(sessionId);
    // Every statement that writes auth_sessions, whether or not a row changes (issue 13).
    let writes = 0;
    const stop = ctx.database.onCommittedWrite((tables) => {
      writes += tables.has('auth_sessions') ? 1 : 0;
    });
    for (let i = 0; i < 3; i += 1) {
      const used = await ctx.app.inject({
        url: `/api/users/${account.id}`,
        headers: { host, authorization: `Bearer ${token}` },
      });
      expect(used.statusCode).toBe(200);
    }
    stop();
    expect(writes).toBe(0);
    expect(await lastSeen(sessionId)).toEqual(recorded);
  });

  it('keeps a sign-in in use alive up to the limit, and refuses it just past it', async () => {
    const { account, token, sessionId } = await signedIn();
    const use = () =>
      ctx.app.inject({
        url: `/api/users/${account.id}`,
        headers: { host, authorization: `Bearer ${token}` },
      });
    await setLastSeen(sessionId, 30 - 5 / 60);
    expect((await use()).statusCode).toBe(200);
    expect(Date.now() - (await lastSeen(sessionId)).getTime()).toBeLessThan(MINUTE);
    expect((await use()).statusCode).toBe(200);
    await setLastSeen(sessionId, 30 + 5 / 60);
    expect((await use()).statusCode).toBe(401);
  });

  it('records use at most a tenth of the idle limit late', () => {
    expect(sessionTouchInterval({ sessionIdleTimeout: 30 * 60 })).toBe(MINUTE);
    expect(sessionTouchInterval({ sessionIdleTimeout: 5 * 60 })).toBe(30_000);
    expect(sessionTouchInterval({ sessionIdleTimeout: 60 })).toBe(6_000);
  });

  it('with a one-minute limit, records a use ten seconds after the last and keeps the sign-in alive', async () => {
    const short = await createTestContext({ sessionIdleTimeout: 60 });
    try {
      const shortHost = 'idle-short.test';
      const organisation = (await createOrganisation(short.db, { hosts: [shortHost] })).id;
      const { account, token, sessionId } = await signedIn(short, organisation);
      const use = () =>
        short.app.inject({
          url: `/api/users/${account.id}`,
          headers: { host: shortHost, authorization: `Bearer ${token}` },
        });
      await setLastSeen(sessionId, 10 / 60, short);
      expect((await use()).statusCode).toBe(200);
      expect(Date.now() - (await lastSeen(sessionId, short)).getTime()).toBeLessThan(5_000);
      await setLastSeen(sessionId, 61 / 60, short);
      expect((await use()).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('is configurable with SESSION_IDLE_TIMEOUT', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).sessionIdleTimeout).toBe(30 * 60);
    expect(loadConfig({ NODE_ENV: 'test', SESSION_IDLE_TIMEOUT: '5m' }).sessionIdleTimeout).toBe(300);
  });
});
