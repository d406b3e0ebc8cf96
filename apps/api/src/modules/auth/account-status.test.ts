import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@muster/contract';
import { users } from '../../db/schema/index.js';
import { USER_STATUS } from '../../db/seed/reference-data.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAccount, latestCode, sessionTokenFor, uniqueEmail } from '../../test/factories/auth.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { createLoginLink } from './links.js';

// Issue 10, finding 8: blocked, left and inactive users are refused at every way in.
let ctx: TestContext;
let organisationId: number;
const host = 'account-status.test';
let address = 0;
const nextAddress = () => `10.8.${(address += 1) >> 8}.${address & 255}`;

beforeAll(async () => {
  ctx = await createTestContext();
  organisationId = (await createOrganisation(ctx.db, { hosts: [host] })).id;
});
afterAll(() => ctx?.close());

async function setStatus(userId: number, statusId: number) {
  await ctx.db.update(users).set({ statusId }).where(eq(users.id, userId));
}

function signIn(email: string, password: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/api/',
    headers: { host },
    remoteAddress: nextAddress(),
    payload: { email, password, minimal: true },
  });
}

const closed = [
  ['blocked', USER_STATUS.blocked],
  ['left', USER_STATUS.left],
  ['inactive', USER_STATUS.inactive],
] as const;

describe.each(closed)('a %s user', (_name, statusId) => {
  it('cannot sign in with a password, and is told so only after a right password', async () => {
    const account = await createAccount(ctx.db, organisationId, { email: uniqueEmail('closed') });
    await setStatus(account.id, statusId);
    const wrong = await signIn(account.email, 'Wrong-Password-1');
    expect(wrong.statusCode).toBe(401);
    const right = await signIn(account.email, account.password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ message: authMessages.accountNotActive });
  });

  it('cannot renew a session begun before the status changed', async () => {
    const account = await createAccount(ctx.db, organisationId, { email: uniqueEmail('closed-refresh') });
    const token = await sessionTokenFor(ctx.app, organisationId, account.id);
    await setStatus(account.id, statusId);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/api/refresh',
      headers: { host },
      payload: { token, minimal: true },
    });
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json<{ message: string }>().message).toBe(authMessages.accountNotActive);
  });

  it('cannot use a login link', async () => {
    const account = await createAccount(ctx.db, organisationId, { email: uniqueEmail('closed-link') });
    const link = await createLoginLink(ctx.app.auth, { organisationId, userId: account.id });
    await setStatus(account.id, statusId);
    const response = await ctx.app.inject({ url: new URL(link).pathname, headers: { host } });
    expect(response.statusCode).toBe(403);
    expect(response.headers.location).toBeUndefined();
    expect(response.json<{ message: string }>().message).toBe(authMessages.accountNotActive);
  });
});

describe('the other ways in', () => {
  it('refuses the second-factor code of a user blocked after the password step', async () => {
    const account = await createAccount(ctx.db, organisationId, {
      email: uniqueEmail('closed-code'),
      twoFactor: 'email',
    });
    const started = await signIn(account.email, account.password);
    expect(started.json<{ two_factor: boolean }>().two_factor).toBe(true);
    const code = await latestCode(ctx.app, account.email);
    await setStatus(account.id, USER_STATUS.blocked);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/api/token',
      headers: { host },
      remoteAddress: nextAddress(),
      payload: { token: started.json<{ token: string }>().token, key: code },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toBe(authMessages.accountNotActive);
  });

  it('refuses the mobile code of a blocked user', async () => {
    const account = await createAccount(ctx.db, organisationId, { email: uniqueEmail('closed-mobile') });
    const requested = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/mobile/request-token',
      headers: { host },
      remoteAddress: nextAddress(),
      payload: { email: account.email, organisation_id: organisationId },
    });
    expect(requested.statusCode).toBe(200);
    const code = await latestCode(ctx.app, account.email);
    await setStatus(account.id, USER_STATUS.blocked);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/mobile/verify-token',
      headers: { host },
      remoteAddress: nextAddress(),
      payload: { email: account.email, organisation_id: organisationId, token: code },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toBe(authMessages.accountNotActive);
  });

  it('lets active users and applicants in', async () => {
    for (const statusId of [USER_STATUS.active, USER_STATUS.applicant]) {
      const account = await createAccount(ctx.db, organisationId, { email: uniqueEmail('open') });
      await setStatus(account.id, statusId);
      expect((await signIn(account.email, account.password)).statusCode).toBe(200);
    }
  });
});
