import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueRecords,
  messageDeliveries,
  singleUseTokens,
  userBlockProtections,
} from '../../db/schema/index.js';
import type { TestContext } from '../../test/context.js';
import { PROTECTION_REFUSALS } from './accounts-service.js';
import { dataOf, listOf, perUserHelpers, perUserWorld, type PerUserTenant } from './test-support.js';

/*
 * The generic operations of the per-user named calls (docs/catalogue.md "Per-user calls"): read
 * marks, dismissals, replies, forwards, acknowledgements, protections from blocking and password
 * reset links, each as records.
 */

let ctx: TestContext;
let a: PerUserTenant;
let b: PerUserTenant;

beforeAll(async () => {
  ({ ctx, a, b } = await perUserWorld());
}, 60_000);
afterAll(() => ctx?.close());

const { call, documentOf, message } = perUserHelpers(() => ({ ctx, home: a }));

async function bodyOf(id: number): Promise<Record<string, unknown> | null> {
  const [row] = await ctx.db.select().from(catalogueRecords).where(eq(catalogueRecords.id, id));
  return row?.body ?? null;
}

describe('messaging/mark-read/{messageId}', () => {
  it('shows, sets (keeping an earlier time) and deletes the read mark of one message', async () => {
    const person = await a.make([]);
    const unread = await message(person, {});
    const earlier = await message(person, { read_at: '2026-01-01T09:00:00.000Z' });
    const url = (id: number) => `/api/users/${person.id}/messaging/mark-read/${id}`;

    const shown = await call('GET', url(unread.id), person.headers);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.data).toEqual({ id: unread.id, message_id: unread.id, read: false, read_at: null });

    const marked = await call('PUT', url(unread.id), person.headers, {});
    expect(marked.status).toBe(200);
    expect(dataOf(marked.body)).toMatchObject({ read: true, read_at: expect.any(String) as unknown });
    expect((await bodyOf(unread.id))?.read_at).toEqual(dataOf(marked.body).read_at);

    const kept = await call('PUT', url(earlier.id), a.manager.headers, { read: true });
    expect(dataOf(kept.body).read_at).toBe('2026-01-01T09:00:00.000Z');

    const unmarked = await call('PUT', url(earlier.id), person.headers, { read: false });
    expect(dataOf(unmarked.body)).toMatchObject({ read: false, read_at: null });

    const deleted = await call('DELETE', url(unread.id), person.headers);
    expect(deleted.status).toBe(204);
    expect((await bodyOf(unread.id))?.read_at).toBeNull();
    expect((await call('GET', url(unread.id), a.viewer.headers)).body.data).toMatchObject({ read: false });
  });

  it('401, 403 (others without the permission; viewers may only read), 422, 404 for another person’s message', async () => {
    const person = await a.make([]);
    const mine = await message(person, {});
    const theirs = await message(a.other, {});
    const url = `/api/users/${person.id}/messaging/mark-read/${mine.id}`;
    expect((await call('GET', url, a.anonymous)).status).toBe(401);
    expect((await call('PUT', url, a.anonymous, {})).status).toBe(401);
    expect((await call('GET', url, a.other.headers)).status).toBe(403);
    expect((await call('PUT', url, a.viewer.headers, {})).status).toBe(403);
    expect((await call('DELETE', url, a.other.headers)).status).toBe(403);
    const bad = await call('PUT', url, person.headers, { read: 'yes' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['read']);
    const foreign = `/api/users/${person.id}/messaging/mark-read/${theirs.id}`;
    expect((await call('GET', foreign, person.headers)).status).toBe(404);
    expect((await call('PUT', foreign, person.headers, {})).status).toBe(404);
    expect((await bodyOf(theirs.id))?.read_at).toBeNull();
    expect(
      (await call('GET', `/api/users/${person.id}/messaging/mark-read/abc`, person.headers)).status,
    ).toBe(404);
    expect((await call('GET', url, b.admin.headers)).status).toBe(404);
  });
});

describe('notifications/dismiss/{notificationId}', () => {
  it('lists dismissals, shows, dismisses and undismisses one notification', async () => {
    const person = await a.make([]);
    const notice = (body: Record<string, unknown>) =>
      documentOf(a.id, 'users.notifications', `userId=${person.id}`, { text: 'Shift changed', ...body });
    const first = await notice({});
    const second = await notice({ dismissed_at: '2026-02-01T10:00:00.000Z' });
    await notice({ dismissed_at: null });
    const base = `/api/users/${person.id}/notifications/dismiss`;

    const listed = await call('GET', base, person.headers);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listOf(listed.body).map((row) => row.id)).toEqual([second.id]);
    expect(listed.body.meta).toEqual({ current_page: 1, per_page: 25, total: 1 });

    const dismissed = await call('PUT', `${base}/${first.id}`, person.headers, {});
    expect(dataOf(dismissed.body)).toMatchObject({ notification_id: first.id, dismissed: true });
    expect((await bodyOf(first.id))?.dismissed_at).toEqual(expect.any(String));
    expect(listOf((await call('GET', `${base}?per_page=1&page=2`, a.viewer.headers)).body)).toHaveLength(1);

    expect((await call('DELETE', `${base}/${second.id}`, a.manager.headers)).status).toBe(204);
    expect((await bodyOf(second.id))?.dismissed_at).toBeNull();
    const shown = await call('GET', `${base}/${second.id}`, person.headers);
    expect(shown.body.data).toEqual({
      id: second.id,
      notification_id: second.id,
      dismissed: false,
      dismissed_at: null,
    });
    expect(
      dataOf((await call('PUT', `${base}/${first.id}`, person.headers, { dismissed: false })).body),
    ).toMatchObject({ dismissed: false });
  });

  it('401, 403, 422, 404 for someone else’s notification or another organisation', async () => {
    const person = await a.make([]);
    const theirs = await documentOf(a.id, 'users.notifications', `userId=${a.other.id}`, { text: 'x' });
    const base = `/api/users/${person.id}/notifications/dismiss`;
    expect((await call('GET', base, a.anonymous)).status).toBe(401);
    expect((await call('GET', base, a.other.headers)).status).toBe(403);
    expect((await call('PUT', `${base}/1`, a.viewer.headers, {})).status).toBe(403);
    expect(Object.keys((await call('GET', `${base}?per_page=0`, person.headers)).body.errors ?? {})).toEqual([
      'querystring.per_page',
    ]);
    expect(
      Object.keys((await call('PUT', `${base}/1`, person.headers, { dismissed: 1 })).body.errors ?? {}),
    ).toEqual(['dismissed']);
    expect((await call('PUT', `${base}/${theirs.id}`, person.headers, {})).status).toBe(404);
    expect((await bodyOf(theirs.id))?.dismissed_at).toBeUndefined();
    expect((await call('GET', base, b.admin.headers)).status).toBe(404);
  });
});

describe('messaging/{messageId}/reply/ as records', () => {
  async function replied(person: { id: number; headers: Record<string, string> }, sender: { id: number }) {
    const original = await message(person, { from_user_id: sender.id, to_user_ids: [person.id] });
    const sent = await call(
      'POST',
      `/api/users/${person.id}/messaging/${original.id}/reply`,
      person.headers,
      {
        body: 'I can make it.',
      },
    );
    expect(sent.status).toBe(201);
    const [delivery] = await ctx.db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.sentRecordId, dataOf(sent.body).id));
    return { original, sent: dataOf(sent.body), copyId: delivery?.deliveredRecordId ?? 0 };
  }

  it('lists and shows the replies, corrects every copy until read, then 409; withdraws an unread one', async () => {
    const person = await a.make([]);
    const sender = await a.make([]);
    const { original, sent, copyId } = await replied(person, sender);
    const base = `/api/users/${person.id}/messaging/${original.id}/reply`;

    const listed = await call('GET', base, person.headers);
    expect(listed.status).toBe(200);
    expect(listOf(listed.body).map((row) => row.id)).toEqual([sent.id]);
    expect(dataOf((await call('GET', `${base}/${sent.id}`, a.viewer.headers)).body)).toMatchObject({
      in_reply_to: original.id,
      folder: 'sent',
    });

    const corrected = await call('PUT', `${base}/${sent.id}`, person.headers, {
      body: 'I can make it at ten.',
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(dataOf(corrected.body)).toMatchObject({
      body: 'I can make it at ten.',
      edited_at: expect.any(String) as unknown,
    });
    expect(await bodyOf(copyId)).toMatchObject({ body: 'I can make it at ten.', folder: 'inbox' });

    // Once the sender has read it, the words stand.
    await call('PUT', `/api/users/${sender.id}/messaging/mark-read/${copyId}`, sender.headers, {});
    expect((await call('PUT', `${base}/${sent.id}`, person.headers, { body: 'Changed again' })).status).toBe(
      409,
    );
    expect((await call('DELETE', `${base}/${sent.id}`, person.headers)).status).toBe(409);
    expect((await bodyOf(copyId))?.body).toBe('I can make it at ten.');

    const fresh = await replied(person, sender);
    const freshBase = `/api/users/${person.id}/messaging/${fresh.original.id}/reply`;
    expect((await bodyOf(fresh.original.id))?.replied_at).toEqual(expect.any(String));
    expect((await call('DELETE', `${freshBase}/${fresh.sent.id}`, person.headers)).status).toBe(204);
    expect(await bodyOf(fresh.sent.id)).toBeNull();
    expect(await bodyOf(fresh.copyId)).toBeNull();
    expect((await bodyOf(fresh.original.id))?.replied_at).toBeUndefined();
    expect((await call('GET', `${freshBase}/${fresh.sent.id}`, person.headers)).status).toBe(404);
  });

  it('401, 403, 422, 404 for a reply to another message, another person’s message or organisation', async () => {
    const person = await a.make([]);
    const { original, sent } = await replied(person, a.other);
    const otherMessage = await message(person, { from_user_id: a.other.id });
    const base = `/api/users/${person.id}/messaging/${original.id}/reply`;
    expect((await call('GET', base, a.anonymous)).status).toBe(401);
    expect((await call('GET', base, a.other.headers)).status).toBe(403);
    expect((await call('PUT', `${base}/${sent.id}`, a.viewer.headers, { body: 'x' })).status).toBe(403);
    expect((await call('DELETE', `${base}/${sent.id}`, a.viewer.headers)).status).toBe(403);
    const empty = await call('PUT', `${base}/${sent.id}`, person.headers, {});
    expect(Object.keys(empty.body.errors ?? {})).toEqual(['body']);
    expect(
      (
        await call(
          'GET',
          `/api/users/${person.id}/messaging/${otherMessage.id}/reply/${sent.id}`,
          person.headers,
        )
      ).status,
    ).toBe(404);
    expect(
      (await call('GET', `/api/users/${a.other.id}/messaging/${original.id}/reply`, a.manager.headers))
        .status,
    ).toBe(404);
    expect((await call('GET', base, b.admin.headers)).status).toBe(404);
  });
});

describe('messaging/{messageId}/attachments/{fileId}/forward/ as records', () => {
  it('lists, shows, corrects and withdraws forwards of one attachment', async () => {
    const person = await a.make([]);
    const recipient = await a.make([]);
    const original = await message(person, { subject: 'Risk assessment', from_user_id: a.other.id });
    const attachment = await documentOf(
      a.id,
      'users.messaging.attachments',
      `userId=${person.id}&messageId=${original.id}`,
      {
        name: 'risk.pdf',
      },
    );
    const otherAttachment = await documentOf(
      a.id,
      'users.messaging.attachments',
      `userId=${person.id}&messageId=${original.id}`,
      { name: 'map.pdf' },
    );
    const base = `/api/users/${person.id}/messaging/${original.id}/attachments/${attachment.id}/forward`;
    const forwarded = await call('POST', base, person.headers, { user_ids: [recipient.id] });
    expect(forwarded.status).toBe(201);
    const sent = dataOf(forwarded.body);
    expect(sent.forwarded_attachment_id).toBe(attachment.id);

    expect(listOf((await call('GET', base, person.headers)).body).map((row) => row.id)).toEqual([sent.id]);
    const otherBase = `/api/users/${person.id}/messaging/${original.id}/attachments/${otherAttachment.id}/forward`;
    expect(listOf((await call('GET', otherBase, person.headers)).body)).toEqual([]);
    expect((await call('GET', `${otherBase}/${sent.id}`, person.headers)).status).toBe(404);
    expect(dataOf((await call('GET', `${base}/${sent.id}`, a.manager.headers)).body).id).toBe(sent.id);

    const corrected = await call('PUT', `${base}/${sent.id}`, person.headers, {
      subject: 'Fwd: the risk assessment',
    });
    expect(dataOf(corrected.body).subject).toBe('Fwd: the risk assessment');
    const [delivery] = await ctx.db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.sentRecordId, sent.id));
    const copyId = delivery?.deliveredRecordId ?? 0;
    expect((await bodyOf(copyId))?.subject).toBe('Fwd: the risk assessment');

    expect((await call('DELETE', `${base}/${sent.id}`, person.headers)).status).toBe(204);
    expect(await bodyOf(copyId)).toBeNull();
    const attachmentsLeft = await ctx.db
      .select()
      .from(catalogueRecords)
      .where(
        and(
          eq(catalogueRecords.entry, 'users.messaging.attachments'),
          eq(catalogueRecords.parentKey, `userId=${recipient.id}&messageId=${copyId}`),
        ),
      );
    expect(attachmentsLeft).toEqual([]);
    expect(await bodyOf(attachment.id)).not.toBeNull();
  });

  it('401, 403, 422, 404 for an attachment of another message', async () => {
    const person = await a.make([]);
    const original = await message(person, {});
    const elsewhere = await message(person, {});
    const attachment = await documentOf(
      a.id,
      'users.messaging.attachments',
      `userId=${person.id}&messageId=${elsewhere.id}`,
      {
        name: 'x.pdf',
      },
    );
    const base = `/api/users/${person.id}/messaging/${original.id}/attachments/${attachment.id}/forward`;
    expect((await call('GET', base, a.anonymous)).status).toBe(401);
    expect((await call('GET', base, a.other.headers)).status).toBe(403);
    expect((await call('GET', base, person.headers)).status).toBe(404);
    expect(
      Object.keys((await call('PUT', `${base}/1`, person.headers, { subject: '' })).body.errors ?? {}),
    ).toEqual(['subject']);
  });
});

describe('login-messages/{messageId}/acknowledge/ as records', () => {
  it('lists and shows the acknowledgement, renews it (the person only), withdraws it with a log entry', async () => {
    const person = await a.make([]);
    const loginMessage = await documentOf(a.id, 'organisation.login-messages', '', {
      title: 'Code of conduct',
    });
    const base = `/api/users/${person.id}/login-messages/${loginMessage.id}/acknowledge`;
    expect(listOf((await call('GET', base, person.headers)).body)).toEqual([]);
    const acknowledged = await call('POST', base, person.headers);
    const record = dataOf(acknowledged.body);

    const listed = await call('GET', base, a.viewer.headers);
    expect(listOf(listed.body).map((row) => row.id)).toEqual([record.id]);
    expect(dataOf((await call('GET', `${base}/${record.id}`, person.headers)).body)).toMatchObject({
      login_message_id: loginMessage.id,
    });

    expect((await call('PUT', `${base}/${record.id}`, a.admin.headers, {})).status).toBe(403);
    const renewed = await call('PUT', `${base}/${record.id}`, person.headers, {});
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(dataOf(renewed.body).acknowledged_at).toEqual(expect.any(String));
    expect(
      Object.keys((await call('PUT', `${base}/${record.id}`, person.headers, { at: 1 })).body.errors ?? {}),
    ).toEqual(['_']);

    expect((await call('DELETE', `${base}/${record.id}`, a.manager.headers)).status).toBe(204);
    expect(await bodyOf(record.id)).toBeNull();
    const logs = await ctx.db
      .select()
      .from(catalogueRecords)
      .where(
        and(
          eq(catalogueRecords.entry, 'organisation.login-messages.logs'),
          eq(catalogueRecords.parentKey, `id=${loginMessage.id}`),
        ),
      )
      .orderBy(catalogueRecords.id);
    expect(logs.map((row) => Object.keys(row.body).sort())).toEqual([
      ['acknowledged_at', 'user_id'],
      ['acknowledged_at', 'user_id'],
      ['user_id', 'withdrawn_at'],
    ]);
    expect((await call('POST', base, person.headers)).status).toBe(201);
  });

  it('401, 403, 404 for another person’s acknowledgement or another organisation’s message', async () => {
    const person = await a.make([]);
    const loginMessage = await documentOf(a.id, 'organisation.login-messages', '', { title: 'Hello' });
    await call(
      'POST',
      `/api/users/${a.other.id}/login-messages/${loginMessage.id}/acknowledge`,
      a.other.headers,
    );
    const theirs = listOf(
      (
        await call(
          'GET',
          `/api/users/${a.other.id}/login-messages/${loginMessage.id}/acknowledge`,
          a.other.headers,
        )
      ).body,
    )[0];
    const base = `/api/users/${person.id}/login-messages/${loginMessage.id}/acknowledge`;
    expect((await call('GET', base, a.anonymous)).status).toBe(401);
    expect((await call('GET', base, a.other.headers)).status).toBe(403);
    expect((await call('DELETE', `${base}/${theirs?.id}`, a.viewer.headers)).status).toBe(403);
    expect((await call('GET', `${base}/${theirs?.id}`, person.headers)).status).toBe(404);
    expect((await call('DELETE', `${base}/${theirs?.id}`, person.headers)).status).toBe(404);
    expect((await call('GET', base, b.admin.headers)).status).toBe(404);
  });
});

describe('blocked/can-be-blocked/ protections', () => {
  it('protects a person (the index then says no), shows, changes the reason, lifts it', async () => {
    const person = await a.make([]);
    const base = `/api/users/${person.id}/blocked/can-be-blocked`;
    expect(dataOf((await call('GET', base, a.manager.headers)).body)).toEqual({ can_be_blocked: true });

    const stored = await call('POST', base, a.manager.headers, { reason: 'Runs the weekly rota export.' });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    const protection = dataOf(stored.body);
    expect(protection).toMatchObject({
      user_id: person.id,
      reason: 'Runs the weekly rota export.',
      created_by: a.manager.id,
    });
    expect(dataOf((await call('GET', base, a.manager.headers)).body)).toEqual({
      can_be_blocked: false,
      reason: 'This user may not be blocked: Runs the weekly rota export.',
    });
    expect((await call('POST', base, a.admin.headers, { reason: 'Again' })).status).toBe(409);

    expect(dataOf((await call('GET', `${base}/${protection.id}`, a.viewer.headers)).body).id).toBe(
      protection.id,
    );
    const changed = await call('PUT', `${base}/${protection.id}`, a.admin.headers, {
      reason: 'Owner account.',
    });
    expect(dataOf(changed.body).reason).toBe('Owner account.');

    expect((await call('DELETE', `${base}/${protection.id}`, a.manager.headers)).status).toBe(204);
    expect(
      await ctx.db.select().from(userBlockProtections).where(eq(userBlockProtections.userId, person.id)),
    ).toEqual([]);
    expect((await call('GET', `${base}/${protection.id}`, a.viewer.headers)).status).toBe(404);
  });

  it('401, 403 (the person, viewers, oneself, someone holding more), 422, 404 across people and organisations', async () => {
    const person = await a.make([]);
    const base = `/api/users/${person.id}/blocked/can-be-blocked`;
    expect((await call('POST', base, a.anonymous, { reason: 'x' })).status).toBe(401);
    expect((await call('POST', base, person.headers, { reason: 'x' })).status).toBe(403);
    expect((await call('POST', base, a.viewer.headers, { reason: 'x' })).status).toBe(403);
    const self = await call('POST', `/api/users/${a.manager.id}/blocked/can-be-blocked`, a.manager.headers, {
      reason: 'x',
    });
    expect(self.body.message).toBe(PROTECTION_REFUSALS.self);
    const above = await call('POST', `/api/users/${a.admin.id}/blocked/can-be-blocked`, a.manager.headers, {
      reason: 'x',
    });
    expect(above.status).toBe(403);
    expect(above.body.message).toBe(PROTECTION_REFUSALS.holdsMore);
    expect(
      Object.keys((await call('POST', base, a.manager.headers, { reason: ' ' })).body.errors ?? {}),
    ).toEqual(['reason']);
    const stored = dataOf((await call('POST', base, a.manager.headers, { reason: 'Kept' })).body);
    expect(
      (await call('GET', `/api/users/${a.other.id}/blocked/can-be-blocked/${stored.id}`, a.admin.headers))
        .status,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/users/${a.other.id}/blocked/can-be-blocked/${stored.id}`, a.admin.headers))
        .status,
    ).toBe(404);
    expect((await call('GET', `${base}/${stored.id}`, b.admin.headers)).status).toBe(404);
  });
});

describe('forgot-password/{id}', () => {
  it('answers the link id, cancels the link (it stops working), 409 once closed', async () => {
    const person = await a.make([]);
    const sent = await call('POST', `/api/users/${person.id}/forgot-password`, a.manager.headers);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = String(dataOf(sent.body).id);
    const url = `/api/users/${person.id}/forgot-password/${id}`;

    const cancelled = await call('PUT', url, a.manager.headers, { live: false });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ id, live: false, closed_at: expect.any(String) as unknown });
    const [row] = await ctx.db.select().from(singleUseTokens).where(eq(singleUseTokens.id, id));
    expect(row?.consumedAt).not.toBeNull();
    expect((await call('PUT', url, a.manager.headers, { live: false })).status).toBe(409);
  });

  it('401, 403, 422, 404 for another person’s link, an unknown id or another organisation', async () => {
    const person = await a.make([]);
    const sent = await call('POST', `/api/users/${person.id}/forgot-password`, a.manager.headers);
    const id = String(dataOf(sent.body).id);
    const url = `/api/users/${person.id}/forgot-password/${id}`;
    expect((await call('PUT', url, a.anonymous, { live: false })).status).toBe(401);
    expect((await call('PUT', url, person.headers, { live: false })).status).toBe(403);
    expect((await call('PUT', url, a.viewer.headers, { live: false })).status).toBe(403);
    expect(
      Object.keys((await call('PUT', url, a.manager.headers, { live: true })).body.errors ?? {}),
    ).toEqual(['live']);
    expect(
      (
        await call('PUT', `/api/users/${a.other.id}/forgot-password/${id}`, a.manager.headers, {
          live: false,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('PUT', `/api/users/${person.id}/forgot-password/nope`, a.manager.headers, { live: false }))
        .status,
    ).toBe(404);
    expect((await call('PUT', url, b.admin.headers, { live: false })).status).toBe(404);
    const [row] = await ctx.db.select().from(singleUseTokens).where(eq(singleUseTokens.id, id));
    expect(row?.consumedAt).toBeNull();
  });
});
