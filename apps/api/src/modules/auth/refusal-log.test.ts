import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { USER_STATUS } from '../../db/seed/reference-data.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAccount, sessionTokenFor, uniqueEmail } from '../../test/factories/auth.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { authLimitRules } from './limits.js';
import { listSecurityLog } from './repository.js';

// Issue 10, finding 11: refusals thrown inside handlers and by limiters are logged, once each.
let ctx: TestContext;
let organisationId: number;
const host = 'refusal-log.test';

beforeAll(async () => {
  ctx = await createTestContext();
  organisationId = (await createOrganisation(ctx.db, { hosts: [host] })).id;
});
afterAll(() => ctx?.close());

async function rowsFor(userId: number | null, event: string) {
  const rows = await listSecurityLog(ctx.db, organisationId, { event });
  return rows.filter((row) => row.userId === userId);
}

describe('the security log of refusals', () => {
  it('records a handler’s own 403 (viewing someone else) once', async () => {
    const viewer = await createAccount(ctx.db, organisationId);
    const other = await createAccount(ctx.db, organisationId);
    const token = await sessionTokenFor(ctx.app, organisationId, viewer.id);
    const response = await ctx.app.inject({
      url: `/api/users/${other.id}`,
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(403);
    const rows = await rowsFor(viewer.id, 'authorisation_failed');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toMatchObject({
      status: 403,
      reason: 'refused_by_handler',
      route: '/api/users/:userId',
    });
  });

  it('records a missing permission once, not twice', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const token = await sessionTokenFor(ctx.app, organisationId, account.id);
    const response = await ctx.app.inject({
      url: '/api/heartbeat/',
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(403);
    const rows = await rowsFor(account.id, 'authorisation_failed');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toMatchObject({ reason: 'missing_permission' });
  });

  it('records a limiter’s refusal once', async () => {
    const email = uniqueEmail('limited');
    const attempt = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/api/',
        headers: { host },
        remoteAddress: '10.11.0.1',
        payload: { email, password: 'Wrong-pass1', minimal: true },
      });
    for (let i = 0; i < authLimitRules.signInAccount.max; i += 1) {
      expect((await attempt()).statusCode).toBe(401);
    }
    expect((await attempt()).statusCode).toBe(429);
    const rows = await rowsFor(null, 'rate_limited');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toMatchObject({ status: 429, route: '/api/auth/api' });
  });

  it('does not record a sign-in refusal twice', async () => {
    const account = await createAccount(ctx.db, organisationId, { email: uniqueEmail('blocked-log') });
    await ctx.db.update(users).set({ statusId: USER_STATUS.blocked }).where(eq(users.id, account.id));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/api/',
      headers: { host },
      remoteAddress: '10.11.0.2',
      payload: { email: account.email, password: account.password, minimal: true },
    });
    expect(response.statusCode).toBe(403);
    expect(await rowsFor(account.id, 'sign_in')).toHaveLength(1);
    expect(await rowsFor(account.id, 'authorisation_failed')).toHaveLength(0);
  });
});
