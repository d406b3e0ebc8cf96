import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTwilioSmsProvider } from './twilio-sms.js';

type Received = { method: string; url: string; authorization: string | undefined; form: URLSearchParams };

let server: Server;
let base: string;
let received: Received[];
let answer: { status: number; body: object };

const SID = 'AC00000000000000000000000000000001';

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  // Answers as Twilio's Messages API does (POST /2010-04-01/Accounts/{sid}/Messages.json).
  server = createServer((request, response) => {
    void bodyOf(request).then((raw) => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        form: new URLSearchParams(raw),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
});

const provider = () =>
  createTwilioSmsProvider({
    accountSid: SID,
    authToken: 'secret-token',
    from: '+15005550006',
    apiBase: base,
  });

describe('Twilio SMS provider', () => {
  it('posts To, From and Body to the Messages resource with basic auth', async () => {
    answer = {
      status: 201,
      body: {
        sid: 'SM00000000000000000000000000000001',
        account_sid: SID,
        to: '+447700900123',
        from: '+15005550006',
        body: '123456 is your code',
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        date_created: 'Tue, 24 Nov 2026 17:00:00 +0000',
        uri: `/2010-04-01/Accounts/${SID}/Messages/SM00000000000000000000000000000001.json`,
      },
    };
    await provider().send('+447700900123', '123456 is your code');
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request?.authorization).toBe(`Basic ${Buffer.from(`${SID}:secret-token`).toString('base64')}`);
    expect(request?.form.get('To')).toBe('+447700900123');
    expect(request?.form.get('From')).toBe('+15005550006');
    expect(request?.form.get('Body')).toBe('123456 is your code');
  });

  it('rejects with Twilio’s reason when the message is refused', async () => {
    answer = {
      status: 400,
      body: {
        code: 21211,
        message: "The 'To' number +15005550001 is not a valid phone number.",
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      },
    };
    await expect(provider().send('+15005550001', 'hello')).rejects.toThrow(/not a valid phone number/);
  });
});
