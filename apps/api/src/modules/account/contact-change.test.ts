import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages, contactChangeMessages } from '@muster/contract';
import { securityLog, userEmailAddresses, userPhoneNumbers } from '../../db/schema/index.js';
import { addressedCaller, type LooseAnswer } from '../../test/addressed-caller.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import {
  type AccountOptions,
  createAccount,
  createSignedInAccount,
  latestCode,
  latestMessage,
  sessionTokenFor,
  uniqueEmail,
} from '../../test/factories/auth.js';
import { createOrganisation } from '../../test/factories/organisation.js';

let ctx: TestContext;
let organisationId: number;
let otherOrganisationId: number;
const host = 'contact-change.test';

beforeAll(async () => {
  ctx = await createTestContext();
  organisationId = (await createOrganisation(ctx.db, { hosts: [host], name: 'Contact Org' })).id;
  otherOrganisationId = (
    await createOrganisation(ctx.db, { hosts: ['contact-other.test'], name: 'Other Contact Org' })
  ).id;
});
afterAll(() => ctx.close());

const call = addressedCaller(() => ctx, host, 7);

async function account(options: AccountOptions = {}, inOrganisation = organisationId) {
  const created = await createSignedInAccount(ctx.app, inOrganisation, {
    email: uniqueEmail('contact'),
    ...options,
  });
  return { ...created, url: `/api/users/${created.id}/contact-change` };
}

/** Starts a change of the user's own email address or phone number, with their password. */
function startChange(
  user: Awaited<ReturnType<typeof account>>,
  change: { kind: 'email' | 'phone'; value: string; region?: string },
) {
  return call('POST', user.url, user.token, { ...change, password: user.password });
}

const works = async (userId: number, token: string) =>
  (await call('GET', `/api/users/${userId}`, token)).statusCode === 200;

const signIn = (email: string, password: string) =>
  call('POST', '/api/auth/api/', undefined, { email, password, minimal: true });

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function emailsOf(userId: number) {
  const rows = await ctx.db
    .select({ email: userEmailAddresses.email })
    .from(userEmailAddresses)
    .where(eq(userEmailAddresses.userId, userId));
  return rows.map((row) => row.email);
}

async function phonesOf(userId: number) {
  return ctx.db
    .select({
      phone: userPhoneNumbers.phoneNumber,
      region: userPhoneNumbers.countryCode,
      sms: userPhoneNumbers.defaultSms,
    })
    .from(userPhoneNumbers)
    .where(eq(userPhoneNumbers.userId, userId));
}

async function logOf(userId: number) {
  return ctx.db
    .select()
    .from(securityLog)
    .where(and(eq(securityLog.userId, userId), eq(securityLog.event, 'contact_change')));
}

describe('who may call', () => {
  it('answers 401 without a session, before looking at the body', async () => {
    const user = await account();
    expect((await call('POST', user.url, undefined, {})).statusCode).toBe(401);
    expect((await call('PUT', user.url, undefined, {})).statusCode).toBe(401);
  });

  it('answers 403 to anyone else, even with changeUserDetails, and logs it', async () => {
    const user = await account();
    const admin = await account({ permissions: ['view-users', 'changeUserDetails'] });
    const start = await call('POST', user.url, admin.token, {
      kind: 'email',
      value: uniqueEmail('taken-over'),
      password: admin.password,
    });
    expect(start.statusCode).toBe(403);
    expect(start.json<LooseAnswer>().message).toBe(accountMessages.onlyOwn);
    const confirm = await call('PUT', user.url, admin.token, { kind: 'email', code: '123456' });
    expect(confirm.statusCode).toBe(403);
    const refusals = await ctx.db
      .select()
      .from(securityLog)
      .where(and(eq(securityLog.userId, admin.id), eq(securityLog.event, 'authorisation_failed')));
    expect(refusals).toHaveLength(2);
    expect(await emailsOf(user.id)).toEqual([user.email]);
  });

  it('answers 403 for a user of another organisation', async () => {
    const elsewhere = await account({}, otherOrganisationId);
    const user = await account();
    const response = await call('POST', `/api/users/${elsewhere.id}/contact-change`, user.token, {
      kind: 'email',
      value: uniqueEmail('x'),
      password: user.password,
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers 403 to a single sign-on user, who has no password to confirm with', async () => {
    const user = await account({ password: null });
    const response = await call('POST', user.url, user.token, {
      kind: 'email',
      value: uniqueEmail('sso'),
      password: 'Anything1',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<LooseAnswer>().message).toBe(contactChangeMessages.singleSignOn);
  });
});

describe('bad input (422)', () => {
  it('names each field: kind, value, password and code', async () => {
    const user = await account();
    const noKind = await call('POST', user.url, user.token, { value: 'a@b.org', password: 'x' });
    expect(noKind.statusCode).toBe(422);
    expect(noKind.json<LooseAnswer>().errors).toEqual({ kind: [contactChangeMessages.kindRequired] });
    const badEmail = await call('POST', user.url, user.token, { kind: 'email', value: 'not-an-address' });
    expect(badEmail.json<LooseAnswer>().errors).toEqual({
      value: [contactChangeMessages.emailInvalid],
      password: [contactChangeMessages.passwordRequired],
    });
    const noPhone = await call('POST', user.url, user.token, { kind: 'phone', value: ' ', password: 'x' });
    expect(noPhone.json<LooseAnswer>().errors).toEqual({ value: [contactChangeMessages.phoneRequired] });
    const badCode = await call('PUT', user.url, user.token, { kind: 'email', code: '12a456' });
    expect(badCode.statusCode).toBe(422);
    expect(badCode.json<LooseAnswer>().errors).toEqual({ code: [contactChangeMessages.codeRequired] });
    expect((await call('POST', '/api/users/me/contact-change', user.token, {})).statusCode).toBe(422);
  });

  it('refuses a wrong password with a sentence on `password`, logs it and sends nothing', async () => {
    const user = await account();
    const value = uniqueEmail('never');
    const response = await call('POST', user.url, user.token, {
      kind: 'email',
      value,
      password: 'Not-the-password1',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<LooseAnswer>()).toMatchObject({
      message: accountMessages.currentPasswordWrong,
      errors: { password: [accountMessages.currentPasswordWrong] },
    });
    await expect(latestMessage(ctx.app, value)).rejects.toThrow(/nothing was sent/);
    const [row] = await logOf(user.id);
    expect(row).toMatchObject({ outcome: 'failure', factor: 'password' });
    expect(row?.details).toMatchObject({ reason: 'password_wrong', kind: 'email' });
  });

  it('refuses an address already on the account or another account’s, whatever its case', async () => {
    const user = await account();
    const other = await account();
    const own = await startChange(user, { kind: 'email', value: user.email.toUpperCase() });
    expect(own.statusCode).toBe(422);
    expect(own.json<LooseAnswer>().errors).toEqual({ value: [contactChangeMessages.emailSame] });
    const taken = await startChange(user, { kind: 'email', value: other.email.toUpperCase() });
    expect(taken.json<LooseAnswer>().errors).toEqual({ value: [contactChangeMessages.emailTaken] });
  });

  it('refuses a number that is not valid for its region, and the number the user already has', async () => {
    const user = await account({ phoneNumber: '+447911123456' });
    const invalid = await startChange(user, { kind: 'phone', value: '0123', region: 'GB' });
    expect(invalid.json<LooseAnswer>().errors).toEqual({ value: [contactChangeMessages.phoneInvalid] });
    const same = await startChange(user, { kind: 'phone', value: '07911 123456', region: 'GB' });
    expect(same.json<LooseAnswer>().errors).toEqual({ value: [contactChangeMessages.phoneSame] });
  });
});

describe('changing the email address', () => {
  it('sends a code to the new address, changes nothing until it is confirmed, then replaces the address', async () => {
    const user = await account();
    const other = await sessionTokenFor(ctx.app, organisationId, user.id);
    const value = uniqueEmail('new-home');
    const start = await call('POST', user.url, user.token, { kind: 'email', value, password: user.password });
    expect(start.statusCode).toBe(200);
    expect(start.json<LooseAnswer>().data).toMatchObject({ kind: 'email', sent_to: value });
    const code = await latestCode(ctx.app, value);
    // Nothing has changed yet: the old address still signs in, the new one does not.
    expect(await emailsOf(user.id)).toEqual([user.email]);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    expect((await signIn(value, user.password)).statusCode).not.toBe(200);

    const wrong = await call('PUT', user.url, user.token, { kind: 'email', code: otherCode(code) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<LooseAnswer>()).toEqual({
      message: 'You have entered an invalid verification key',
      errors: { code: ['You have entered an invalid verification key'] },
    });

    const confirm = await call('PUT', user.url, user.token, { kind: 'email', code });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json<LooseAnswer>().data).toEqual({
      kind: 'email',
      value,
      message: `Your email address has been changed to ${value}. You have been signed out everywhere else.`,
      // The second sign-in, and the one the old address made above.
      other_sessions_ended: 2,
    });
    expect(await emailsOf(user.id)).toEqual([value]);
    expect((await signIn(value, user.password)).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).not.toBe(200);
    // This sign-in stays, the other has ended.
    expect(await works(user.id, user.token)).toBe(true);
    expect(await works(user.id, other)).toBe(false);

    const notice = await latestMessage(ctx.app, user.email);
    expect(notice.subject).toBe('Your Contact Org email address was changed');
    expect(notice.text).toContain(`Your email address was changed to ${value}.`);

    const log = await logOf(user.id);
    expect(log.map((row) => [row.outcome, row.details?.step ?? row.details?.reason])).toEqual([
      ['success', 'code_sent'],
      ['failure', 'code_wrong'],
      ['success', 'changed'],
    ]);
    expect(JSON.stringify(log)).not.toContain(value);

    // The code worked once.
    const again = await call('PUT', user.url, user.token, { kind: 'email', code });
    expect(again.statusCode).toBe(422);
    expect(again.json<LooseAnswer>().errors).toEqual({ code: [contactChangeMessages.expired] });
  });

  it('only the newest code of a kind works, and a phone change leaves a pending email change alone', async () => {
    const user = await account();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await call('POST', user.url, user.token, { kind: 'email', value: first, password: user.password });
    const firstCode = await latestCode(ctx.app, first);
    await call('POST', user.url, user.token, { kind: 'email', value: second, password: user.password });
    const secondCode = await latestCode(ctx.app, second);
    const phone = await startChange(user, { kind: 'phone', value: '07911 222555', region: 'GB' });
    expect(phone.statusCode).toBe(200);
    if (firstCode !== secondCode) {
      const stale = await call('PUT', user.url, user.token, { kind: 'email', code: firstCode });
      expect(stale.json<LooseAnswer>().errors).toEqual({ code: [contactChangeMessages.invalidKey] });
    }
    expect((await call('PUT', user.url, user.token, { kind: 'email', code: secondCode })).statusCode).toBe(
      200,
    );
    expect(await emailsOf(user.id)).toEqual([second]);
  });

  it('refuses the change when someone else took the address in the meantime', async () => {
    const user = await account();
    const value = uniqueEmail('contested');
    await call('POST', user.url, user.token, { kind: 'email', value, password: user.password });
    const code = await latestCode(ctx.app, value);
    await createAccount(ctx.db, organisationId, { email: value });
    const confirm = await call('PUT', user.url, user.token, { kind: 'email', code });
    expect(confirm.statusCode).toBe(422);
    expect(confirm.json<LooseAnswer>().errors).toEqual({ value: [contactChangeMessages.emailTaken] });
    expect(await emailsOf(user.id)).toEqual([user.email]);
  });

  it('asks for a new code when nothing is pending', async () => {
    const user = await account();
    const response = await call('PUT', user.url, user.token, { kind: 'email', code: '123456' });
    expect(response.statusCode).toBe(422);
    expect(response.json<LooseAnswer>().errors).toEqual({ code: [contactChangeMessages.expired] });
  });
});

describe('changing the phone number', () => {
  it('texts a code to the new number, then replaces it and tells the email address', async () => {
    const user = await account({ phoneNumber: '+447911123456' });
    const start = await startChange(user, { kind: 'phone', value: '07911 222333', region: 'GB' });
    expect(start.statusCode).toBe(200);
    expect(start.json<LooseAnswer>().data).toMatchObject({ kind: 'phone', sent_to: '+44 7911 222333' });
    const text = await latestMessage(ctx.app, '+447911222333');
    expect(text.channel).toBe('sms');
    const code = await latestCode(ctx.app, '+447911222333');
    expect(await phonesOf(user.id)).toEqual([{ phone: '+447911123456', region: 'GB', sms: true }]);

    const confirm = await call('PUT', user.url, user.token, { kind: 'phone', code });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json<LooseAnswer>().data).toMatchObject({
      kind: 'phone',
      value: '+447911222333',
      message:
        'Your phone number has been changed to +44 7911 222333. You have been signed out everywhere else.',
    });
    expect(await phonesOf(user.id)).toEqual([{ phone: '+447911222333', region: 'GB', sms: true }]);
    const notice = await latestMessage(ctx.app, user.email);
    expect(notice.subject).toBe('Your Contact Org phone number was changed');
    expect(notice.text).toContain('Your phone number was changed to +44 7911 222333.');
  });

  it('reads a number typed without a country code in the region of the current number', async () => {
    const user = await account({ phoneNumber: '+33612345678', phoneRegion: 'FR' });
    const start = await startChange(user, { kind: 'phone', value: '06 98 76 54 32' });
    expect(start.statusCode).toBe(200);
    const code = await latestCode(ctx.app, '+33698765432');
    expect((await call('PUT', user.url, user.token, { kind: 'phone', code })).statusCode).toBe(200);
    expect(await phonesOf(user.id)).toEqual([{ phone: '+33698765432', region: 'FR', sms: true }]);
  });

  it('adds the number as primary and for texts when the user had none', async () => {
    const user = await account();
    await startChange(user, { kind: 'phone', value: '+447911222444' });
    const code = await latestCode(ctx.app, '+447911222444');
    expect((await call('PUT', user.url, user.token, { kind: 'phone', code })).statusCode).toBe(200);
    expect(await phonesOf(user.id)).toEqual([{ phone: '+447911222444', region: 'GB', sms: true }]);
  });
});

describe('limits', () => {
  it('kills a pending change after 5 wrong codes, and answers 429 after 10 wrong codes', async () => {
    const user = await account();
    const statuses: number[] = [];
    const messages: string[] = [];
    for (let round = 0; round < 2; round += 1) {
      const value = uniqueEmail(`round-${round}`);
      await call('POST', user.url, user.token, { kind: 'email', value, password: user.password });
      const code = await latestCode(ctx.app, value);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await call('PUT', user.url, user.token, { kind: 'email', code: otherCode(code) });
        statuses.push(response.statusCode);
        messages.push(response.json<LooseAnswer>().message ?? '');
      }
      if (round === 0) {
        // The sixth try meets a dead change, even with the right code (and does not count).
        const dead = await call('PUT', user.url, user.token, { kind: 'email', code });
        expect(dead.json<LooseAnswer>().errors).toEqual({ code: [contactChangeMessages.expired] });
      }
    }
    expect(statuses).toEqual(Array(10).fill(422));
    expect(new Set(messages)).toEqual(new Set([contactChangeMessages.invalidKey]));
    const limited = await call('PUT', user.url, user.token, { kind: 'email', code: '123456' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json<LooseAnswer>().message).toMatch(
      /^You have tried too many times, please wait for \d+ seconds/,
    );
  });

  it('counts wrong passwords together with the password change: 429 after 10', async () => {
    const user = await account();
    const wrongPasswordChange = () =>
      call('PUT', `/api/users/${user.id}/password`, user.token, {
        current_password: 'Wrong-pass1',
        password: 'Brand-new-Pass9',
        password_confirmation: 'Brand-new-Pass9',
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await call('POST', user.url, user.token, {
        kind: 'email',
        value: uniqueEmail('guess'),
        password: 'Wrong-pass1',
      });
      statuses.push(response.statusCode);
      statuses.push((await wrongPasswordChange()).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(422));
    expect((await wrongPasswordChange()).statusCode).toBe(429);
  });

  it('sends at most 5 codes a quarter-hour per user', async () => {
    const user = await account();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = await startChange(user, { kind: 'email', value: uniqueEmail(`send-${attempt}`) });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('text messages through a gateway', () => {
  let gateway: Server;
  let setup: TestContext;
  let gatewayOrganisationId: number;
  const gatewayHost = 'contact-sms.test';
  const REFUSED = '+15005550001';

  beforeAll(async () => {
    // Twilio's Messages API as documented: 201 with the message, 400 with {code, message}.
    gateway = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const refused = form.get('To') === REFUSED;
        response.writeHead(refused ? 400 : 201, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            refused
              ? {
                  code: 21211,
                  message: `The 'To' number ${REFUSED} is not a valid phone number.`,
                  status: 400,
                }
              : { sid: `SM${'0'.repeat(32)}`, to: form.get('To'), status: 'queued' },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    setup = await createTestContext({
      twilio: {
        accountSid: 'AC00000000000000000000000000000003',
        authToken: 'token',
        from: '+15005550006',
        apiBase: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
      },
    });
    gatewayOrganisationId = (
      await createOrganisation(setup.db, { hosts: [gatewayHost], name: 'SMS Contact Org' })
    ).id;
  });
  afterAll(async () => {
    await setup.close();
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
  });

  it('answers a sentence on `value` when the gateway refuses the number', async () => {
    const user = await createAccount(setup.db, gatewayOrganisationId, { email: uniqueEmail('gateway') });
    const token = await sessionTokenFor(setup.app, gatewayOrganisationId, user.id);
    const response = await setup.app.inject({
      method: 'POST',
      url: `/api/users/${user.id}/contact-change`,
      headers: { host: gatewayHost, authorization: `Bearer ${token}` },
      payload: { kind: 'phone', value: REFUSED, password: user.password },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<LooseAnswer>().errors).toEqual({ value: [contactChangeMessages.smsFailed] });
  });
});
