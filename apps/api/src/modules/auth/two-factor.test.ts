import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authMessages, sessionClaimsSchema } from '@muster/contract';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import {
  createAccount,
  decodeToken,
  latestCode,
  latestLink,
  latestMessage,
  touchCredentials,
} from '../../test/factories/auth.js';
import { listSecurityLog } from './repository.js';
import { revokeTrustedDevices } from './two-factor.js';

let ctx: TestContext;
let organisationId: number;
const host = 'two-factor.test';

beforeAll(async () => {
  ctx = await createTestContext({ publicOrigin: 'https://muster.example' });
  organisationId = (await createOrganisation(ctx.db, { hosts: [host], name: 'Two Factor Org' })).id;
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

let address = 0;
function post(url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  address += 1;
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { host, ...headers },
    remoteAddress: `10.2.${address >> 8}.${address & 255}`,
    payload,
  });
}

async function signIn(account: { email: string; password: string }, extra: Record<string, unknown> = {}) {
  const response = await post('/api/auth/api/', {
    email: account.email,
    password: account.password,
    minimal: true,
    ...extra,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string; two_factor: boolean; method?: string }>();
}

function sendKey(token: string, key: string, extra: Record<string, unknown> = {}) {
  return post('/api/auth/api/token', { token, key, ...extra });
}

function heartbeat(token: string) {
  return ctx.app.inject({ url: '/api/heartbeat/', headers: { host, authorization: `Bearer ${token}` } });
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('email codes', () => {
  it('sends a 6-digit code and answers an interim token that completes with it', async () => {
    const account = await createAccount(ctx.db, organisationId, {
      twoFactor: 'email',
      permissions: ['view-users'],
    });
    const pending = await signIn(account);
    expect(pending).toMatchObject({ two_factor: true, method: 'email' });
    expect(decodeToken(pending.token)).toMatchObject({ kind: 'interim', aud: 'muster:two-factor' });
    const message = await latestMessage(ctx.app, account.email);
    expect(message.subject).toBe('Your Two Factor Org sign-in code');
    const code = await latestCode(ctx.app, account.email);
    expect(code).toMatch(/^\d{6}$/);

    const done = await sendKey(pending.token, code);
    expect(done.statusCode).toBe(200);
    const body = done.json<{ token: string; two_factor: boolean; device_token?: string }>();
    expect(body.two_factor).toBe(false);
    expect(body.device_token).toBeUndefined();
    const claims = sessionClaimsSchema.parse(decodeToken(body.token));
    expect(claims.amr).toEqual(['pwd', 'email']);
    expect((await heartbeat(body.token)).statusCode).toBe(200);
  });

  it('refuses the interim token on an ordinary route', async () => {
    const account = await createAccount(ctx.db, organisationId, {
      twoFactor: 'email',
      permissions: ['view-users'],
    });
    const pending = await signIn(account);
    expect((await heartbeat(pending.token)).statusCode).toBe(401);
  });

  it('answers a wrong code with 401 "Invalid code, please try again" and keeps the challenge open', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const pending = await signIn(account);
    const code = await latestCode(ctx.app, account.email);
    const wrong = await sendKey(pending.token, otherCode(code));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: authMessages.invalidCode });
    expect(authMessages.invalidCode).toBe('Invalid code, please try again');
    expect((await sendKey(pending.token, code)).statusCode).toBe(200);
  });

  it('refuses a used code again and logs it as replayed', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const pending = await signIn(account);
    const code = await latestCode(ctx.app, account.email);
    expect((await sendKey(pending.token, code)).statusCode).toBe(200);
    const again = await sendKey(pending.token, code);
    expect(again.statusCode).toBe(401);
    const replays = await listSecurityLog(ctx.db, organisationId, { event: 'code_replayed' });
    expect(replays.some((row) => row.userId === account.id && row.factor === 'email')).toBe(true);
  });

  it('accepts the right code on the 5th try after 4 wrong ones', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const pending = await signIn(account);
    const code = await latestCode(ctx.app, account.email);
    for (let i = 0; i < 4; i += 1) {
      expect((await sendKey(pending.token, otherCode(code))).statusCode).toBe(401);
    }
    expect((await sendKey(pending.token, code)).statusCode).toBe(200);
  });

  it('kills the challenge after 5 wrong codes: the 6th wrong one and even the right one then fail', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const pending = await signIn(account);
    const code = await latestCode(ctx.app, account.email);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await sendKey(pending.token, otherCode(code));
      expect(wrong.json()).toEqual({ message: authMessages.invalidCode });
    }
    const sixth = await sendKey(pending.token, otherCode(code));
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json<{ message: string }>().message).toMatch(/please sign in again/);
    const right = await sendKey(pending.token, code);
    expect(right.statusCode).toBe(401);
    expect(right.json<{ message: string }>().message).toMatch(/please sign in again/);
  });

  it('lets only one of two racing right answers sign in', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const pending = await signIn(account);
    const code = await latestCode(ctx.app, account.email);
    const results = await Promise.all([sendKey(pending.token, code), sendKey(pending.token, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses the code after 10 minutes', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const pending = await signIn(account);
    const code = await latestCode(ctx.app, account.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 5000);
    expect((await sendKey(pending.token, code)).statusCode).toBe(401);
  });

  it('only the newest code works when the user signs in twice', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const first = await signIn(account);
    const firstCode = await latestCode(ctx.app, account.email);
    const second = await signIn(account);
    const secondCode = await latestCode(ctx.app, account.email);
    expect((await sendKey(first.token, firstCode)).statusCode).toBe(401);
    expect((await sendKey(second.token, secondCode)).statusCode).toBe(200);
  });

  it('accepts `code` for `key` (the application form sends code) and answers 422 without either', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const pending = await signIn(account);
    const missing = await post('/api/auth/api/token', { token: pending.token });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors.key).toEqual(['Key is required']);
    const malformed = await post('/api/auth/api/token', { token: pending.token, key: '12ab56' });
    expect(malformed.json<{ errors: Record<string, string[]> }>().errors.key).toEqual([
      'Please enter the 6-digit code',
    ]);
    const code = await latestCode(ctx.app, account.email);
    expect((await post('/api/auth/api/token', { token: pending.token, code })).statusCode).toBe(200);
  });

  it('refuses a session token (401), or an interim token of another organisation (403), in place of the interim token', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const pending = await signIn(account);
    const code = await latestCode(ctx.app, account.email);
    const session = (await sendKey(pending.token, code)).json<{ token: string }>().token;
    expect((await sendKey(session, code)).statusCode).toBe(401);

    const other = await createOrganisation(ctx.db, { hosts: ['other-two-factor.test'] });
    const stranger = await createAccount(ctx.db, other.id, { twoFactor: 'email' });
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/api/',
      headers: { host: 'other-two-factor.test' },
      payload: { email: stranger.email, password: stranger.password, minimal: true },
    });
    const strangerCode = await latestCode(ctx.app, stranger.email);
    const crossed = await sendKey(foreign.json<{ token: string }>().token, strangerCode);
    expect(crossed.statusCode).toBe(403);
    expect(crossed.json()).toEqual({ message: 'This sign-in belongs to another organisation.' });
  });
});

describe('who must pass a second factor', () => {
  it('a user whose role enforces two-factor, with emailed codes by default', async () => {
    const account = await createAccount(ctx.db, organisationId, { enforcedByRole: true });
    const pending = await signIn(account);
    expect(pending).toMatchObject({ two_factor: true, method: 'email' });
  });

  it('not a user without it', async () => {
    const account = await createAccount(ctx.db, organisationId);
    expect((await signIn(account)).two_factor).toBe(false);
  });
});

describe('SMS codes', () => {
  it('texts the code to the default SMS number', async () => {
    const account = await createAccount(ctx.db, organisationId, {
      twoFactor: 'sms',
      phoneNumber: '+447700900123',
    });
    const pending = await signIn(account);
    expect(pending.method).toBe('sms');
    const sms = await latestMessage(ctx.app, '+447700900123');
    expect(sms.channel).toBe('sms');
    const code = await latestCode(ctx.app, '+447700900123');
    const done = await sendKey(pending.token, code);
    expect(done.statusCode).toBe(200);
    expect(sessionClaimsSchema.parse(decodeToken(done.json<{ token: string }>().token)).amr).toEqual([
      'pwd',
      'sms',
    ]);
  });

  it('emails the code when the user has no SMS number, and says so', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'sms' });
    const pending = await signIn(account);
    expect(pending.method).toBe('email');
    expect((await sendKey(pending.token, await latestCode(ctx.app, account.email))).statusCode).toBe(200);
  });
});

describe('authenticator app (TOTP)', () => {
  it('accepts the current code, refuses it a second time and logs the replay', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'auth_app' });
    const secret = account.secret ?? '';
    const first = await signIn(account);
    expect(first.method).toBe('auth_app');
    const code = await generate({ secret });
    expect((await sendKey(first.token, code)).statusCode).toBe(200);

    const second = await signIn(account);
    const replay = await sendKey(second.token, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: authMessages.invalidCode });
    const replays = await listSecurityLog(ctx.db, organisationId, { event: 'code_replayed' });
    expect(replays.some((row) => row.userId === account.id && row.factor === 'auth_app')).toBe(true);
  });

  it('allows one step of clock drift but not two', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'auth_app' });
    const secret = account.secret ?? '';
    const now = Math.floor(Date.now() / 1000);
    const pending = await signIn(account);
    const twoStepsAgo = await generate({ secret, epoch: now - 60 });
    const current = await generate({ secret, epoch: now });
    // (On the one-in-a-million chance that both steps share a code, there is nothing to refuse.)
    const refused = twoStepsAgo === current ? 401 : (await sendKey(pending.token, twoStepsAgo)).statusCode;
    expect(refused).toBe(401);
    const oneStepAhead = await generate({ secret, epoch: now + 30 });
    expect((await sendKey(pending.token, oneStepAhead)).statusCode).toBe(200);
  });

  it('refuses a wrong code', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'auth_app' });
    const pending = await signIn(account);
    const code = await generate({ secret: account.secret ?? '' });
    const wrong = await sendKey(pending.token, otherCode(code));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: authMessages.invalidCode });
  });
});

describe('magic link', () => {
  it('emails a single-use link on PUBLIC_ORIGIN whose page posts back and signs the browser in', async () => {
    const account = await createAccount(ctx.db, organisationId, {
      twoFactor: 'magic_link',
      permissions: ['view-users'],
    });
    const pending = await signIn(account, { intended: '/apply/42?step=2' });
    expect(pending.method).toBe('magic_link');
    const link = await latestLink(ctx.app, account.email);
    expect(link.startsWith('https://muster.example/auth/magic/')).toBe(true);
    const path = new URL(link).pathname;

    // The code call explains that the link finishes this sign-in.
    const viaKey = await sendKey(pending.token, '123456');
    expect(viaKey.statusCode).toBe(409);

    // Fetching the link (as mail scanners do) does not use it up.
    const page = await ctx.app.inject({ url: path, headers: { host } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`action="${path}"`);
    const pageAgain = await ctx.app.inject({ url: path, headers: { host } });
    expect(pageAgain.statusCode).toBe(200);

    const followed = await ctx.app.inject({ method: 'POST', url: path, headers: { host } });
    expect(followed.statusCode).toBe(303);
    const location = String(followed.headers.location);
    expect(location.startsWith('/apply/42?step=2#token=')).toBe(true);
    const token = decodeURIComponent(location.split('#token=')[1] ?? '');
    expect(sessionClaimsSchema.parse(decodeToken(token)).amr).toEqual(['pwd', 'magic_link']);
    expect((await heartbeat(token)).statusCode).toBe(200);

    const reused = await ctx.app.inject({ method: 'POST', url: path, headers: { host } });
    expect(reused.statusCode).toBe(401);
    expect(reused.json<{ message: string }>().message).toBe(
      'This link has expired or has already been used.',
    );
  });

  it('goes to /portal when the intended address is on another site', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'magic_link' });
    await signIn(account, { intended: 'https://evil.example/steal' });
    const path = new URL(await latestLink(ctx.app, account.email)).pathname;
    const followed = await ctx.app.inject({ method: 'POST', url: path, headers: { host } });
    expect(String(followed.headers.location).startsWith('/portal#token=')).toBe(true);
  });
});

describe('trust this computer', () => {
  async function trustedDeviceFor(account: { email: string; password: string }) {
    const pending = await signIn(account);
    const done = await sendKey(pending.token, await latestCode(ctx.app, account.email), { trust: true });
    expect(done.statusCode).toBe(200);
    const deviceToken = done.json<{ device_token?: string }>().device_token ?? '';
    expect(deviceToken).not.toBe('');
    return deviceToken;
  }

  it('answers a 30-day device token that skips the second factor on later sign-ins', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const deviceToken = await trustedDeviceFor(account);
    const claims = decodeToken(deviceToken);
    expect(claims).toMatchObject({ kind: 'trusted_device', aud: 'muster:trusted-device' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(30 * 24 * 60 * 60);
    const later = await signIn(account, { device_token: deviceToken });
    expect(later.two_factor).toBe(false);
    expect(sessionClaimsSchema.parse(decodeToken(later.token)).amr).toEqual(['pwd', 'trusted_device']);
  });

  it('is void once the password or two-factor settings change', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const deviceToken = await trustedDeviceFor(account);
    await touchCredentials(ctx.db, account.id, new Date(Date.now() + 1000));
    expect((await signIn(account, { device_token: deviceToken })).two_factor).toBe(true);
  });

  it('does not work for another user, and is never a session token', async () => {
    const account = await createAccount(ctx.db, organisationId, {
      twoFactor: 'email',
      permissions: ['view-users'],
    });
    const deviceToken = await trustedDeviceFor(account);
    const other = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    expect((await signIn(other, { device_token: deviceToken })).two_factor).toBe(true);
    expect((await heartbeat(deviceToken)).statusCode).toBe(401);
  });

  it('is void after a password reset', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const deviceToken = await trustedDeviceFor(account);
    await post('/password/email', { email: account.email });
    const resetToken = new URL(await latestLink(ctx.app, account.email)).pathname.split('/').pop() ?? '';
    const done = await post('/api/password/reset', {
      token: resetToken,
      password: 'Changed-pass1',
      password_confirmation: 'Changed-pass1',
    });
    expect(done.statusCode).toBe(200);
    const next = await signIn(
      { email: account.email, password: 'Changed-pass1' },
      { device_token: deviceToken },
    );
    expect(next.two_factor).toBe(true);
  });

  it('stops working when the user revokes their trusted devices', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const deviceToken = await trustedDeviceFor(account);
    expect(await revokeTrustedDevices(ctx.app.auth, { organisationId, userId: account.id })).toBe(1);
    expect((await signIn(account, { device_token: deviceToken })).two_factor).toBe(true);
  });

  it('still needs the password', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const deviceToken = await trustedDeviceFor(account);
    const wrong = await post('/api/auth/api/', {
      email: account.email,
      password: 'Wrong-password1',
      minimal: true,
      device_token: deviceToken,
    });
    expect(wrong.statusCode).toBe(401);
  });
});
