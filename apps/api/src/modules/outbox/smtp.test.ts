import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { createTestDatabase } from '../../test/context.js';
import { startSmtpServer } from '../../test/smtp-server.js';
import { createOutbox, OUTBOX_RETENTION_MS, OutboxDeliveryError, pruneOutbox, type SmsProvider } from './service.js';

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
      // Once it has left, the stored copy keeps no working code (issue 10, finding 10).
      expect(row?.text).toBe('Your code is [code removed]');
      expect(row?.html).toBe('<p>Your code is <strong>[code removed]</strong></p>');
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

describe('queued email (written inside another transaction)', () => {
  /** Rolls a transaction back from inside, after `work` ran in it. */
  class Rollback extends Error {}

  it('exists only if its transaction commits, and leaves when dispatched', async () => {
    const smtp = await startSmtpServer();
    try {
      const outbox = createOutbox({ db: database.db, smtpUrl: smtp.url, mailFrom });
      await expect(
        database.db.transaction(async (tx) => {
          await outbox.queueEmail(tx, { to: 'rolled-back@example.test', subject: 'Never', text: 'Rolled back' });
          throw new Rollback();
        }),
      ).rejects.toBeInstanceOf(Rollback);
      await database.db.transaction(async (tx) => {
        await outbox.queueEmail(tx, { to: 'queued@example.test', subject: 'Reference request', text: 'Please' });
      });
      // Queued, not yet sent: nothing reached the server inside the transaction.
      expect(smtp.received).toHaveLength(0);
      const [waiting] = await outbox.list(1, { to: 'queued@example.test' });
      expect(waiting).toMatchObject({ transport: 'smtp', sentAt: null, error: null });

      expect(await outbox.dispatchQueued()).toBe(1);
      expect(smtp.received.map((mail) => mail.to)).toEqual([['queued@example.test']]);
      expect(await outbox.list(5, { to: 'rolled-back@example.test' })).toEqual([]);
      const [sent] = await outbox.list(1, { to: 'queued@example.test' });
      expect(sent?.sentAt).toBeInstanceOf(Date);
      // Sent once: a second dispatch finds nothing.
      expect(await outbox.dispatchQueued()).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('records a refused recipient and still sends the others; a stale claim is taken again', async () => {
    const smtp = await startSmtpServer({ refuse: 'queued-gone@example.test' });
    try {
      const outbox = createOutbox({ db: database.db, smtpUrl: smtp.url, mailFrom });
      await database.db.transaction(async (tx) => {
        await outbox.queueEmail(tx, { to: 'queued-gone@example.test', subject: 'A', text: 'a' });
        await outbox.queueEmail(tx, { to: 'queued-ok@example.test', subject: 'B', text: 'b' });
      });
      expect(await outbox.dispatchQueued()).toBe(1);
      const [refused] = await outbox.list(1, { to: 'queued-gone@example.test' });
      expect(refused?.sentAt).toBeNull();
      expect(refused?.error).toMatch(/Mailbox unavailable/);

      // A dispatcher that claimed a message and died: within ten minutes nobody takes it again,
      // after that the next dispatch does.
      await database.db.transaction(async (tx) => {
        await outbox.queueEmail(tx, { to: 'queued-orphan@example.test', subject: 'C', text: 'c' });
      });
      const claimedAt = new Date();
      const broken = createOutbox({ db: database.db, smtpUrl: 'smtp://127.0.0.1:1', mailFrom });
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`update outbox_messages set claimed_at = ${claimedAt.toISOString()}::timestamptz where "to" = 'queued-orphan@example.test'`);
      });
      expect(await broken.dispatchQueued(new Date(claimedAt.getTime() + 60_000))).toBe(0);
      expect(await outbox.dispatchQueued(new Date(claimedAt.getTime() + 5 * 60_000))).toBe(0);
      expect(await outbox.dispatchQueued(new Date(claimedAt.getTime() + 11 * 60_000))).toBe(1);
      expect(smtp.received.map((mail) => mail.to[0])).toEqual(['queued-ok@example.test', 'queued-orphan@example.test']);
    } finally {
      await smtp.close();
    }
  });

  it('is stored only, and never dispatched, without SMTP', async () => {
    const outbox = createOutbox({ db: database.db, mailFrom });
    await database.db.transaction(async (tx) => {
      await outbox.queueEmail(tx, { to: 'queued-store@example.test', subject: 'D', text: 'd' });
    });
    expect(await outbox.dispatchQueued()).toBe(0);
    const [row] = await outbox.list(1, { to: 'queued-store@example.test' });
    expect(row).toMatchObject({ transport: 'store', sentAt: null, error: null });
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
    expect(row?.text).toBe('Code [code removed]');
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
    // Not sent: the body stays whole, for whoever follows the failure up.
    expect(row?.text).toBe('Code 333444');
  });
});

describe('outbox retention', () => {
  it('prunes messages older than 30 days and keeps younger ones', async () => {
    const outbox = createOutbox({ db: database.db, mailFrom });
    await outbox.sendEmail({ to: 'old-message@example.test', subject: 'Old', text: 'Old news' });
    await outbox.sendEmail({ to: 'new-message@example.test', subject: 'New', text: 'New news' });
    const now = new Date();
    const old = new Date(now.getTime() - OUTBOX_RETENTION_MS - 60_000);
    await database.db.execute(
      sql`update outbox_messages set created_at = ${old.toISOString()}::timestamptz where "to" = 'old-message@example.test'`,
    );
    expect(await pruneOutbox(database.db, now)).toBeGreaterThanOrEqual(1);
    expect(await outbox.list(5, { to: 'old-message@example.test' })).toEqual([]);
    expect(await outbox.list(5, { to: 'new-message@example.test' })).toHaveLength(1);
  });
});
