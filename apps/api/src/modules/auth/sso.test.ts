import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionClaimsSchema } from '@muster/contract';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { createAccount, decodeToken, uniqueEmail } from '../../test/factories/auth.js';
import { USER_STATUS } from '../../db/seed/reference-data.js';
import { findUserById, listSecurityLog } from './repository.js';

const publicOrigin = 'https://muster.example';
const callbackUrl = `${publicOrigin}/auth/sso/callback`;
const host = 'sso.test';

/** Accounts the local OpenID provider knows: subject to claims. */
const accounts = new Map<string, Record<string, unknown>>();

let ctx: TestContext;
let server: http.Server;
let issuer: string;
let organisationId: number;

beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'muster',
        client_secret: 'muster-client-secret-for-tests',
        redirect_uris: [callbackUrl],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount: async (_context, id) =>
      accounts.has(id)
        ? { accountId: id, claims: async () => ({ sub: id, ...accounts.get(id) }) }
        : undefined,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['sso-test-cookie-key'] },
  });
  server.on('request', provider.callback());

  ctx = await createTestContext({ publicOrigin });
  organisationId = (
    await createOrganisation(ctx.db, {
      hosts: [host],
      ssoProvider: {
        name: 'Test ID',
        issuer,
        clientId: 'muster',
        clientSecret: 'muster-client-secret-for-tests',
      },
    })
  ).id;
  await createOrganisation(ctx.db, { hosts: ['no-sso.test'] });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/**
 * Plays the browser at the provider: follows redirects, keeps its cookies, and submits its
 * sign-in (as `subject`) and consent forms, until the provider redirects to our callback.
 */
async function browseProvider(start: string, subject: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(start);
  let init: RequestInit = {};
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      jar.set(name, value.join('='));
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.href.startsWith(callbackUrl)) {
        return next;
      }
      url = next;
      init = {};
      continue;
    }
    const html = await response.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(html);
    if (!form?.[1]) {
      throw new Error(`provider page without a form (status ${response.status}): ${html.slice(0, 300)}`);
    }
    const fields = new URLSearchParams();
    for (const input of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*>/gi)) {
      const name = input[1] ?? '';
      const value = /value="([^"]*)"/i.exec(input[0])?.[1] ?? '';
      fields.set(name, name === 'login' ? subject : name === 'password' ? 'any-password' : value);
    }
    url = new URL(form[1].replace(/&amp;/g, '&'), url);
    init = {
      method: 'POST',
      body: fields.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('the provider never redirected back');
}

/** The whole flow: our redirect, the provider, our callback. Answers the callback's answer. */
async function signInThroughProvider(
  subject: string,
  options: { redirect?: string; stealBinding?: boolean } = {},
) {
  const started = await ctx.app.inject({
    url: `/auth/sso/redirect${options.redirect ? `?redirect=${encodeURIComponent(options.redirect)}` : ''}`,
    headers: { host },
  });
  expect(started.statusCode).toBe(302);
  const cookie = String(started.headers['set-cookie']).split(';')[0] ?? '';
  expect(cookie).toMatch(/^muster_sso=.+/);
  const authorize = new URL(String(started.headers.location));
  const callback = await browseProvider(authorize.href, subject);
  return ctx.app.inject({
    url: `${callback.pathname}${callback.search}`,
    headers: { host, cookie: options.stealBinding ? 'muster_sso=someone-elses' : cookie },
  });
}

const fragmentToken = (location: unknown) => decodeURIComponent(String(location).split('#token=')[1] ?? '');

describe('single sign-on (OpenID Connect, authorisation code + PKCE)', () => {
  it('sends the browser to the provider with PKCE, state, nonce and our callback on PUBLIC_ORIGIN', async () => {
    const response = await ctx.app.inject({ url: '/auth/sso/redirect', headers: { host } });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.origin).toBe(issuer);
    expect(location.searchParams.get('redirect_uri')).toBe(callbackUrl);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(String(response.headers['set-cookie'])).toContain('HttpOnly');
    expect(String(response.headers['set-cookie'])).toContain('Secure');
  });

  // Issue 10, finding 1: these normalise to `//evil.tld`, which once came back as the callback's Location.
  it.each([
    '/.//evil.tld',
    '/..//evil.tld',
    '/%2e//evil.tld',
    '/\\evil.tld',
    '/%5c%5cevil.tld',
    'https://evil.tld/',
  ])('never sends the token off our site for redirect %j', async (redirect) => {
    const account = await createAccount(ctx.db, organisationId, { email: uniqueEmail('sso-redirect') });
    const subject = `subject-redirect-${accounts.size}`;
    accounts.set(subject, { email: account.email, email_verified: true, name: 'Sso Redirect' });
    const response = await signInThroughProvider(subject, { redirect });
    expect(response.statusCode).toBe(303);
    const location = String(response.headers.location);
    expect(location).toMatch(/^\/portal#token=/);
    expect(new URL(location, 'https://muster.example').origin).toBe('https://muster.example');
  });

  it('signs in a user found by verified email, links the subject and removes the password', async () => {
    const account = await createAccount(ctx.db, organisationId, { email: uniqueEmail('sso') });
    accounts.set('subject-email', { email: account.email, email_verified: true, name: 'Sso Person' });
    const response = await signInThroughProvider('subject-email', { redirect: '/apply/5' });
    expect(response.statusCode).toBe(303);
    expect(String(response.headers.location)).toMatch(/^\/apply\/5#token=/);
    const claims = sessionClaimsSchema.parse(decodeToken(fragmentToken(response.headers.location)));
    expect(claims.user.id).toBe(account.id);
    expect(claims.amr).toEqual(['sso']);
    const user = await findUserById(ctx.db, organisationId, account.id);
    expect(user?.ssoSubject).toBe('subject-email');
    expect(user?.passwordHash).toBeNull();

    // From now on the password no longer works: the provider is the way in.
    const password = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/api/',
      headers: { host },
      payload: { email: account.email, password: account.password, minimal: true },
    });
    expect(password.statusCode).toBe(403);
    expect(password.json<{ message: string }>().message).toContain('Test ID');
  });

  it('signs in a user linked by subject even when the provider’s email changed', async () => {
    const account = await createAccount(ctx.db, organisationId, {
      password: null,
      ssoSubject: 'subject-linked',
    });
    accounts.set('subject-linked', { email: uniqueEmail('changed'), email_verified: true });
    const response = await signInThroughProvider('subject-linked');
    expect(String(response.headers.location)).toMatch(/^\/portal#token=/);
    expect(sessionClaimsSchema.parse(decodeToken(fragmentToken(response.headers.location))).user.id).toBe(
      account.id,
    );
  });

  it('holds a user whose role enforces two-factor, without it, until they set it up (issue 9)', async () => {
    const account = await createAccount(ctx.db, organisationId, {
      email: uniqueEmail('sso-enforced'),
      enforcedByRole: true,
    });
    accounts.set('subject-enforced', { email: account.email, email_verified: true });
    const response = await signInThroughProvider('subject-enforced');
    const token = fragmentToken(response.headers.location);
    const claims = sessionClaimsSchema.parse(decodeToken(token));
    expect(claims.amr).toEqual(['sso']);
    expect(claims.two_factor_enrolment_required).toBe(true);
    const bearer = { host, authorization: `Bearer ${token}` };
    const refused = await ctx.app.inject({ url: `/api/users/${account.id}/consents`, headers: bearer });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'two_factor_enrolment_required' });
    const enforcement = await ctx.app.inject({
      url: `/api/users/${account.id}/two-factor/enforcement`,
      headers: bearer,
    });
    expect(enforcement.statusCode).toBe(200);

    // Once set up, single sign-on users are not held.
    const enrolled = await createAccount(ctx.db, organisationId, {
      email: uniqueEmail('sso-enrolled'),
      enforcedByRole: true,
      twoFactor: 'email',
    });
    accounts.set('subject-enrolled', { email: enrolled.email, email_verified: true });
    const free = fragmentToken((await signInThroughProvider('subject-enrolled')).headers.location);
    expect(sessionClaimsSchema.parse(decodeToken(free)).two_factor_enrolment_required).toBe(false);
    const allowed = await ctx.app.inject({
      url: `/api/users/${enrolled.id}/consents`,
      headers: { host, authorization: `Bearer ${free}` },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('does not match by an unverified email', async () => {
    const account = await createAccount(ctx.db, organisationId);
    accounts.set('subject-unverified', { email: account.email, email_verified: false });
    const response = await signInThroughProvider('subject-unverified');
    expect(response.headers.location).toBe('/portal#sso_error=email_not_verified');
    expect((await findUserById(ctx.db, organisationId, account.id))?.ssoSubject).toBeNull();
  });

  it('refuses a blocked user, without a token (issue 10, finding 8)', async () => {
    const account = await createAccount(ctx.db, organisationId, { statusId: USER_STATUS.blocked });
    accounts.set('subject-blocked', { email: account.email, email_verified: true });
    const response = await signInThroughProvider('subject-blocked');
    expect(response.headers.location).toBe('/portal#sso_error=account_not_active');
  });

  it('reports an address with no account here', async () => {
    accounts.set('subject-stranger', { email: uniqueEmail('stranger'), email_verified: true });
    const response = await signInThroughProvider('subject-stranger');
    expect(response.headers.location).toBe('/portal#sso_error=no_account');
  });

  it('refuses a callback from a browser that did not start the attempt, and logs it', async () => {
    const account = await createAccount(ctx.db, organisationId);
    accounts.set('subject-csrf', { email: account.email, email_verified: true });
    const response = await signInThroughProvider('subject-csrf', { stealBinding: true });
    expect(response.statusCode).toBe(303);
    expect(String(response.headers.location)).toContain('#sso_error=invalid_state');
    expect(String(response.headers.location)).not.toContain('token=');
    const rows = await listSecurityLog(ctx.db, organisationId, { event: 'sso' });
    expect(rows.some((row) => row.details?.reason === 'invalid_state')).toBe(true);
  });

  it('uses each attempt once', async () => {
    const account = await createAccount(ctx.db, organisationId);
    accounts.set('subject-once', { email: account.email, email_verified: true });
    const started = await ctx.app.inject({ url: '/auth/sso/redirect', headers: { host } });
    const cookie = String(started.headers['set-cookie']).split(';')[0] ?? '';
    const callback = await browseProvider(String(started.headers.location), 'subject-once');
    const first = await ctx.app.inject({
      url: `${callback.pathname}${callback.search}`,
      headers: { host, cookie },
    });
    expect(String(first.headers.location)).toContain('#token=');
    const second = await ctx.app.inject({
      url: `${callback.pathname}${callback.search}`,
      headers: { host, cookie },
    });
    expect(String(second.headers.location)).toContain('#sso_error=invalid_state');
  });

  it('answers 404 where the organisation has no single sign-on, and 422 for a malformed redirect', async () => {
    const none = await ctx.app.inject({ url: '/auth/sso/redirect', headers: { host: 'no-sso.test' } });
    expect(none.statusCode).toBe(404);
    const bad = await ctx.app.inject({
      url: `/auth/sso/redirect?redirect=${'x'.repeat(2100)}`,
      headers: { host },
    });
    expect(bad.statusCode).toBe(422);
  });
});
