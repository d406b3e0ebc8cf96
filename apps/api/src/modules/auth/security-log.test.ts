import { Writable } from 'node:stream';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityLog } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { createAccount, latestCode, latestLink, uniqueEmail } from '../../test/factories/auth.js';
import { createLoginLink } from './links.js';

/** Every log line the server writes, as text. */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let ctx: TestContext;
let organisationId: number;
const host = 'security-log.test';
/** Everything that must never reach a log line. */
const secrets: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({}, { logger: { level: 'trace', stream: capture } });
  organisationId = (await createOrganisation(ctx.db, { hosts: [host] })).id;
});
afterAll(() => ctx.close());

let address = 0;
function post(url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  address += 1;
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { host, ...headers },
    remoteAddress: `10.6.0.${address}`,
    payload,
  });
}

/** Signature part of a JWT: enough to recognise it anywhere. */
const signatureOf = (token: string) => token.split('.')[2] ?? token;

describe('the security log', () => {
  it('runs every sign-in path', async () => {
    // Password sign-in, right and wrong.
    const plain = await createAccount(ctx.db, organisationId, {
      password: 'Plain-secret-77',
      permissions: ['view-users'],
    });
    secrets.push('Plain-secret-77', 'Wrong-secret-88');
    await post('/api/auth/api/', { email: plain.email, password: 'Wrong-secret-88', minimal: true });
    const session = (
      await post('/api/auth/api/', { email: plain.email, password: 'Plain-secret-77', minimal: true })
    ).json<{
      token: string;
    }>().token;
    secrets.push(signatureOf(session));
    await ctx.app.inject({ url: '/api/heartbeat/', headers: { host, authorization: `Bearer ${session}` } });
    const renewed = (await post('/api/auth/api/refresh', { token: session, minimal: true })).json<{
      token: string;
    }>().token;
    secrets.push(signatureOf(renewed));
    await post('/api/auth/api/refresh', { token: session, minimal: true });

    // Emailed code, with a wrong try, trust and a replay.
    const emailed = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const pending = (
      await post('/api/auth/api/', { email: emailed.email, password: emailed.password, minimal: true })
    ).json<{
      token: string;
    }>().token;
    const code = await latestCode(ctx.app, emailed.email);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    secrets.push(signatureOf(pending), code, wrongCode);
    await post('/api/auth/api/token', { token: pending, key: wrongCode });
    const done = (await post('/api/auth/api/token', { token: pending, key: code, trust: true })).json<{
      device_token: string;
    }>();
    secrets.push(signatureOf(done.device_token));
    await post('/api/auth/api/token', { token: pending, key: code });

    // Authenticator app, then its replay.
    const app = await createAccount(ctx.db, organisationId, { twoFactor: 'auth_app' });
    const totp = await generate({ secret: app.secret ?? '' });
    secrets.push(totp, app.secret ?? '');
    for (let i = 0; i < 2; i += 1) {
      const interim = (
        await post('/api/auth/api/', { email: app.email, password: app.password, minimal: true })
      ).json<{
        token: string;
      }>().token;
      await post('/api/auth/api/token', { token: interim, key: totp });
    }

    // Magic link, followed twice.
    const magic = await createAccount(ctx.db, organisationId, { twoFactor: 'magic_link' });
    await post('/api/auth/api/', { email: magic.email, password: magic.password, minimal: true });
    const magicPath = new URL(await latestLink(ctx.app, magic.email)).pathname;
    secrets.push(magicPath.split('/').pop() ?? '');
    await ctx.app.inject({ url: magicPath, headers: { host } });
    const followed = await ctx.app.inject({ method: 'POST', url: magicPath, headers: { host } });
    secrets.push(decodeURIComponent(String(followed.headers.location).split('#token=')[1] ?? ''));
    await ctx.app.inject({ method: 'POST', url: magicPath, headers: { host } });

    // Login link, followed twice.
    const loginLink = new URL(await createLoginLink(ctx.app.auth, { organisationId, userId: plain.id }));
    secrets.push(loginLink.pathname.split('/').pop() ?? '');
    for (let i = 0; i < 2; i += 1) {
      await ctx.app.inject({ url: `${loginLink.pathname}?redirect=/portal`, headers: { host } });
    }

    // Password reset: request, then use with a new password.
    await post('/password/email', { email: plain.email });
    const resetToken = new URL(await latestLink(ctx.app, plain.email)).pathname.split('/').pop() ?? '';
    secrets.push(resetToken, 'Reset-secret-99');
    await post('/api/password/reset', {
      token: resetToken,
      password: 'Reset-secret-99',
      password_confirmation: 'Reset-secret-99',
    });

    // Mobile code.
    const mobile = await createAccount(ctx.db, organisationId);
    await post('/api/auth/mobile/request-token', { email: mobile.email, organisation_id: organisationId });
    const mobileCode = await latestCode(ctx.app, mobile.email);
    secrets.push(mobileCode);
    await post('/api/auth/mobile/verify-token', {
      email: mobile.email,
      organisation_id: organisationId,
      token: mobileCode,
    });

    // Logout, with the token in a form field.
    await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: renewed, return: '/' }).toString(),
    });
    await post('/api/auth/api/', {
      email: uniqueEmail('unknown'),
      password: 'Plain-secret-77',
      minimal: true,
    });
    expect(lines.length).toBeGreaterThan(20);
  });

  it('never writes a password, code or raw token to a log line', () => {
    const text = lines.join('\n');
    for (const secret of secrets.filter((value) => value.length >= 6)) {
      expect(text.includes(secret), `a log line contains ${secret.slice(0, 4)}…`).toBe(false);
    }
  });

  it('never stores one in the security_log table either', async () => {
    const rows = JSON.stringify(await ctx.db.select().from(securityLog));
    for (const secret of secrets.filter((value) => value.length >= 6)) {
      expect(rows.includes(secret)).toBe(false);
    }
  });

  it('logs sign-in results with their factor, replays and authorisation failures', () => {
    const events = lines
      .map(
        (line) => JSON.parse(line) as { channel?: string; event?: string; outcome?: string; factor?: string },
      )
      .filter((line) => line.channel === 'security');
    const seen = new Set(events.map((e) => `${e.event}:${e.outcome}:${e.factor ?? ''}`));
    for (const expected of [
      'sign_in:success:password',
      'sign_in:failure:password',
      'sign_in:success:password+email',
      'sign_in:success:password+auth_app',
      'sign_in:success:password+magic_link',
      'sign_in:success:login_link',
      'sign_in:success:mobile_code',
      'code_replayed:failure:email',
      'code_replayed:failure:auth_app',
      'code_replayed:failure:magic_link',
      'two_factor:failure:email',
      'password_reset:success:',
      'logout:success:',
      'login_link:failure:login_link',
    ]) {
      expect(seen, expected).toContain(expected);
    }
  });

  it('logs authorisation failures from requireAuth and requirePermission', async () => {
    const before = lines.length;
    await ctx.app.inject({ url: '/api/heartbeat/', headers: { host } });
    const failure = lines
      .slice(before)
      .map((line) => JSON.parse(line) as { event?: string; details?: { status?: number; reason?: string } })
      .find((line) => line.event === 'authorisation_failed');
    expect(failure?.details).toMatchObject({ status: 401, reason: 'no_token' });
  });
});
