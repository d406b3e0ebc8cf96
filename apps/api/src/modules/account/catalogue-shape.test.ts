import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactChangeMessages } from '@muster/contract';
import { userEmailAddresses, users } from '../../db/schema/index.js';
import { addressedCaller } from '../../test/addressed-caller.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createSignedInAccount, latestCode, uniqueEmail } from '../../test/factories/auth.js';
import { createOrganisation } from '../../test/factories/organisation.js';

/*
 * The catalogue's update of `users.password` (`PUT password/{userId}`: a person's one password,
 * named by their own id) and `users.contact-change` (`PUT contact-change/{email|phone}`: the
 * pending change of that kind), beside the routes without an id that the web app calls.
 */

let ctx: TestContext;
let organisationId: number;
const host = 'account-records.test';
const NEW_PASSWORD = 'Brand-new-Pass9';

beforeAll(async () => {
  ctx = await createTestContext();
  organisationId = (await createOrganisation(ctx.db, { hosts: [host] })).id;
});
afterAll(() => ctx.close());

const call = addressedCaller(() => ctx, host, 31);

async function account(permissions: string[] = []) {
  return createSignedInAccount(ctx.app, organisationId, {
    email: uniqueEmail('account-records'),
    permissions,
  });
}

async function passwordHashOf(userId: number) {
  const [row] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.hash;
}

describe('PUT /users/{userId}/password/{id}', () => {
  it('changes the password when the id is the user’s own; 404 for any other id', async () => {
    const user = await account();
    const body = {
      current_password: user.password,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    };
    const before = await passwordHashOf(user.id);
    const elsewhere = await call('PUT', `/api/users/${user.id}/password/${user.id + 1}`, user.token, body);
    expect(elsewhere.statusCode).toBe(404);
    expect(await passwordHashOf(user.id)).toBe(before);
    const changed = await call('PUT', `/api/users/${user.id}/password/${user.id}`, user.token, body);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await passwordHashOf(user.id)).not.toBe(before);
    const signedIn = await call('POST', '/api/auth/api/', undefined, {
      email: user.email,
      password: NEW_PASSWORD,
      minimal: true,
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('401, 403 to anyone else (administrators too, whatever the id), 422 by field', async () => {
    const user = await account();
    const admin = await account(['view-users', 'manage-users', 'changeUserDetails']);
    const url = `/api/users/${user.id}/password/${user.id}`;
    const body = { current_password: 'x', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    expect((await call('PUT', url, undefined, body)).statusCode).toBe(401);
    expect((await call('PUT', url, admin.token, body)).statusCode).toBe(403);
    expect((await call('PUT', `/api/users/${user.id}/password/99`, admin.token, body)).statusCode).toBe(403);
    const bad = await call('PUT', url, user.token, { current_password: '', password: 'short' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors)).toEqual(
      expect.arrayContaining(['current_password', 'password']),
    );
  });
});

describe('PUT /users/{userId}/contact-change/{kind}', () => {
  it('confirms the pending change the path names with its code', async () => {
    const user = await account();
    const next = uniqueEmail('account-records-new');
    const started = await call('POST', `/api/users/${user.id}/contact-change`, user.token, {
      kind: 'email',
      value: next,
      password: user.password,
    });
    expect(started.statusCode, started.body).toBe(200);
    const code = await latestCode(ctx.app, next);
    const mismatch = await call('PUT', `/api/users/${user.id}/contact-change/email`, user.token, {
      kind: 'phone',
      code,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(Object.keys(mismatch.json<{ errors: object }>().errors)).toEqual(['kind']);
    const wrongKind = await call('PUT', `/api/users/${user.id}/contact-change/phone`, user.token, { code });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json<{ errors: object }>().errors).toHaveProperty('code');
    const confirmed = await call('PUT', `/api/users/${user.id}/contact-change/email`, user.token, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ data: { value: string } }>().data.value).toBe(next);
    const emails = await ctx.db
      .select({ email: userEmailAddresses.email })
      .from(userEmailAddresses)
      .where(eq(userEmailAddresses.userId, user.id));
    expect(emails.map((row) => row.email)).toEqual([next]);
  });

  it('401, 403 to anyone else, 404 for another kind, 422 for a bad code', async () => {
    const user = await account();
    const admin = await account(['view-users', 'manage-users', 'changeUserDetails']);
    const url = `/api/users/${user.id}/contact-change/email`;
    expect((await call('PUT', url, undefined, { code: '123456' })).statusCode).toBe(401);
    expect((await call('PUT', url, admin.token, { code: '123456' })).statusCode).toBe(403);
    expect(
      (await call('PUT', `/api/users/${user.id}/contact-change/fax`, admin.token, { code: '123456' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/users/${user.id}/contact-change/fax`, user.token, { code: '123456' }))
        .statusCode,
    ).toBe(404);
    const bad = await call('PUT', url, user.token, { code: '12' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors.code).toEqual([
      contactChangeMessages.codeRequired,
    ]);
  });
});
