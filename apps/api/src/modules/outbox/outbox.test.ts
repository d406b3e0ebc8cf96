import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListOutboxResponse } from '@muster/contract';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createOrganisation } from '../../test/factories/organisation.js';

let ctx: TestContext;
let organisationId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  organisationId = (await createOrganisation(ctx.db)).id;
  await ctx.app.outbox.sendEmail({
    organisationId,
    to: 'first@example.test',
    subject: 'First message',
    text: 'The first one.',
  });
  await ctx.app.outbox.sendSms({ organisationId, to: '+447700900123', text: 'Your code is 654321' });
  await ctx.app.outbox.sendEmail({
    to: 'Third@Example.test',
    subject: 'Reset <b>password</b>',
    text: 'Follow https://muster.test/reset?token=abc&x=1. <script>alert(1)</script>',
    html: '<p>Follow the link</p>',
  });
});
afterAll(() => ctx.close());

const json = { accept: 'application/json' };

describe('outbox in store mode (no SMTP_URL)', () => {
  it('lists every message newest first as JSON with exactly the documented fields', async () => {
    const response = await ctx.app.inject({ url: '/dev/outbox', headers: json });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = response.json<ListOutboxResponse>();
    expect(data.map((message) => message.to)).toEqual([
      'Third@Example.test',
      '+447700900123',
      'first@example.test',
    ]);
    expect(Object.keys(data[0] ?? {}).sort()).toEqual([
      'channel',
      'created_at',
      'id',
      'subject',
      'text',
      'to',
    ]);
    const first = data[2];
    expect(first).toMatchObject({
      channel: 'email',
      to: 'first@example.test',
      subject: 'First message',
      text: 'The first one.',
    });
    expect(Number.isInteger(first?.id)).toBe(true);
    expect(first?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const ids = data.map((message) => message.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('stores an SMS with channel sms and no subject', async () => {
    const response = await ctx.app.inject({ url: '/dev/outbox?to=%2B447700900123', headers: json });
    expect(response.json<ListOutboxResponse>().data).toEqual([
      expect.objectContaining({
        channel: 'sms',
        to: '+447700900123',
        subject: null,
        text: 'Your code is 654321',
      }),
    ]);
  });

  it('keeps the audit record: transport store, not sent, html and organisation kept', async () => {
    const messages = await ctx.app.outbox.list();
    expect(messages).toHaveLength(3);
    for (const message of messages) {
      expect(message.transport).toBe('store');
      expect(message.sentAt).toBeNull();
      expect(message.error).toBeNull();
    }
    expect(messages[0]?.html).toBe('<p>Follow the link</p>');
    expect(messages[0]?.organisationId).toBeNull();
    expect(messages[2]?.organisationId).toBe(organisationId);
  });

  it('filters by recipient case-insensitively and honours limit', async () => {
    const byTo = await ctx.app.inject({ url: '/dev/outbox?to=third@example.TEST', headers: json });
    expect(byTo.json<ListOutboxResponse>().data.map((message) => message.subject)).toEqual([
      'Reset <b>password</b>',
    ]);
    const limited = await ctx.app.inject({ url: '/dev/outbox?limit=2', headers: json });
    expect(limited.json<ListOutboxResponse>().data.map((message) => message.to)).toEqual([
      'Third@Example.test',
      '+447700900123',
    ]);
    const nobody = await ctx.app.inject({ url: '/dev/outbox?to=nobody@example.test', headers: json });
    expect(nobody.json<ListOutboxResponse>().data).toEqual([]);
  });

  it('answers a bad limit with 422 keyed by the query field', async () => {
    const response = await ctx.app.inject({ url: '/dev/outbox?limit=0', headers: json });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toBe('The given data was invalid.');
    expect(Object.keys(body.errors)).toEqual(['querystring.limit']);
  });

  it('serves people an escaped HTML page, newest first, with links to follow', async () => {
    const response = await ctx.app.inject({
      url: '/dev/outbox',
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    const page = response.body;
    expect(page).toContain('<h1>Outbox</h1>');
    expect(page).not.toContain('<script');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('Reset &lt;b&gt;password&lt;/b&gt;');
    expect(page).toContain(
      '<a href="https://muster.test/reset?token=abc&amp;x=1">https://muster.test/reset?token=abc&amp;x=1</a>.',
    );
    expect(page).toMatch(/<time datetime="\d{4}-\d{2}-\d{2}T[\d:.]+Z">/);
    expect(page).toContain('<pre>Your code is 654321</pre>');
    const order = ['Third@Example.test', '+447700900123', 'first@example.test'].map((to) => page.indexOf(to));
    expect(order.every((position) => position > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('serves the page when no Accept header is sent, and honours an empty recipient filter', async () => {
    const response = await ctx.app.inject({ url: '/dev/outbox?to=&limit=50' });
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('3 messages, newest first');
  });

  it('stays out of the API description', async () => {
    const response = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json<{ paths: Record<string, unknown> }>().paths)).not.toContain('/dev/outbox');
  });

  it('says so when no message matches the filter', async () => {
    const response = await ctx.app.inject({ url: '/dev/outbox?to=%3Cnobody%3E' });
    expect(response.body).toContain('No messages to &lt;nobody&gt;.');
  });
});

describe('outbox page outside development', () => {
  it('does not exist when devTools is off (production)', async () => {
    const production = await createTestContext({ devTools: false });
    try {
      for (const accept of ['text/html', 'application/json']) {
        const response = await production.app.inject({ url: '/dev/outbox', headers: { accept } });
        expect(response.statusCode).toBe(404);
      }
      // The outbox itself still works: the messages are stored for the audit.
      await production.app.outbox.sendSms({ to: '+447700900999', text: 'Still stored' });
      expect((await production.app.outbox.list(1))[0]?.text).toBe('Still stored');
    } finally {
      await production.close();
    }
  });
});
