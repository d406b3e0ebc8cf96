import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustedDevices, users } from '../../db/schema/index.js';
import { addressedCaller, type LooseAnswer } from '../../test/addressed-caller.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { createSignedInAccount, latestCode, uniqueEmail } from '../../test/factories/auth.js';

/*
 * The catalogue's operations of `users.two-factor` (`PUT two-factor/{method}`: the confirmation
 * with the method in the path) and `users.two-factor.trust-computer` (`POST`: trust this
 * computer; `PUT {deviceId}`: renew or forget one trusted computer).
 */

let ctx: TestContext;
let organisationId: number;
const host = 'two-factor-records.test';

beforeAll(async () => {
  ctx = await createTestContext({ publicOrigin: 'https://muster.example' });
  organisationId = (await createOrganisation(ctx.db, { hosts: [host] })).id;
});
afterAll(() => ctx.close());

const call = addressedCaller(() => ctx, host, 33);

async function account(permissions: string[] = []) {
  const created = await createSignedInAccount(ctx.app, organisationId, {
    email: uniqueEmail('tfr'),
    permissions,
  });
  return { ...created, url: `/api/users/${created.id}/two-factor` };
}

async function userRow(id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function signIn(email: string, password: string, extra: object = {}) {
  const response = await call('POST', '/api/auth/api/', undefined, {
    email,
    password,
    minimal: true,
    ...extra,
  });
  return response.json<{ token: string; two_factor: boolean }>();
}

describe('PUT /users/{userId}/two-factor/{method}', () => {
  it('confirms set-up of the method the path names, and switches off only the method in use', async () => {
    const user = await account();
    await call('POST', user.url, user.token, { two_factor: true, method: 'email' });
    const code = await latestCode(ctx.app, user.email);
    const mismatch = await call('PUT', `${user.url}/email`, user.token, {
      two_factor: true,
      method: 'sms',
      code,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(Object.keys(mismatch.json<{ errors: object }>().errors)).toEqual(['method']);
    const done = await call('PUT', `${user.url}/email`, user.token, { two_factor: true, code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<LooseAnswer>().data).toMatchObject({ two_factor_enabled: true, method: 'email' });
    expect(await userRow(user.id)).toMatchObject({ twoFactorEnabled: true, twoFactorMethod: 'email' });

    const notInUse = await call('PUT', `${user.url}/auth-app`, user.token, {
      two_factor: false,
      password: user.password,
    });
    expect(notInUse.statusCode).toBe(409);
    const off = await call('PUT', `${user.url}/email`, user.token, {
      two_factor: false,
      password: user.password,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await userRow(user.id))?.twoFactorEnabled).toBe(false);
  });

  it('401, 403 to anyone else whatever the path, 404 for an unknown method, 422 by field', async () => {
    const user = await account();
    const admin = await account(['view-users', 'manage-users', 'changeUserDetails']);
    expect(
      (await call('PUT', `${user.url}/email`, undefined, { two_factor: false, password: 'x' })).statusCode,
    ).toBe(401);
    expect(
      (await call('PUT', `${user.url}/email`, admin.token, { two_factor: false, password: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `${user.url}/carrier-pigeon`, admin.token, { two_factor: false, password: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `${user.url}/carrier-pigeon`, user.token, { two_factor: false, password: 'x' }))
        .statusCode,
    ).toBe(404);
    const bad = await call('PUT', `${user.url}/email`, user.token, { two_factor: true });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors)).toEqual(['code']);
  });
});

describe('two-factor/trust-computer records', () => {
  it('trusts this computer (its id and token), renews it (the old token stops), forgets it', async () => {
    const user = await account();
    await call('POST', user.url, user.token, { two_factor: true, method: 'email' });
    await call('PUT', user.url, user.token, {
      two_factor: true,
      method: 'email',
      code: await latestCode(ctx.app, user.email),
    });

    const stored = await call('POST', `${user.url}/trust-computer`, user.token);
    expect(stored.statusCode, stored.body).toBe(201);
    const first = stored.json<{ data: { trusted: boolean; id: string; device_token: string } }>().data;
    expect(first).toMatchObject({
      trusted: true,
      id: expect.any(String) as unknown,
      device_token: expect.any(String) as unknown,
    });
    expect((await signIn(user.email, user.password, { device_token: first.device_token })).two_factor).toBe(
      false,
    );

    const renewed = await call('PUT', `${user.url}/trust-computer/${first.id}`, user.token, { trust: true });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const second = renewed.json<{ data: { id: string; device_token: string } }>().data;
    expect(second.id).not.toBe(first.id);
    expect((await signIn(user.email, user.password, { device_token: first.device_token })).two_factor).toBe(
      true,
    );
    expect((await signIn(user.email, user.password, { device_token: second.device_token })).two_factor).toBe(
      false,
    );
    expect(
      (await call('PUT', `${user.url}/trust-computer/${first.id}`, user.token, { trust: true })).statusCode,
    ).toBe(409);

    const forgotten = await call('PUT', `${user.url}/trust-computer/${second.id}`, user.token, {
      trust: false,
    });
    expect(forgotten.json<LooseAnswer>().data).toEqual({ trusted: false, id: second.id });
    const [row] = await ctx.db.select().from(trustedDevices).where(eq(trustedDevices.id, second.id));
    expect(row?.revokedAt).not.toBeNull();
    expect((await signIn(user.email, user.password, { device_token: second.device_token })).two_factor).toBe(
      true,
    );
  });

  it('401, 403 to anyone else, 404 for another person’s computer or a bad id, 422 by field', async () => {
    const user = await account();
    const other = await account();
    const theirs = (await call('POST', `${other.url}/trust-computer`, other.token)).json<{
      data: { id: string };
    }>().data;
    expect((await call('POST', `${user.url}/trust-computer`, undefined)).statusCode).toBe(401);
    expect((await call('POST', `${user.url}/trust-computer`, other.token)).statusCode).toBe(403);
    expect(
      (await call('PUT', `${user.url}/trust-computer/${theirs.id}`, other.token, { trust: false }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `${user.url}/trust-computer/${theirs.id}`, user.token, { trust: false })).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `${user.url}/trust-computer/123`, user.token, { trust: false })).statusCode,
    ).toBe(404);
    const [row] = await ctx.db.select().from(trustedDevices).where(eq(trustedDevices.id, theirs.id));
    expect(row?.revokedAt).toBeNull();
    expect(
      Object.keys(
        (await call('PUT', `${user.url}/trust-computer/${theirs.id}`, user.token, {})).json<{
          errors: object;
        }>().errors,
      ),
    ).toEqual(['trust']);
    expect(
      Object.keys(
        (await call('POST', `${user.url}/trust-computer`, user.token, { trust: false })).json<{
          errors: object;
        }>().errors,
      ),
    ).toEqual(['_']);
  });
});
