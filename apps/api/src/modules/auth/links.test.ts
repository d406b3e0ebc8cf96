import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordRules, sessionClaimsSchema } from '@muster/contract';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import {
  createAccount,
  decodeToken,
  latestCode,
  latestLink,
  sessionTokenFor,
  uniqueEmail,
} from '../../test/factories/auth.js';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { createLoginLink, RESET_REQUESTED } from './links.js';

let ctx: TestContext;
let organisationId: number;
const host = 'links.test';
const publicOrigin = 'https://muster.example';

beforeAll(async () => {
  ctx = await createTestContext({ publicOrigin });
  organisationId = (await createOrganisation(ctx.db, { hosts: [host], name: 'Links Org' })).id;
  // Two organisations: an unknown host then resolves to none.
  await createOrganisation(ctx.db, { hosts: ['second-links.test'] });
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

let address = 0;
function requestReset(email: string, headers: Record<string, string> = {}, intended?: string) {
  address += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/password/email',
    headers: { host, ...headers },
    remoteAddress: `10.3.0.${address}`,
    payload: { email, ...(intended ? { intended } : {}) },
  });
}

function reset(token: string, password: string, confirmation = password) {
  address += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/password/reset',
    headers: { host },
    remoteAddress: `10.3.1.${address}`,
    payload: { token, password, password_confirmation: confirmation },
  });
}

function signIn(email: string, password: string) {
  address += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/api/',
    headers: { host },
    remoteAddress: `10.3.2.${address}`,
    payload: { email, password, minimal: true },
  });
}

const tokenOf = (link: string) => new URL(link).pathname.split('/').pop() ?? '';

describe('POST /password/email (reset link request)', () => {
  it('emails a single-use link on PUBLIC_ORIGIN even when the Host header is forged', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const response = await requestReset(account.email, { 'x-forwarded-host': 'evil.example' }, '/apply/3');
    expect(response.statusCode).toBe(200);
    const link = await latestLink(ctx.app, account.email);
    expect(link.startsWith(`${publicOrigin}/password/reset/`)).toBe(true);
    expect(new URL(link).searchParams.get('intended')).toBe('/apply/3');
    expect(decodeToken(tokenOf(link))).toMatchObject({
      kind: 'password_reset',
      aud: 'muster:password-reset',
    });
    const claims = decodeToken(tokenOf(link));
    expect(Number(claims.exp) - Number(claims.iat)).toBe(60 * 60);
  });

  it('never builds the link from a forged Host that still resolves to the organisation', async () => {
    // A single-organisation install answers any Host; the link must still use PUBLIC_ORIGIN.
    const lone = await createTestContext({ publicOrigin });
    try {
      const organisation = await createOrganisation(lone.db, { hosts: ['real.example'] });
      const account = await createAccount(lone.db, organisation.id);
      const response = await lone.app.inject({
        method: 'POST',
        url: '/password/email',
        headers: { host: 'attacker.example' },
        payload: { email: account.email },
      });
      expect(response.statusCode).toBe(200);
      const link = await latestLink(lone.app, account.email);
      expect(new URL(link).origin).toBe(publicOrigin);
      expect(link).not.toContain('attacker.example');
    } finally {
      await lone.close();
    }
  });

  it('answers the same whether the address exists or not, and sends nothing for an unknown one', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const known = await requestReset(account.email);
    const stranger = uniqueEmail('stranger');
    const unknown = await requestReset(stranger);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ message: RESET_REQUESTED });
    expect(await ctx.app.outbox.list(5, { to: stranger })).toEqual([]);
  });

  it('answers 422 for a malformed address and 404 on a host that serves no organisation', async () => {
    const bad = await requestReset('nope');
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors.email).toEqual([
      'Please enter a valid email address',
    ]);
    const account = await createAccount(ctx.db, organisationId);
    const nowhere = await requestReset(account.email, { host: 'unknown-host.test' });
    expect(nowhere.statusCode).toBe(404);
  });
});

describe('POST /api/password/reset', () => {
  async function resetLinkFor(email: string) {
    await requestReset(email);
    return tokenOf(await latestLink(ctx.app, email));
  }

  it('sets the new password once; the used link is refused', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const token = await resetLinkFor(account.email);
    const done = await reset(token, 'Brand-new-pass1');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      message: 'Your password has been changed. Please sign in with your new password.',
    });
    expect((await signIn(account.email, account.password)).statusCode).toBe(401);
    expect((await signIn(account.email, 'Brand-new-pass1')).statusCode).toBe(200);

    const again = await reset(token, 'Another-pass12');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'This link has expired or has already been used.' });
  });

  it('does not sign the user in and does not skip the second factor', async () => {
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const token = await resetLinkFor(account.email);
    const done = await reset(token, 'Brand-new-pass1');
    expect(done.json()).not.toHaveProperty('token');
    const next = await signIn(account.email, 'Brand-new-pass1');
    expect(next.json()).toMatchObject({ two_factor: true, method: 'email' });
    expect(await latestCode(ctx.app, account.email)).toMatch(/^\d{6}$/);
  });

  it('ends the user’s sessions', async () => {
    const account = await createAccount(ctx.db, organisationId, { permissions: ['view-users'] });
    const session = await sessionTokenFor(ctx.app, organisationId, account.id);
    await reset(await resetLinkFor(account.email), 'Brand-new-pass1');
    const heartbeat = await ctx.app.inject({
      url: '/api/heartbeat/',
      headers: { host, authorization: `Bearer ${session}` },
    });
    expect(heartbeat.statusCode).toBe(401);
  });

  it('applies the password rules (applicant-flow §5) and checks the confirmation, without using up the link', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const token = await resetLinkFor(account.email);
    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(422);
    const errors = weak.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors.password).toEqual(
      passwordRules.filter((rule) => rule.id !== 'lowercase').map((rule) => rule.label),
    );
    const mismatch = await reset(token, 'Brand-new-pass1', 'Brand-new-pass2');
    expect(mismatch.json<{ errors: Record<string, string[]> }>().errors.password_confirmation).toEqual([
      'The passwords do not match',
    ]);
    expect((await reset(token, 'Brand-new-pass1')).statusCode).toBe(200);
  });

  it('refuses a link after 60 minutes, and a newer link voids the older one', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const older = await resetLinkFor(account.email);
    const newer = await resetLinkFor(account.email);
    expect((await reset(older, 'Brand-new-pass1')).statusCode).toBe(401);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60 * 1000);
    expect((await reset(newer, 'Brand-new-pass1')).statusCode).toBe(401);
  });

  it('answers 403 when the account has moved to single sign-on since the link was sent', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const token = await resetLinkFor(account.email);
    await ctx.db
      .update(users)
      .set({ ssoSubject: 'moved-to-sso', passwordHash: null })
      .where(eq(users.id, account.id));
    const response = await reset(token, 'Brand-new-pass1');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Your account signs in through single sign-on, so it has no password to reset.',
    });
  });

  it('refuses other kinds of token in its place', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const session = await sessionTokenFor(ctx.app, organisationId, account.id);
    expect((await reset(session, 'Brand-new-pass1')).statusCode).toBe(401);
    const loginLink = await createLoginLink(ctx.app.auth, { organisationId, userId: account.id });
    expect((await reset(tokenOf(loginLink), 'Brand-new-pass1')).statusCode).toBe(401);
  });
});

describe('GET /api/login/token/{token} (login link)', () => {
  function follow(link: string, redirect?: string, headers: Record<string, string> = {}) {
    const url = new URL(link);
    return ctx.app.inject({
      url: `${url.pathname}${redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`}`,
      headers: { host, ...headers },
    });
  }

  it('signs the browser in once, with the session token in the fragment, never the query', async () => {
    const account = await createAccount(ctx.db, organisationId, { permissions: ['view-users'] });
    const link = await createLoginLink(ctx.app.auth, { organisationId, userId: account.id });
    expect(link.startsWith(`${publicOrigin}/api/login/token/`)).toBe(true);
    const claims = decodeToken(tokenOf(link));
    expect(claims).toMatchObject({ kind: 'login_link', aud: 'muster:login-link' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(5 * 60);

    const response = await follow(link, '/portal');
    expect(response.statusCode).toBe(303);
    const location = String(response.headers.location);
    expect(location).toMatch(/^\/portal#token=/);
    const token = decodeURIComponent(location.split('#token=')[1] ?? '');
    expect(sessionClaimsSchema.parse(decodeToken(token)).amr).toEqual(['login_link']);
    const heartbeat = await ctx.app.inject({
      url: '/api/heartbeat/',
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(heartbeat.statusCode).toBe(200);

    const again = await follow(link, '/portal');
    expect(again.statusCode).toBe(401);
  });

  it('only redirects on our own origin', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const away = await follow(
      await createLoginLink(ctx.app.auth, { organisationId, userId: account.id }),
      'https://evil.example/',
    );
    expect(String(away.headers.location)).toMatch(/^\/portal#token=/);
    const full = await follow(
      await createLoginLink(ctx.app.auth, { organisationId, userId: account.id }),
      `${publicOrigin}/apply/9`,
    );
    expect(String(full.headers.location)).toMatch(/^\/apply\/9#token=/);
  });

  it('expires after 5 minutes', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const link = await createLoginLink(ctx.app.auth, { organisationId, userId: account.id });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 2000);
    expect((await follow(link, '/portal')).statusCode).toBe(401);
  });

  it('refuses a link of another organisation (403) and a session token in its place (401)', async () => {
    const other = await createOrganisation(ctx.db, { hosts: ['other-links.test'] });
    const stranger = await createAccount(ctx.db, other.id);
    const link = await createLoginLink(ctx.app.auth, { organisationId: other.id, userId: stranger.id });
    expect((await follow(link, '/portal')).statusCode).toBe(403);
    const account = await createAccount(ctx.db, organisationId);
    const session = await sessionTokenFor(ctx.app, organisationId, account.id);
    expect((await follow(`${publicOrigin}/api/login/token/${session}`, '/portal')).statusCode).toBe(401);
  });

  it('answers 422 for a redirect that is not a string of sensible length', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const link = await createLoginLink(ctx.app.auth, { organisationId, userId: account.id });
    expect((await follow(link, 'x'.repeat(2100))).statusCode).toBe(422);
  });
});
