import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, passwordRules } from '@muster/contract';
import { securityLog, users } from '../../db/schema/index.js';
import { addressedCaller, type LooseAnswer } from '../../test/addressed-caller.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import {
  type AccountOptions,
  createSignedInAccount,
  sessionTokenFor,
  uniqueEmail,
} from '../../test/factories/auth.js';
import { createOrganisation } from '../../test/factories/organisation.js';

let ctx: TestContext;
let organisationId: number;
let otherOrganisationId: number;
const host = 'account.test';
const NEW_PASSWORD = 'Brand-new-Pass9';

beforeAll(async () => {
  ctx = await createTestContext();
  organisationId = (await createOrganisation(ctx.db, { hosts: [host], name: 'Account Org' })).id;
  otherOrganisationId = (
    await createOrganisation(ctx.db, { hosts: ['account-other.test'], name: 'Other Account Org' })
  ).id;
});
afterAll(() => ctx.close());

const call = addressedCaller(() => ctx, host, 8);

async function account(options: AccountOptions = {}, inOrganisation = organisationId) {
  const created = await createSignedInAccount(ctx.app, inOrganisation, {
    email: uniqueEmail('account'),
    ...options,
  });
  return { ...created, base: `/api/users/${created.id}` };
}

const works = async (userId: number, token: string) =>
  (await call('GET', `/api/users/${userId}`, token)).statusCode === 200;

async function signIn(email: string, password: string) {
  return call('POST', '/api/auth/api/', undefined, { email, password, minimal: true });
}

const change = (current: string, password = NEW_PASSWORD, confirmation = password) => ({
  current_password: current,
  password,
  password_confirmation: confirmation,
});

describe('PUT /users/{id}/password', () => {
  it('answers 401 without a session, before looking at the body', async () => {
    const user = await account();
    expect((await call('PUT', `${user.base}/password`, undefined, {})).statusCode).toBe(401);
  });

  it('answers 403 to anyone else, even with changeUserDetails, and logs it', async () => {
    const user = await account();
    const admin = await account({ permissions: ['view-users', 'changeUserDetails'] });
    const response = await call('PUT', `${user.base}/password`, admin.token, change(user.password));
    expect(response.statusCode).toBe(403);
    expect(response.json<LooseAnswer>().message).toBe(accountMessages.onlyOwn);
    const rows = await ctx.db
      .select()
      .from(securityLog)
      .where(and(eq(securityLog.userId, admin.id), eq(securityLog.event, 'authorisation_failed')));
    expect(rows).toHaveLength(1);
    expect(await signIn(user.email, user.password)).toHaveProperty('statusCode', 200);
  });

  it('answers 422 for each unmet password rule, a wrong confirmation, a missing or wrong current password', async () => {
    const user = await account();
    const weak = await call('PUT', `${user.base}/password`, user.token, change(user.password, 'short'));
    expect(weak.statusCode).toBe(422);
    expect(weak.json<LooseAnswer>().errors?.password).toEqual(
      passwordRules.filter((rule) => rule.id !== 'lowercase').map((rule) => rule.label),
    );
    const mismatch = await call(
      'PUT',
      `${user.base}/password`,
      user.token,
      change(user.password, NEW_PASSWORD, 'Other-Pass9'),
    );
    expect(mismatch.json<LooseAnswer>().errors).toEqual({
      password_confirmation: [accountMessages.confirmationMismatch],
    });
    const missing = await call('PUT', `${user.base}/password`, user.token, {
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(missing.json<LooseAnswer>().errors).toEqual({
      current_password: [accountMessages.currentPasswordRequired],
    });
    const wrong = await call('PUT', `${user.base}/password`, user.token, change('Not-the-password1'));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<LooseAnswer>().errors).toEqual({
      current_password: [accountMessages.currentPasswordWrong],
    });
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('changes the password, keeps this sign-in and ends the others', async () => {
    const user = await account();
    const other = await sessionTokenFor(ctx.app, organisationId, user.id);
    const response = await call('PUT', `${user.base}/password`, user.token, change(user.password));
    expect(response.statusCode).toBe(200);
    expect(response.json<LooseAnswer>().data).toEqual({
      message: accountMessages.passwordChanged,
      other_sessions_ended: 1,
    });
    expect(await works(user.id, user.token)).toBe(true);
    expect(await works(user.id, other)).toBe(false);
    expect((await signIn(user.email, user.password)).statusCode).not.toBe(200);
    expect((await signIn(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.credentialsChangedAt).toBeInstanceOf(Date);
  });

  it('answers 403 to a single sign-on user, who has no password', async () => {
    const user = await account({ password: null });
    const response = await call('PUT', `${user.base}/password`, user.token, change('Anything1'));
    expect(response.statusCode).toBe(403);
    expect(response.json<LooseAnswer>().message).toBe(accountMessages.singleSignOn);
  });

  it('answers 429 after too many wrong current passwords', async () => {
    const user = await account();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push(
        (await call('PUT', `${user.base}/password`, user.token, change('Wrong-pass1'))).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('DELETE /users/{id}/sessions', () => {
  it('answers 401 without a session and 403 for someone else', async () => {
    const user = await account();
    const stranger = await account();
    expect((await call('DELETE', `${user.base}/sessions`)).statusCode).toBe(401);
    expect((await call('DELETE', `${user.base}/sessions`, stranger.token)).statusCode).toBe(403);
    expect(await works(user.id, user.token)).toBe(true);
  });

  it('answers 422 for a user address that is not a number', async () => {
    const user = await account();
    expect((await call('DELETE', '/api/users/me/sessions', user.token)).statusCode).toBe(422);
  });

  it('ends every sign-in of the user, this one included', async () => {
    const user = await account();
    const other = await sessionTokenFor(ctx.app, organisationId, user.id);
    const response = await call('DELETE', `${user.base}/sessions`, user.token);
    expect(response.statusCode).toBe(200);
    expect(response.json<LooseAnswer>().data).toEqual({
      message: accountMessages.signedOutEverywhere,
      sessions_ended: 2,
    });
    expect(await works(user.id, user.token)).toBe(false);
    expect(await works(user.id, other)).toBe(false);
  });

  it('leaves a user of another organisation alone', async () => {
    const elsewhere = await account({}, otherOrganisationId);
    const user = await account();
    expect((await call('DELETE', `/api/users/${elsewhere.id}/sessions`, user.token)).statusCode).toBe(403);
  });
});
