import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { createTestDatabase } from '../../test/context.js';
import { createOutbox, OutboxDeliveryError, type SmsProvider } from './service.js';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on a random local port that keeps what it receives. */
async function startSmtpServer(options: { refuse?: string } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    secure: false,
    // Plain SMTP on localhost: offering STARTTLS would make nodemailer check a self-signed certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === options.refuse) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let database: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

const mailFrom = 'Muster <no-reply@muster.test>';

describe('outbox over SMTP', () => {
  it('hands the email to the SMTP server and records it as sent', async () => {
    const smtp = await startSmtpServer();
    try {
      const outbox = createOutbox({ db: database.db, smtpUrl: smtp.url, mailFrom });
      await outbox.sendEmail({
        to: 'volunteer@example.test',
        subject: 'Your sign-in code',
        text: 'Your code is 246810',
        html: '<p>Your code is <strong>246810</strong></p>',
      });
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.from).toBe('no-reply@muster.test');
      expect(mail?.to).toEqual(['volunteer@example.test']);
      expect(mail?.raw).toMatch(/^To: volunteer@example\.test\r?$/m);
      expect(mail?.raw).toMatch(/^Subject: Your sign-in code\r?$/m);
      expect(mail?.raw).toMatch(/^From: Muster <no-reply@muster\.test>\r?$/m);
      expect(mail?.raw).toContain('Your code is 246810');
      expect(mail?.raw).toContain('<strong>246810</strong>');

      const [row] = await outbox.list(1, { to: 'volunteer@example.test' });
      expect(row).toMatchObject({
        channel: 'email',
        transport: 'smtp',
        error: null,
        subject: 'Your sign-in code',
      });
      expect(row?.sentAt).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it('records the error and rejects when the SMTP server is gone', async () => {
    const smtp = await startSmtpServer();
    await smtp.close();
    const outbox = createOutbox({ db: database.db, smtpUrl: smtp.url, mailFrom });
    const sending = outbox.sendEmail({
      to: 'nobody-home@example.test',
      subject: 'Lost',
      text: 'Never arrives',
    });
    await expect(sending).rejects.toBeInstanceOf(OutboxDeliveryError);
    await expect(sending).rejects.toThrow(/ECONNREFUSED/);

    const [row] = await outbox.list(1, { to: 'nobody-home@example.test' });
    expect(row).toMatchObject({ transport: 'smtp', sentAt: null, text: 'Never arrives' });
    expect(row?.error).toMatch(/ECONNREFUSED/);
  });

  it('records the server refusing the recipient', async () => {
    const smtp = await startSmtpServer({ refuse: 'gone@example.test' });
    try {
      const outbox = createOutbox({ db: database.db, smtpUrl: smtp.url, mailFrom });
      await expect(
        outbox.sendEmail({ to: 'gone@example.test', subject: 'Hello', text: 'Hi' }),
      ).rejects.toThrow(/550/);
      expect(smtp.received).toHaveLength(0);
      const [row] = await outbox.list(1, { to: 'gone@example.test' });
      expect(row?.sentAt).toBeNull();
      expect(row?.error).toMatch(/Mailbox unavailable/);
    } finally {
      await smtp.close();
    }
  });

  it('refuses a message without a recipient before storing anything', async () => {
    const outbox = createOutbox({ db: database.db, mailFrom });
    const before = (await outbox.list(500)).length;
    await expect(outbox.sendEmail({ to: ' ', subject: 'x', text: 'y' })).rejects.toThrow('needs a recipient');
    expect(await outbox.list(500)).toHaveLength(before);
  });
});

describe('outbox SMS provider adapter', () => {
  it('sends through the provider and records the SMS as sent', async () => {
    const delivered: Array<[string, string]> = [];
    const provider: SmsProvider = {
      send: async (to, text) => {
        delivered.push([to, text]);
      },
    };
    const outbox = createOutbox({ db: database.db, mailFrom, smsProvider: provider });
    await outbox.sendSms({ to: '+447700900001', text: 'Code 111222' });
    expect(delivered).toEqual([['+447700900001', 'Code 111222']]);
    const [row] = await outbox.list(1, { to: '+447700900001' });
    expect(row).toMatchObject({ channel: 'sms', transport: 'provider', subject: null, error: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('records a provider failure and rejects', async () => {
    const provider: SmsProvider = {
      send: () => Promise.reject(new Error('gateway said no')),
    };
    const outbox = createOutbox({ db: database.db, mailFrom, smsProvider: provider });
    await expect(outbox.sendSms({ to: '+447700900002', text: 'Code 333444' })).rejects.toThrow(
      'gateway said no',
    );
    const [row] = await outbox.list(1, { to: '+447700900002' });
    expect(row).toMatchObject({ transport: 'provider', sentAt: null, error: 'gateway said no' });
  });
});
