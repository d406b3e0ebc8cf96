import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { applicantEmail } from '../../test/factories/application.js';
import { createAccount } from '../../test/factories/auth.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { createUser } from '../../test/factories/user.js';
import { statementsDuring } from '../../test/statements.js';

let ctx: TestContext;
let organisation: Awaited<ReturnType<typeof createOrganisation>>;
let ssoOrganisation: Awaited<ReturnType<typeof createOrganisation>>;

beforeAll(async () => {
  ctx = await createTestContext();
  organisation = await createOrganisation(ctx.db);
  ssoOrganisation = await createOrganisation(ctx.db, {
    ssoProvider: {
      name: 'Acme ID',
      issuer: 'https://id.example.org',
      clientId: 'muster',
      clientSecret: 'secret',
    },
  });
});
afterAll(() => ctx?.close());

/** Each test calls from its own client address, so the per-address limit of one test does not spill over. */
let nextAddress = 1;
function clientAddress(): string {
  nextAddress += 1;
  return `10.0.0.${nextAddress}`;
}

function check(email: unknown, options: { host?: string; address?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/application/check-email',
    headers: { host: options.host ?? organisation.hosts[0] },
    remoteAddress: options.address ?? clientAddress(),
    payload: { email },
  });
}

describe('POST /api/application/check-email', () => {
  it('answers exists false for a new address', async () => {
    const response = await check(applicantEmail());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { exists: false } });
  });

  it('answers 409 for an account with a password, in any letter case', async () => {
    const account = await createAccount(ctx.db, organisation.id);
    const response = await check(account.email.toUpperCase());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'An account already exists for this email address. Please sign in to continue.',
      data: { exists: true, has_password: true, redirect: null },
    });
  });

  it('answers 410 for an account without a password (it cannot sign in with one here)', async () => {
    const user = await createUser(ctx.db, organisation.id, { password: null });
    const response = await check(user.email);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({
      message:
        'An account already exists for this email address, but it has no password yet. Please request a password reset to continue.',
      data: { exists: true, has_password: false, redirect: null },
    });
  });

  it('sends users of a single-sign-on organisation to its provider', async () => {
    const user = await createUser(ctx.db, ssoOrganisation.id, { password: null });
    const response = await check(user.email, { host: ssoOrganisation.hosts[0] });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ data: { exists: true, redirect: '/auth/sso/redirect' } });
    const fresh = await check(applicantEmail(), { host: ssoOrganisation.hosts[0] });
    expect(fresh.json()).toEqual({ data: { exists: false } });
  });

  it('only knows the accounts of the host’s organisation', async () => {
    const other = await createAccount(ctx.db, ssoOrganisation.id);
    const response = await check(other.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { exists: false } });
  });

  it('answers 422 for a malformed or missing email', async () => {
    for (const email of ['not-an-email', '', undefined, 42]) {
      const response = await check(email);
      expect(response.statusCode, String(email)).toBe(422);
      expect(response.json()).toMatchObject({ errors: { email: [expect.any(String) as string] } });
    }
    expect((await check('not-an-email')).json()).toMatchObject({
      errors: { email: ['Please enter a valid email address'] },
    });
  });

  it('limits checks of one email address to 5 a minute, from any address (429, integer Retry-After)', async () => {
    const email = applicantEmail('limited');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await check(email)).statusCode).toBe(200);
    }
    const refused = await check(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      message: `You have tried too many times, please wait for ${refused.headers['retry-after']} seconds before trying again.`,
    });
    // Another address is not affected.
    expect((await check(applicantEmail())).statusCode).toBe(200);
  });

  it('limits one client address to 10 checks a minute, whatever the email', async () => {
    const address = clientAddress();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await check(applicantEmail(), { address })).statusCode).toBe(200);
    }
    const refused = await check(applicantEmail(), { address });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });
});

// Issue 13: the check is the form's most frequent call, so it reads one prepared statement (built
// once per database handle, planned once per connection) that answers only what the check tells.
describe('what the check asks the database', () => {
  it('a new address costs one prepared statement, built only the first time', async () => {
    expect((await check(applicantEmail())).statusCode).toBe(200);
    const seen = await statementsDuring(async () => {
      expect((await check(applicantEmail())).statusCode).toBe(200);
    });
    expect(seen.executed).toHaveLength(1);
    expect(seen.executed[0]).toMatch(/^select .* from "user_email_addresses"/);
    expect(seen.built).toEqual([]);
  });

  it('an existing account costs the same one statement', async () => {
    const account = await createAccount(ctx.db, organisation.id);
    const seen = await statementsDuring(async () => {
      expect((await check(account.email)).statusCode).toBe(409);
    });
    expect(seen.executed).toHaveLength(1);
  });
});
