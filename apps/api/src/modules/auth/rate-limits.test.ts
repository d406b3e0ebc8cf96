import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { createAccount, latestCode, uniqueEmail } from '../../test/factories/auth.js';
import { authLimitRules } from './limits.js';

let ctx: TestContext;
let organisationId: number;
const host = 'limits.test';

beforeAll(async () => {
  ctx = await createTestContext();
  organisationId = (await createOrganisation(ctx.db, { hosts: [host] })).id;
});
afterAll(() => ctx.close());

function signIn(email: string, password: string, remoteAddress: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/api/',
    headers: { host },
    remoteAddress,
    payload: { email, password, minimal: true },
  });
}

function expectTooMany(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}) {
  expect(response.statusCode).toBe(429);
  const retryAfter = String(response.headers['retry-after']);
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  expect(response.json()).toEqual({
    message: `You have tried too many times, please wait for ${retryAfter} seconds before trying again.`,
  });
}

describe('sign-in limits', () => {
  it('refuses an account after 10 failures in 15 minutes, from any address, even with the right password', async () => {
    const account = await createAccount(ctx.db, organisationId);
    for (let i = 0; i < authLimitRules.signInAccount.max; i += 1) {
      expect((await signIn(account.email, 'Wrong-pass1', `10.4.0.${i + 1}`)).statusCode).toBe(401);
    }
    const blocked = await signIn(account.email, account.password, '10.4.1.1');
    expectTooMany(blocked);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another account is not affected.
    const other = await createAccount(ctx.db, organisationId);
    expect((await signIn(other.email, other.password, '10.4.1.2')).statusCode).toBe(200);
  });

  it('verifies at most 10 of 50 parallel wrong passwords for one account (issue 10, finding 4)', async () => {
    const account = await createAccount(ctx.db, organisationId);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signIn(account.email, 'Wrong-pass1', `10.44.${i >> 8}.${(i & 255) + 1}`),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      authLimitRules.signInAccount.max,
    );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(
      50 - authLimitRules.signInAccount.max,
    );
  });

  it('does not count successful sign-ins', async () => {
    const account = await createAccount(ctx.db, organisationId);
    for (let i = 0; i < authLimitRules.signInAccount.max + 2; i += 1) {
      expect((await signIn(account.email, account.password, `10.4.2.${i + 1}`)).statusCode).toBe(200);
    }
  });

  it('refuses a client address after 30 failures across accounts', async () => {
    for (let i = 0; i < authLimitRules.signInAddress.max; i += 1) {
      expect((await signIn(uniqueEmail('spray'), 'Guess-pass1', '10.4.3.1')).statusCode).toBe(401);
    }
    expectTooMany(await signIn(uniqueEmail('spray'), 'Guess-pass1', '10.4.3.1'));
    // The next address along is fine.
    expect((await signIn(uniqueEmail('spray'), 'Guess-pass1', '10.4.3.2')).statusCode).toBe(401);
  });
});

describe('code guessing', () => {
  it('refuses an address after 20 wrong codes, across challenges', async () => {
    const guesser = '10.4.4.1';
    let sent = 0;
    while (sent < authLimitRules.codeAddress.max) {
      const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
      const pending = (await signIn(account.email, account.password, `10.4.5.${sent + 1}`)).json<{
        token: string;
      }>();
      const code = await latestCode(ctx.app, account.email);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 5 && sent < authLimitRules.codeAddress.max; i += 1, sent += 1) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/api/token',
          headers: { host },
          remoteAddress: guesser,
          payload: { token: pending.token, key: wrong },
        });
        expect(response.statusCode).toBe(401);
      }
    }
    const account = await createAccount(ctx.db, organisationId, { twoFactor: 'email' });
    const pending = (await signIn(account.email, account.password, '10.4.6.1')).json<{ token: string }>();
    const blocked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/api/token',
      headers: { host },
      remoteAddress: guesser,
      payload: { token: pending.token, key: await latestCode(ctx.app, account.email) },
    });
    expectTooMany(blocked);
  });
});

describe('reset requests and the client address', () => {
  function requestReset(app: TestContext['app'], email: string, forwardedFor: string) {
    return app.inject({
      method: 'POST',
      url: '/password/email',
      headers: { host, 'x-forwarded-for': forwardedFor },
      remoteAddress: '10.4.7.1',
      payload: { email },
    });
  }

  it('counts by socket address, ignoring X-Forwarded-For, when TRUST_PROXY is not set', async () => {
    for (let i = 0; i < authLimitRules.resetAddress.max; i += 1) {
      expect((await requestReset(ctx.app, uniqueEmail('reset'), `198.51.100.${i + 1}`)).statusCode).toBe(200);
    }
    expectTooMany(await requestReset(ctx.app, uniqueEmail('reset'), '198.51.100.200'));
  });

  it('limits requests per email address too', async () => {
    const email = uniqueEmail('target');
    for (let i = 0; i < authLimitRules.resetEmail.max; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/password/email',
        headers: { host },
        remoteAddress: `10.4.8.${i + 1}`,
        payload: { email },
      });
      expect(response.statusCode).toBe(200);
    }
    const blocked = await ctx.app.inject({
      method: 'POST',
      url: '/password/email',
      headers: { host },
      remoteAddress: '10.4.8.200',
      payload: { email },
    });
    expectTooMany(blocked);
  });

  it('counts by the forwarded client address when TRUST_PROXY is set', async () => {
    const proxied = await createTestContext({ trustProxy: 'true' });
    try {
      await createOrganisation(proxied.db, { hosts: [host] });
      for (let i = 0; i < authLimitRules.resetAddress.max + 3; i += 1) {
        expect(
          (await requestReset(proxied.app, uniqueEmail('reset'), `198.51.100.${i + 1}`)).statusCode,
        ).toBe(200);
      }
    } finally {
      await proxied.close();
    }
  });
});
