import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, sessionClaimsSchema } from '@muster/contract';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import {
  createAccount,
  decodeToken,
  ensurePermissions,
  giveRole,
  grantToRoleProfile,
  sessionTokenFor,
  uniqueEmail,
} from '../../test/factories/auth.js';
import { userDeniedPermissions } from '../../db/schema/index.js';
import { findUserById, listSecurityLog } from './repository.js';

let ctx: TestContext;
let organisationId: number;
const host = 'sign-in.test';

beforeAll(async () => {
  ctx = await createTestContext();
  const organisation = await createOrganisation(ctx.db, {
    hosts: [host],
    name: 'Sign-in Org',
    packageFeatures: { rotas: 3 },
  });
  organisationId = organisation.id;
  // A second organisation so that tenancy really picks by host.
  await createOrganisation(ctx.db, { hosts: ['other-sign-in.test'] });
});
afterAll(() => ctx.close());

let address = 0;
/** Each call from its own client address, so rate limits of other tests never interfere. */
function signIn(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  address += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/api/',
    headers: { host, ...headers },
    remoteAddress: `10.1.0.${address}`,
    payload: body,
  });
}

function heartbeat(token?: string) {
  return ctx.app.inject({
    url: '/api/heartbeat/',
    headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

describe('POST /api/auth/api/ (password sign-in)', () => {
  it('answers a session token without two-factor, decoding to user {organisation, permissions} and environment', async () => {
    const account = await createAccount(ctx.db, organisationId, {
      permissions: ['view-users'],
      firstName: 'Ada',
    });
    const response = await signIn({ email: account.email, password: account.password, minimal: true });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; two_factor: boolean; user?: unknown }>();
    expect(body.two_factor).toBe(false);
    expect(body.user).toBeUndefined();
    const claims = sessionClaimsSchema.parse(decodeToken(body.token));
    expect(claims.user.id).toBe(account.id);
    expect(claims.user.organisation).toMatchObject({
      id: organisationId,
      name: 'Sign-in Org',
      package_features: { rotas: 3 },
    });
    expect(claims.user.permissions).toEqual(['view-users']);
    expect(claims.environment).toBe('test');
    expect(claims.aud).toBe('muster:session');
    expect(claims.iss).toBe(ctx.config.publicOrigin);
    expect(claims.amr).toEqual(['pwd']);
    expect(claims.exp - claims.iat).toBe(15 * 60);
    expect(claims.sub).toBe(String(account.id));
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
    // The token works on a protected route.
    expect((await heartbeat(body.token)).statusCode).toBe(200);
  });

  it('matches the email case-insensitively and adds the user when minimal is false', async () => {
    const account = await createAccount(ctx.db, organisationId, { email: uniqueEmail('Mixed') });
    const response = await signIn({
      email: account.email.toUpperCase(),
      password: account.password,
      minimal: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: { id: number } }>().user.id).toBe(account.id);
  });

  it('refuses a wrong password and an unknown email with the same 401 sentence', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const wrong = await signIn({ email: account.email, password: 'Wrong-password1', minimal: true });
    const unknown = await signIn({ email: uniqueEmail('nobody'), password: 'Whatever123', minimal: true });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: authMessages.signInFailed });
    expect(unknown.json()).toEqual({ message: authMessages.signInFailed });
    expect(authMessages.signInFailed).toBe('Username or password do not match our records.');
  });

  it('takes as long to refuse an unknown email as a wrong password (dummy hash check)', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const time = async (email: string) => {
      const started = performance.now();
      await signIn({ email, password: 'Wrong-password1', minimal: true });
      return performance.now() - started;
    };
    // Warm up, then compare medians of a few tries each.
    await time(account.email);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(await time(account.email));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2] ?? 0;
    // Without the dummy check an unknown email answers in a few milliseconds, an argon2 check takes tens.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('does not find a user of another organisation', async () => {
    const other = await createOrganisation(ctx.db, { hosts: ['third-sign-in.test'] });
    const stranger = await createAccount(ctx.db, other.id);
    const response = await signIn({ email: stranger.email, password: stranger.password, minimal: true });
    expect(response.statusCode).toBe(401);
  });

  it('tells a single sign-on user to use the provider (403), even with a guessed password', async () => {
    const organisation = await createOrganisation(ctx.db, {
      hosts: ['sso-users.test'],
      ssoProvider: {
        name: 'Contoso ID',
        issuer: 'https://id.contoso.test',
        clientId: 'muster',
        clientSecret: 'secret',
      },
    });
    const account = await createAccount(ctx.db, organisation.id, {
      password: null,
      ssoSubject: 'contoso-123',
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/api/',
      headers: { host: 'sso-users.test' },
      payload: { email: account.email, password: 'Guess1234', minimal: true },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toBe(
      'Your account signs in through Contoso ID. Please use the single sign-on button.',
    );
  });

  it('answers 422 keyed by field for a missing password and a malformed email', async () => {
    const response = await signIn({ email: 'not-an-email', minimal: true });
    expect(response.statusCode).toBe(422);
    const errors = response.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors.email).toEqual(['Please enter a valid email address']);
    expect(errors.password).toEqual(['Password is required']);
  });

  it('takes permissions from active roles, minus denied ones, and ignores ended roles', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const active = await giveRole(ctx.db, organisationId, account.id);
    await grantToRoleProfile(ctx.db, active, ['view-users', 'edit-users']);
    const ended = await giveRole(ctx.db, organisationId, account.id, { endDate: '2000-01-01' });
    await grantToRoleProfile(ctx.db, ended, ['delete-users']);
    const [denied] = await ensurePermissions(ctx.db, ['edit-users']);
    await ctx.db.insert(userDeniedPermissions).values({ userId: account.id, permissionId: denied ?? 0 });
    const response = await signIn({ email: account.email, password: account.password, minimal: true });
    const claims = sessionClaimsSchema.parse(decodeToken(response.json<{ token: string }>().token));
    expect(claims.user.permissions).toEqual(['view-users']);
  });

  it('logs every sign-in result with the factor used', async () => {
    const account = await createAccount(ctx.db, organisationId);
    await signIn({ email: account.email, password: 'Nope-nope1', minimal: true });
    await signIn({ email: account.email, password: account.password, minimal: true });
    const rows = (await listSecurityLog(ctx.db, organisationId, { event: 'sign_in' })).filter(
      (row) => row.userId === account.id,
    );
    expect(rows.map((row) => [row.outcome, row.factor, row.details?.reason ?? null])).toEqual([
      ['success', 'password', null],
      ['failure', 'password', 'wrong_password'],
    ]);
    expect(rows[0]?.ip).toMatch(/^10\.1\.0\.\d+$/);
  });
});

describe('GET /api/heartbeat/', () => {
  it('records the last activity of a user holding view-users', async () => {
    const account = await createAccount(ctx.db, organisationId, { permissions: ['view-users'] });
    const token = await sessionTokenFor(ctx.app, organisationId, account.id);
    const response = await heartbeat(token);
    expect(response.statusCode).toBe(200);
    const at = response.json<{ data: { last_activity_at: string } }>().data.last_activity_at;
    const user = await findUserById(ctx.db, organisationId, account.id);
    expect(user?.lastActivityAt?.toISOString()).toBe(at);
  });

  it('answers 401 without a token', async () => {
    const response = await heartbeat();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'You need to sign in to do that.' });
  });

  it('answers 403 without view-users, and logs the authorisation failure', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const token = await sessionTokenFor(ctx.app, organisationId, account.id);
    const response = await heartbeat(token);
    expect(response.statusCode).toBe(403);
    const [row] = await listSecurityLog(ctx.db, organisationId, { event: 'authorisation_failed' });
    expect(row).toMatchObject({ userId: account.id, outcome: 'failure' });
    expect(row?.details).toMatchObject({
      status: 403,
      permission: 'view-users',
      reason: 'missing_permission',
    });
  });

  it('answers 422 for parameters it does not take', async () => {
    const account = await createAccount(ctx.db, organisationId, { permissions: ['view-users'] });
    const token = await sessionTokenFor(ctx.app, organisationId, account.id);
    const response = await ctx.app.inject({
      url: '/api/heartbeat/?focus=yes',
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(422);
  });

  it('refuses a token of another organisation on this host', async () => {
    const other = await createOrganisation(ctx.db, { hosts: ['elsewhere.test'] });
    const stranger = await createAccount(ctx.db, other.id, { permissions: ['view-users'] });
    const token = await sessionTokenFor(ctx.app, other.id, stranger.id);
    expect((await heartbeat(token)).statusCode).toBe(401);
  });
});

describe('session token verification', () => {
  let account: Awaited<ReturnType<typeof createAccount>>;
  let genuine: string;
  beforeAll(async () => {
    account = await createAccount(ctx.db, organisationId, { permissions: ['view-users'] });
    genuine = await sessionTokenFor(ctx.app, organisationId, account.id);
  });

  it('refuses an unsigned (alg none) copy of a genuine token', async () => {
    const claims = decodeToken(genuine);
    const unsigned = new UnsecuredJWT(claims).encode();
    expect((await heartbeat(unsigned)).statusCode).toBe(401);
    // The same claims with a "none" header and the genuine signature stripped.
    const [, payload] = genuine.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await heartbeat(`${header}.${payload}.`)).statusCode).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await new SignJWT(decodeToken(genuine))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('an-attacker-secret-that-is-long-enough-1234'));
    expect((await heartbeat(forged)).statusCode).toBe(401);
  });

  it('refuses a genuine token whose payload was edited (more permissions)', async () => {
    const [header, payload, signature] = genuine.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as {
      user: { permissions: string[] };
    };
    claims.user.permissions.push('delete-everything');
    const edited = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect((await heartbeat(edited)).statusCode).toBe(401);
  });

  it('refuses an expired token and accepts the genuine one', async () => {
    expect((await heartbeat(genuine)).statusCode).toBe(200);
    const { tokens } = ctx.app.auth;
    const claims = decodeToken(genuine);
    const expired = await tokens.sign('session', {
      subject: String(account.id),
      jti: String(claims.jti),
      expiresAt: new Date(Date.now() - 1000),
      claims: { user: claims.user, environment: 'test', amr: ['pwd'], sid: claims.sid },
    });
    expect((await heartbeat(expired)).statusCode).toBe(401);
  });
});
