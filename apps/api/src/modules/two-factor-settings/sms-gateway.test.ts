import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import { createTestContext } from '../../test/context.js';
import { createAccount, latestMessage, sessionTokenFor, uniqueEmail } from '../../test/factories/auth.js';
import { createOrganisation } from '../../test/factories/organisation.js';

/** Any answer of these calls, loosely: each test checks the fields it cares about. */
type Answer = { message?: string; errors?: Record<string, string[]>; data?: Record<string, unknown> };

const SID = 'AC00000000000000000000000000000002';
// Twilio's documented test number that is "not a valid phone number" (error 21211).
const INVALID = '+15005550001';

let server: Server;
let texts: URLSearchParams[];

beforeAll(async () => {
  texts = [];
  // Twilio's Messages API as documented: 201 with the message resource, 400 with {code, message}.
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      texts.push(form);
      const refused = form.get('To') === INVALID;
      response.writeHead(refused ? 400 : 201, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          refused
            ? {
                code: 21211,
                message: `The 'To' number ${INVALID} is not a valid phone number.`,
                more_info: 'https://www.twilio.com/docs/errors/21211',
                status: 400,
              }
            : { sid: `SM${'0'.repeat(32)}`, account_sid: SID, to: form.get('To'), status: 'queued' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function contextWith(overrides: Parameters<typeof createTestContext>[0]) {
  const ctx = await createTestContext(overrides);
  const host = `sms-${Math.random().toString(36).slice(2)}.test`;
  const organisationId = (await createOrganisation(ctx.db, { hosts: [host], name: 'SMS Org' })).id;
  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
  const account = async (phoneNumber: string, twoFactor?: 'sms') => {
    const user = await createAccount(ctx.db, organisationId, {
      email: uniqueEmail('sms'),
      phoneNumber,
      ...(twoFactor ? { twoFactor } : {}),
    });
    return { ...user, token: await sessionTokenFor(ctx.app, organisationId, user.id) };
  };
  return { ctx, call, account };
}

describe('with Twilio configured', () => {
  let setup: Awaited<ReturnType<typeof contextWith>>;
  beforeAll(async () => {
    const port = (server.address() as AddressInfo).port;
    setup = await contextWith({
      twilio: {
        accountSid: SID,
        authToken: 'token',
        from: '+15005550006',
        apiBase: `http://127.0.0.1:${port}`,
      },
    });
  });
  afterAll(() => setup.ctx.close());

  it('texts the set-up code through Twilio and marks the outbox message sent', async () => {
    const user = await setup.account('+447700900777');
    const start = await setup.call('POST', `/api/users/${user.id}/two-factor`, user.token, {
      two_factor: true,
      method: 'sms',
    });
    expect(start.statusCode).toBe(200);
    const sent = texts.at(-1);
    expect(sent?.get('To')).toBe('+447700900777');
    expect(sent?.get('From')).toBe('+15005550006');
    expect(sent?.get('Body')).toMatch(/^\d{6} is your SMS Org verification code/);
    const stored = await latestMessage(setup.ctx.app, '+447700900777');
    expect(stored).toMatchObject({ channel: 'sms', transport: 'provider', error: null });
    expect(stored.sentAt).not.toBeNull();
  });

  it('tells the user in a sentence when Twilio refuses the number, and keeps the failure in the outbox', async () => {
    const user = await setup.account(INVALID);
    const start = await setup.call('POST', `/api/users/${user.id}/two-factor`, user.token, {
      two_factor: true,
      method: 'sms',
    });
    expect(start.statusCode).toBe(422);
    expect(start.json<Answer>().errors?.method?.[0]).toBe(
      'We could not send a text message to your phone number. Please check the number or choose another method.',
    );
    const stored = await latestMessage(setup.ctx.app, INVALID);
    expect(stored.error).toMatch(/not a valid phone number/);
    expect(stored.sentAt).toBeNull();
  });

  it('sign-in falls back to an emailed code when the text is refused', async () => {
    const user = await setup.account(INVALID, 'sms');
    const response = await setup.call('POST', '/api/auth/api/', undefined, {
      email: user.email,
      password: user.password,
    });
    expect(response.json<{ method: string }>().method).toBe('email');
    expect((await latestMessage(setup.ctx.app, user.email)).text).toMatch(/\b\d{6}\b/);
  });
});

describe('in production without a gateway', () => {
  let setup: Awaited<ReturnType<typeof contextWith>>;
  beforeAll(async () => {
    setup = await contextWith({ env: 'production', twilio: null, jwtSecret: 'x'.repeat(40) });
  });
  afterAll(() => setup.ctx.close());

  it('does not offer SMS in the panel nor accept it, and sign-in sends the code by email', async () => {
    const user = await setup.account('+447700900888', 'sms');
    const enforcement = await setup.call('GET', `/api/users/${user.id}/two-factor/enforcement`, user.token);
    expect(enforcement.json<Answer>().data).toMatchObject({ sms_available: false });
    const start = await setup.call('POST', `/api/users/${user.id}/two-factor`, user.token, {
      two_factor: true,
      method: 'sms',
    });
    expect(start.statusCode).toBe(422);
    expect(start.json<Answer>().errors?.method?.[0]).toBe(
      'Text messages are not available, please choose another method.',
    );
    const signIn = await setup.call('POST', '/api/auth/api/', undefined, {
      email: user.email,
      password: user.password,
    });
    expect(signIn.json<{ method: string }>().method).toBe('email');
  });
});

describe('configuration', () => {
  it('takes Twilio from all three variables, and refuses a partial set', () => {
    const all = { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+15005550006' };
    expect(loadConfig(all).twilio).toEqual({ accountSid: SID, authToken: 'token', from: '+15005550006' });
    expect(loadConfig({}).twilio).toBeNull();
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: SID })).toThrow(/set all three, or none/);
  });
});
