import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import { authSessions } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAccount, decodeToken, sessionTokenFor } from '../../test/factories/auth.js';
import { createOrganisation } from '../../test/factories/organisation.js';

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

async function signedIn() {
  const account = await createAccount(ctx.db, organisationId);
  const token = await sessionTokenFor(ctx.app, organisationId, account.id);
  const sessionId = String(decodeToken(token).sid);
  return { account, token, sessionId };
}

async function lastSeen(sessionId: string): Promise<Date> {
  const [row] = await ctx.db.select().from(authSessions).where(eq(authSessions.id, sessionId));
  if (!row) {
    throw new Error('no session');
  }
  return row.lastSeenAt;
}

async function setLastSeen(sessionId: string, minutesAgo: number) {
  await ctx.db
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

  it('is configurable with SESSION_IDLE_TIMEOUT', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).sessionIdleTimeout).toBe(30 * 60);
    expect(loadConfig({ NODE_ENV: 'test', SESSION_IDLE_TIMEOUT: '5m' }).sessionIdleTimeout).toBe(300);
  });
});
