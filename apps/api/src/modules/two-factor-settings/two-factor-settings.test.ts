import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, twoFactorSettingsMessages } from '@muster/contract';
import { recoveryCodes, users } from '../../db/schema/index.js';
import { addressedCaller, type LooseAnswer } from '../../test/addressed-caller.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import {
  type AccountOptions,
  createSignedInAccount,
  giveRole,
  latestCode,
  latestMessage,
  sessionTokenFor,
  uniqueEmail,
} from '../../test/factories/auth.js';

let ctx: TestContext;
let organisationId: number;
const host = 'two-factor-settings.test';

beforeAll(async () => {
  ctx = await createTestContext({ publicOrigin: 'https://muster.example' });
  organisationId = (await createOrganisation(ctx.db, { hosts: [host], name: 'Settings Org' })).id;
});
afterAll(() => ctx.close());

const call = addressedCaller(() => ctx, host, 9);

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function account(options: AccountOptions = {}) {
  const created = await createSignedInAccount(ctx.app, organisationId, {
    email: uniqueEmail('tfs'),
    ...options,
  });
  return { ...created, url: `/api/users/${created.id}/two-factor` };
}

async function signIn(email: string, password: string, extra: object = {}) {
  const response = await call('POST', '/api/auth/api/', undefined, {
    email,
    password,
    minimal: true,
    ...extra,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string; two_factor: boolean; method?: string }>();
}

async function userRow(id: number) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** True while the session token is still accepted (the user reading their own record). */
async function sessionWorks(userId: number, token: string) {
  return (await call('GET', `/api/users/${userId}`, token)).statusCode === 200;
}

describe('who may call', () => {
  it('answers 401 without a session on every call', async () => {
    const user = await account();
    expect((await call('POST', user.url, undefined, { two_factor: true, method: 'email' })).statusCode).toBe(
      401,
    );
    expect((await call('PUT', user.url, undefined, { two_factor: false, password: 'x' })).statusCode).toBe(
      401,
    );
    expect((await call('PUT', `${user.url}/trust-computer`, undefined, { trust: true })).statusCode).toBe(
      401,
    );
  });

  it('answers 403 to anyone but the user themself, even an administrator', async () => {
    const user = await account();
    const admin = await account({ permissions: ['view-users', 'changeUserDetails'] });
    const start = await call('POST', user.url, admin.token, { two_factor: true, method: 'email' });
    expect(start.statusCode).toBe(403);
    expect(start.json()).toMatchObject({ message: 'You can only change your own two-factor settings.' });
    expect((await call('PUT', user.url, admin.token, { two_factor: false, password: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `${user.url}/trust-computer`, admin.token, { trust: true })).statusCode).toBe(
      403,
    );
  });

  it('answers 422 with field errors for bad bodies', async () => {
    const user = await account();
    const noMethod = await call('POST', user.url, user.token, { two_factor: true });
    expect(noMethod.statusCode).toBe(422);
    expect(noMethod.json<LooseAnswer>().errors).toMatchObject({
      method: [twoFactorSettingsMessages.methodRequired],
    });
    const badMethod = await call('POST', user.url, user.token, { two_factor: true, method: 'auth_app' });
    expect(badMethod.statusCode).toBe(422);
    const badCode = await call('PUT', user.url, user.token, {
      two_factor: true,
      method: 'email',
      code: '12a456',
    });
    expect(badCode.statusCode).toBe(422);
    expect(badCode.json<LooseAnswer>().errors).toMatchObject({
      code: [twoFactorSettingsMessages.codeRequired],
    });
    const nothing = await call('PUT', user.url, user.token, { two_factor: false });
    expect(nothing.json<LooseAnswer>().errors).toMatchObject({
      code: [twoFactorSettingsMessages.codeOrPassword],
    });
    const trust = await call('PUT', `${user.url}/trust-computer`, user.token, { trust: 'yes' });
    expect(trust.statusCode).toBe(422);
  });

  it('answers 405 JSON to index, show and delete', async () => {
    const user = await account();
    for (const [method, url] of [
      ['GET', user.url],
      ['GET', `${user.url}/1`],
      ['DELETE', user.url],
      ['DELETE', `${user.url}/1`],
    ] as const) {
      const response = await call(method, url, user.token);
      expect(response.statusCode).toBe(405);
      // A method's path (`two-factor/{method}`) serves only the confirmation.
      const item = url !== user.url;
      expect(response.headers.allow).toBe(item ? 'PUT' : 'POST, PUT');
      expect(response.json<LooseAnswer>().message).toMatch(item ? /PUT/ : /POST.*PUT/);
    }
  });
});

describe('enabling', () => {
  it('by email: sends a code, refuses a wrong one, confirms with the right one and ends other sign-ins', async () => {
    const user = await account();
    const other = await sessionTokenFor(ctx.app, organisationId, user.id);
    const trusted = await call('PUT', `${user.url}/trust-computer`, user.token, { trust: true });
    const deviceToken = trusted.json<{ data: { device_token: string } }>().data.device_token;

    const start = await call('POST', user.url, user.token, { two_factor: true, method: 'email' });
    expect(start.statusCode).toBe(200);
    expect(start.json<LooseAnswer>().data).toEqual({
      method: 'email',
      sent_to: `t•••@${user.email.split('@')[1]}`,
    });
    const code = await latestCode(ctx.app, user.email);
    expect((await userRow(user.id))?.twoFactorEnabled).toBe(false);

    const wrong = await call('PUT', user.url, user.token, {
      two_factor: true,
      method: 'email',
      code: otherCode(code),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      message: twoFactorSettingsMessages.invalidKey,
      errors: { code: [twoFactorSettingsMessages.invalidKey] },
    });

    const done = await call('PUT', user.url, user.token, { two_factor: true, method: 'email', code });
    expect(done.statusCode).toBe(200);
    expect(done.json<LooseAnswer>().data).toMatchObject({ two_factor_enabled: true, method: 'email' });
    expect(await userRow(user.id)).toMatchObject({ twoFactorEnabled: true, twoFactorMethod: 'email' });
    expect(await sessionWorks(user.id, user.token)).toBe(true);
    expect(await sessionWorks(user.id, other)).toBe(false);

    // The same code works once; the trusted computer is forgotten, so sign-in asks for a code.
    const again = await call('PUT', user.url, user.token, { two_factor: true, method: 'email', code });
    expect(again.statusCode).toBe(422);
    const pending = await signIn(user.email, user.password, { device_token: deviceToken });
    expect(pending).toMatchObject({ two_factor: true, method: 'email' });
  });

  it('by authenticator app: answers a secret, URI and QR code; the confirming code cannot sign in', async () => {
    const user = await account();
    const start = await call('POST', user.url, user.token, { two_factor: true, method: 'auth-app' });
    expect(start.statusCode).toBe(200);
    const data = start.json<{
      data: { method: string; sent_to: null; secret: string; otpauth_uri: string; qr_code: string };
    }>().data;
    expect(data.method).toBe('auth-app');
    expect(data.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(data.otpauth_uri).toContain(`secret=${data.secret}`);
    expect(data.qr_code).toMatch(/^data:image\/png;base64,/);
    // Pending until confirmed: nothing stored on the user yet.
    expect(await userRow(user.id)).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null });

    const code = await generate({ secret: data.secret });
    const done = await call('PUT', user.url, user.token, { two_factor: true, method: 'auth-app', code });
    expect(done.statusCode).toBe(200);
    expect(done.json<LooseAnswer>().data).toMatchObject({ two_factor_enabled: true, method: 'auth_app' });
    expect(await userRow(user.id)).toMatchObject({
      twoFactorMethod: 'auth_app',
      twoFactorSecret: data.secret,
    });

    const pending = await signIn(user.email, user.password);
    expect(pending).toMatchObject({ two_factor: true, method: 'auth_app' });
    const reuse = await call('POST', '/api/auth/api/token', undefined, { token: pending.token, key: code });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json<LooseAnswer>().message).toBe(authMessages.invalidCode);
  });

  it('refuses an authenticator code made from another secret', async () => {
    const user = await account();
    await call('POST', user.url, user.token, { two_factor: true, method: 'auth-app' });
    const code = await generate({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' });
    const refused = await call('PUT', user.url, user.token, { two_factor: true, method: 'auth-app', code });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<LooseAnswer>().message).toBe(twoFactorSettingsMessages.invalidKey);
  });

  it('by SMS: texts the code to the default SMS number', async () => {
    const user = await account({ phoneNumber: '+447700900456' });
    const start = await call('POST', user.url, user.token, { two_factor: true, method: 'sms' });
    expect(start.json<LooseAnswer>().data).toEqual({ method: 'sms', sent_to: '•••••••••0456' });
    const message = await latestMessage(ctx.app, '+447700900456');
    expect(message.channel).toBe('sms');
    const code = await latestCode(ctx.app, '+447700900456');
    const done = await call('PUT', user.url, user.token, { two_factor: true, method: 'sms', code });
    expect(done.json<LooseAnswer>().data).toMatchObject({ two_factor_enabled: true, method: 'sms' });
  });

  it('refuses SMS without a number and a code meant for another method', async () => {
    const user = await account();
    const start = await call('POST', user.url, user.token, { two_factor: true, method: 'sms' });
    expect(start.statusCode).toBe(422);
    expect(start.json<LooseAnswer>().errors).toHaveProperty('method');
    await call('POST', user.url, user.token, { two_factor: true, method: 'email' });
    const code = await latestCode(ctx.app, user.email);
    const mismatch = await call('PUT', user.url, user.token, { two_factor: true, method: 'sms', code });
    expect(mismatch.statusCode).toBe(422);
    expect((await userRow(user.id))?.twoFactorEnabled).toBe(false);
  });

  it('answers 429 with the waiting time after too many wrong codes', async () => {
    const user = await account();
    let last = await call('POST', user.url, user.token, { two_factor: true, method: 'email' });
    for (let round = 0; round < 2; round += 1) {
      await call('POST', user.url, user.token, { two_factor: true, method: 'email' });
      const code = await latestCode(ctx.app, user.email);
      for (let i = 0; i < 5; i += 1) {
        last = await call('PUT', user.url, user.token, {
          two_factor: true,
          method: 'email',
          code: otherCode(code),
        });
        expect(last.statusCode).toBe(422);
      }
    }
    last = await call('PUT', user.url, user.token, { two_factor: true, method: 'email', code: '000000' });
    expect(last.statusCode).toBe(429);
    const wait = Number(last.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(last.json<LooseAnswer>().message).toBe(
      `You have tried too many times, please wait for ${wait} seconds before trying again.`,
    );
  });
});

describe('disabling', () => {
  it('with the password', async () => {
    const user = await account({ twoFactor: 'email' });
    const wrong = await call('PUT', user.url, user.token, { two_factor: false, password: 'Not-it-123' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<LooseAnswer>().errors).toEqual({ password: ['The password is not correct.'] });
    const done = await call('PUT', user.url, user.token, { two_factor: false, password: user.password });
    expect(done.json()).toEqual({ data: { two_factor_enabled: false, method: null } });
    expect(await signIn(user.email, user.password)).toMatchObject({ two_factor: false });
  });

  it('with a code sent by the current method', async () => {
    const user = await account({ twoFactor: 'email' });
    const start = await call('POST', user.url, user.token, { two_factor: false });
    expect(start.json<LooseAnswer>().data).toMatchObject({ method: 'email' });
    const code = await latestCode(ctx.app, user.email);
    const done = await call('PUT', user.url, user.token, { two_factor: false, code });
    expect(done.json()).toEqual({ data: { two_factor_enabled: false, method: null } });
    expect(await userRow(user.id)).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null });
  });

  it('with the authenticator’s current code', async () => {
    const user = await account({ twoFactor: 'auth_app' });
    const start = await call('POST', user.url, user.token, { two_factor: false });
    expect(start.json<LooseAnswer>().data).toEqual({ method: 'auth-app', sent_to: null });
    const done = await call('PUT', user.url, user.token, {
      two_factor: false,
      code: await generate({ secret: user.secret ?? '' }),
    });
    expect(done.statusCode).toBe(200);
  });

  it('is refused (403 naming the role) when a role enforces two-factor', async () => {
    const user = await account({ twoFactor: 'email' });
    await giveRole(ctx.db, organisationId, user.id, { enforceTwoFactor: true });
    const message = 'Two-factor sign-in is required by your role Test role, so it cannot be switched off.';
    const start = await call('POST', user.url, user.token, { two_factor: false });
    expect(start.statusCode).toBe(403);
    expect(start.json<LooseAnswer>().message).toBe(message);
    const done = await call('PUT', user.url, user.token, { two_factor: false, password: user.password });
    expect(done.statusCode).toBe(403);
    expect(done.json<LooseAnswer>().message).toBe(message);
    expect((await userRow(user.id))?.twoFactorEnabled).toBe(true);
  });

  it('names the enforcing roles for the panel, to the user only', async () => {
    const user = await account();
    const other = await account();
    const free = await call('GET', `${user.url}/enforcement`, user.token);
    expect(free.json()).toEqual({ data: { enforced: false, roles: [], sms_available: true } });
    await giveRole(ctx.db, organisationId, user.id, { enforceTwoFactor: true });
    const held = await call('GET', `${user.url}/enforcement`, user.token);
    expect(held.json()).toEqual({ data: { enforced: true, roles: ['Test role'], sms_available: true } });
    expect((await call('GET', `${user.url}/enforcement`)).statusCode).toBe(401);
    expect((await call('GET', `${user.url}/enforcement`, other.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/users/x/two-factor/enforcement', user.token)).statusCode).toBe(422);
  });

  it('answers 409 when two-factor is already off', async () => {
    const user = await account();
    expect((await call('POST', user.url, user.token, { two_factor: false })).statusCode).toBe(409);
  });
});

describe('trust this computer', () => {
  it('answers a device token that skips the code, and forgets every computer with trust false', async () => {
    const user = await account({ twoFactor: 'email' });
    const trusted = await call('PUT', `${user.url}/trust-computer`, user.token, { trust: true });
    expect(trusted.statusCode).toBe(200);
    const deviceToken = trusted.json<{ data: { trusted: true; device_token: string } }>().data.device_token;
    expect(await signIn(user.email, user.password, { device_token: deviceToken })).toMatchObject({
      two_factor: false,
    });
    const forget = await call('PUT', `${user.url}/trust-computer`, user.token, { trust: false });
    expect(forget.json()).toEqual({ data: { trusted: false } });
    expect(await signIn(user.email, user.password, { device_token: deviceToken })).toMatchObject({
      two_factor: true,
    });
  });
});

describe('recovery codes', () => {
  async function enableByEmail(user: Awaited<ReturnType<typeof account>>) {
    await call('POST', user.url, user.token, { two_factor: true, method: 'email' });
    const code = await latestCode(ctx.app, user.email);
    const done = await call('PUT', user.url, user.token, { two_factor: true, method: 'email', code });
    expect(done.statusCode).toBe(200);
    return done.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes;
  }

  async function signInWithRecoveryCode(user: { email: string; password: string }, recovery: string) {
    const pending = await signIn(user.email, user.password);
    expect(pending.two_factor).toBe(true);
    return call('POST', '/api/auth/api/token', undefined, { token: pending.token, recovery_code: recovery });
  }

  it('confirming set-up answers 10 distinct codes once; only their hashes are stored', async () => {
    const user = await account();
    const codes = await enableByEmail(user);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    }
    const rows = await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code.replace('-', ''));
    }
  });

  it('signs in once with a recovery code (typed loosely), then that code no longer works', async () => {
    const user = await account();
    const [first, second] = await enableByEmail(user);
    const used = await signInWithRecoveryCode(user, ` ${first!.toUpperCase()} `);
    expect(used.statusCode).toBe(200);
    expect(used.json<{ token: string; two_factor: boolean }>().two_factor).toBe(false);
    const again = await signInWithRecoveryCode(user, first!);
    expect(again.statusCode).toBe(401);
    expect(again.json<LooseAnswer>().message).toBe(authMessages.invalidCode);
    expect((await signInWithRecoveryCode(user, second!)).statusCode).toBe(200);
    expect((await signInWithRecoveryCode(user, 'abcde-fghjk')).statusCode).toBe(401);
  });

  it('regenerating voids the earlier set; only for the user, with two-factor on', async () => {
    const user = await account();
    const other = await account();
    expect((await call('POST', `${user.url}/recovery-codes`, user.token)).statusCode).toBe(409);
    const old = await enableByEmail(user);
    expect((await call('POST', `${user.url}/recovery-codes`)).statusCode).toBe(401);
    expect((await call('POST', `${user.url}/recovery-codes`, other.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/users/x/two-factor/recovery-codes', user.token)).statusCode).toBe(422);
    const fresh = await call('POST', `${user.url}/recovery-codes`, user.token);
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect((await signInWithRecoveryCode(user, old[0]!)).statusCode).toBe(401);
    expect((await signInWithRecoveryCode(user, codes[0]!)).statusCode).toBe(200);
  });

  it('disabling two-factor removes the codes', async () => {
    const user = await account();
    await enableByEmail(user);
    await call('PUT', user.url, user.token, { two_factor: false, password: user.password });
    const rows = await ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(rows).toHaveLength(0);
  });
});
