import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, sessionClaimsSchema } from '@muster/contract';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';
import { createAccount, decodeToken, latestCode, uniqueEmail } from '../../test/factories/auth.js';
import { MOBILE_CODE_REQUESTED } from './mobile.js';

let ctx: TestContext;
let first: { id: number; name: string };
let second: { id: number; name: string };
const host = 'mobile.test';

beforeAll(async () => {
  ctx = await createTestContext();
  first = await createOrganisation(ctx.db, { hosts: [host], name: 'Alpha Volunteers' });
  second = await createOrganisation(ctx.db, { hosts: ['mobile-two.test'], name: 'Beta Helpers' });
});
afterAll(() => ctx.close());

let address = 0;
const nextAddress = () => `10.5.${(address += 1) >> 8}.${address & 255}`;

function organisations(email: string) {
  return ctx.app.inject({
    url: `/api/auth/mobile/organisations?email=${encodeURIComponent(email)}`,
    headers: { host },
    remoteAddress: nextAddress(),
  });
}
function requestToken(payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/mobile/request-token',
    headers: { host },
    remoteAddress: nextAddress(),
    payload,
  });
}
function verifyToken(payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/mobile/verify-token',
    headers: { host },
    remoteAddress: nextAddress(),
    payload,
  });
}

describe('GET /api/auth/mobile/organisations', () => {
  it('lists the organisations an address has an account with: id and name only', async () => {
    const email = uniqueEmail('both');
    await createAccount(ctx.db, first.id, { email });
    await createAccount(ctx.db, second.id, { email: email.toUpperCase() });
    const response = await organisations(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { id: first.id, name: 'Alpha Volunteers' },
        { id: second.id, name: 'Beta Helpers' },
      ],
    });
  });

  it('answers the same shape for an unknown address', async () => {
    const response = await organisations(uniqueEmail('nobody'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });

  it('answers 422 for a malformed address', async () => {
    const response = await organisations('nope');
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors['querystring.email']).toEqual([
      'Please enter a valid email address',
    ]);
  });
});

describe('mobile code sign-in', () => {
  it('emails a 6-digit code that signs in once, to the chosen organisation', async () => {
    const account = await createAccount(ctx.db, second.id, { permissions: ['view-users'] });
    const requested = await requestToken({ email: account.email, organisation_id: second.id });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: MOBILE_CODE_REQUESTED });
    const code = await latestCode(ctx.app, account.email);
    const verified = await verifyToken({ email: account.email, organisation_id: second.id, token: code });
    expect(verified.statusCode).toBe(200);
    const claims = sessionClaimsSchema.parse(decodeToken(verified.json<{ token: string }>().token));
    expect(claims.user).toMatchObject({ id: account.id, organisation: { id: second.id } });
    expect(claims.amr).toEqual(['mobile_code']);
    const again = await verifyToken({ email: account.email, organisation_id: second.id, token: code });
    expect(again.statusCode).toBe(401);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const response = await requestToken({ email, organisation_id: first.id });
    expect(response.json()).toEqual({ message: MOBILE_CODE_REQUESTED });
    expect(await ctx.app.outbox.list(5, { to: email })).toEqual([]);
  });

  it('refuses a wrong code with the invalid-code sentence and dies after 5', async () => {
    const account = await createAccount(ctx.db, first.id);
    await requestToken({ email: account.email, organisation_id: first.id });
    const code = await latestCode(ctx.app, account.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) {
      const response = await verifyToken({ email: account.email, organisation_id: first.id, token: wrong });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: authMessages.invalidCode });
    }
    expect(
      (await verifyToken({ email: account.email, organisation_id: first.id, token: code })).statusCode,
    ).toBe(401);
  });

  it('does not take a code of one organisation for another', async () => {
    const email = uniqueEmail('twice');
    await createAccount(ctx.db, first.id, { email });
    await createAccount(ctx.db, second.id, { email });
    await requestToken({ email, organisation_id: first.id });
    const code = await latestCode(ctx.app, email);
    expect((await verifyToken({ email, organisation_id: second.id, token: code })).statusCode).toBe(401);
  });

  it('sends a user who must pass a second factor to the password sign-in (403)', async () => {
    const account = await createAccount(ctx.db, first.id, { twoFactor: 'auth_app' });
    await requestToken({ email: account.email, organisation_id: first.id });
    const response = await verifyToken({
      email: account.email,
      organisation_id: first.id,
      token: await latestCode(ctx.app, account.email),
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers 422 for missing or malformed fields', async () => {
    const missing = await requestToken({ email: uniqueEmail() });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors.organisation_id).toEqual([
      'Organisation is required',
    ]);
    const malformed = await verifyToken({ email: uniqueEmail(), organisation_id: first.id, token: '12' });
    expect(malformed.json<{ errors: Record<string, string[]> }>().errors.token).toEqual([
      'Please enter the 6-digit code',
    ]);
  });

  it('limits code requests per email address', async () => {
    const account = await createAccount(ctx.db, first.id);
    for (let i = 0; i < 5; i += 1) {
      expect((await requestToken({ email: account.email, organisation_id: first.id })).statusCode).toBe(200);
    }
    const blocked = await requestToken({ email: account.email, organisation_id: first.id });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
  });
});
