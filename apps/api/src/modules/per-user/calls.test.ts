import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRecords, users } from '../../db/schema/index.js';
import { USER_STATUS } from '../../db/seed/reference-data.js';
import type { TestContext } from '../../test/context.js';
import { BLOCK_REASONS } from './accounts-service.js';
import type { DocumentRow } from './repository.js';
import {
  dataOf,
  listOf,
  perUserHelpers,
  perUserWorld,
  type PerUserTenant,
  type Person,
} from './test-support.js';

let ctx: TestContext;
let a: PerUserTenant;
let b: PerUserTenant;

beforeAll(async () => {
  ({ ctx, a, b } = await perUserWorld());
}, 60_000);
afterAll(() => ctx?.close());

const { call, documentOf, message } = perUserHelpers(() => ({ ctx, home: a }));

async function documentsIn(organisationId: number, entry: string, parentKey: string): Promise<DocumentRow[]> {
  return ctx.db
    .select()
    .from(catalogueRecords)
    .where(
      and(
        eq(catalogueRecords.organisationId, organisationId),
        eq(catalogueRecords.entry, entry),
        eq(catalogueRecords.parentKey, parentKey),
      ),
    )
    .orderBy(catalogueRecords.id);
}

async function bodyOf(id: number): Promise<Record<string, unknown>> {
  const [row] = await ctx.db.select().from(catalogueRecords).where(eq(catalogueRecords.id, id));
  return row?.body ?? {};
}

describe('messaging/mark-read', () => {
  it('sets read_at on the listed messages, keeps an earlier time, marks unread again, or all', async () => {
    const person = await a.make([]);
    const first = await message(person, {});
    const second = await message(person, {});
    const earlier = await message(person, { read_at: '2026-01-01T09:00:00.000Z' });
    const url = `/api/users/${person.id}/messaging/mark-read`;

    const marked = await call('POST', url, person.headers, { ids: [first.id, earlier.id] });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.data).toEqual({ updated: 1 });
    expect((await bodyOf(first.id)).read_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect((await bodyOf(earlier.id)).read_at).toBe('2026-01-01T09:00:00.000Z');
    expect((await bodyOf(second.id)).read_at).toBeNull();

    const unread = await call('PUT', url, person.headers, { ids: [first.id], read: false });
    expect(unread.body.data).toEqual({ updated: 1 });
    expect((await bodyOf(first.id)).read_at).toBeNull();

    const all = await call('POST', url, a.manager.headers, { all: true });
    expect(all.body.data).toEqual({ updated: 2 });
    for (const row of [first, second, earlier]) {
      expect((await bodyOf(row.id)).read_at).not.toBeNull();
    }
  });

  it('422 ids.N for a message that is not the user’s (nothing changes), and for neither or both selections', async () => {
    const person = await a.make([]);
    const mine = await message(person, {});
    const theirs = await message(a.other, {});
    const url = `/api/users/${person.id}/messaging/mark-read`;
    const refused = await call('POST', url, person.headers, { ids: [mine.id, theirs.id] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'ids.1': ['This message is not one of the user’s.'] });
    expect((await bodyOf(mine.id)).read_at).toBeNull();
    expect(Object.keys((await call('POST', url, person.headers, {})).body.errors ?? {})).toEqual(['ids']);
    expect(
      Object.keys((await call('POST', url, person.headers, { ids: [mine.id], all: true })).body.errors ?? {}),
    ).toEqual(['ids']);
    expect(Object.keys((await call('POST', url, person.headers, { ids: ['x'] })).body.errors ?? {})).toEqual([
      'ids.0',
    ]);
  });

  it('401, 403 for someone else without manage-users, 404 across organisations', async () => {
    const url = `/api/users/${a.person.id}/messaging/mark-read`;
    expect((await call('POST', url, a.anonymous, { all: true })).status).toBe(401);
    expect((await call('POST', url, a.other.headers, { all: true })).status).toBe(403);
    expect((await call('POST', url, a.viewer.headers, { all: true })).status).toBe(403);
    expect(
      (await call('POST', `/api/users/${b.person.id}/messaging/mark-read`, a.admin.headers, { all: true }))
        .status,
    ).toBe(404);
  });
});

describe('messaging/{messageId}/reply', () => {
  it('delivers the reply to the sender with in_reply_to, keeps a sent copy, stamps the original and emails the sender', async () => {
    const person = await a.make([]);
    const sender = await a.make([]);
    const original = await message(person, { from_user_id: sender.id, to_user_ids: [person.id] });
    const replied = await call(
      'POST',
      `/api/users/${person.id}/messaging/${original.id}/reply`,
      person.headers,
      {
        body: 'I can make it.',
      },
    );
    expect(replied.status, JSON.stringify(replied.body)).toBe(201);
    expect(dataOf(replied.body)).toMatchObject({
      subject: 'Re: Rota for Saturday',
      body: 'I can make it.',
      folder: 'sent',
      from_user_id: person.id,
      to_user_ids: [sender.id],
      in_reply_to: original.id,
      created_by: person.id,
    });
    const delivered = await documentsIn(a.id, 'users.messaging', `userId=${sender.id}`);
    expect(delivered.map((row) => row.body)).toEqual([
      expect.objectContaining({
        folder: 'inbox',
        in_reply_to: original.id,
        from_user_id: person.id,
        read_at: null,
      }),
    ]);
    expect((await bodyOf(original.id)).replied_at).toEqual(expect.any(String));
    const [notice] = await ctx.app.outbox.list(1, { to: sender.email });
    expect(notice?.subject).toContain('Re: Rota for Saturday');
    expect(notice?.text).not.toContain('I can make it.');
  });

  it('replying to a message of one’s own follows up with its recipients; 409 when nobody can receive it', async () => {
    const person = await a.make([]);
    const sent = await message(person, {
      folder: 'sent',
      from_user_id: person.id,
      to_user_ids: [a.other.id],
    });
    const followUp = await call(
      'POST',
      `/api/users/${person.id}/messaging/${sent.id}/reply`,
      person.headers,
      {
        body: 'Any news?',
        subject: 'Following up',
      },
    );
    expect(dataOf(followUp.body)).toMatchObject({ subject: 'Following up', to_user_ids: [a.other.id] });
    const system = await message(person, { from_user_id: null });
    const refused = await call(
      'POST',
      `/api/users/${person.id}/messaging/${system.id}/reply`,
      person.headers,
      { body: 'Hello?' },
    );
    expect(refused.status).toBe(409);
  });

  it('401, 403, 422 by field, 404 for another user’s message or another organisation', async () => {
    const person = await a.make([]);
    const original = await message(person, { from_user_id: a.other.id });
    const url = `/api/users/${person.id}/messaging/${original.id}/reply`;
    expect((await call('POST', url, a.anonymous, { body: 'x' })).status).toBe(401);
    expect((await call('POST', url, a.other.headers, { body: 'x' })).status).toBe(403);
    expect(Object.keys((await call('POST', url, person.headers, { body: '  ' })).body.errors ?? {})).toEqual([
      'body',
    ]);
    expect(
      (
        await call('POST', `/api/users/${a.other.id}/messaging/${original.id}/reply`, a.manager.headers, {
          body: 'x',
        })
      ).status,
    ).toBe(404);
    expect((await call('POST', url, b.admin.headers, { body: 'x' })).status).toBe(404);
  });
});

describe('messaging/{messageId}/attachments/{fileId}/forward', () => {
  it('sends each recipient a new message with a copy of the attachment, and keeps a sent copy', async () => {
    const person = await a.make([]);
    const first = await a.make([]);
    const second = await a.make([]);
    const original = await message(person, { subject: 'Risk assessment', from_user_id: a.other.id });
    const attachment = await documentOf(
      a.id,
      'users.messaging.attachments',
      `userId=${person.id}&messageId=${original.id}`,
      {
        name: 'risk-assessment.pdf',
        file_id: 'c0ffee00-0000-4000-8000-000000000001',
      },
    );
    const url = `/api/users/${person.id}/messaging/${original.id}/attachments/${attachment.id}/forward`;
    const forwarded = await call('POST', url, person.headers, {
      user_ids: [first.id, second.id, first.id],
      body: 'Please read.',
    });
    expect(forwarded.status, JSON.stringify(forwarded.body)).toBe(201);
    const sent = dataOf(forwarded.body);
    expect(sent).toMatchObject({
      subject: 'Fwd: Risk assessment',
      body: 'Please read.',
      folder: 'sent',
      to_user_ids: [first.id, second.id],
      forwarded_from: original.id,
    });
    for (const recipient of [first, second]) {
      const [delivered] = await documentsIn(a.id, 'users.messaging', `userId=${recipient.id}`);
      expect(delivered?.body).toMatchObject({
        folder: 'inbox',
        from_user_id: person.id,
        forwarded_from: original.id,
      });
      const copies = await documentsIn(
        a.id,
        'users.messaging.attachments',
        `userId=${recipient.id}&messageId=${delivered?.id}`,
      );
      expect(copies.map((row) => row.body)).toEqual([
        {
          name: 'risk-assessment.pdf',
          file_id: 'c0ffee00-0000-4000-8000-000000000001',
          forwarded_from_attachment_id: attachment.id,
        },
      ]);
      expect((await ctx.app.outbox.list(1, { to: recipient.email }))[0]?.subject).toContain(
        'Fwd: Risk assessment',
      );
    }
    expect(
      await documentsIn(a.id, 'users.messaging.attachments', `userId=${person.id}&messageId=${sent.id}`),
    ).toHaveLength(1);
  });

  it('422 user_ids.N for someone of another organisation (nothing sent); 404 for another message’s attachment; 401, 403', async () => {
    const person = await a.make([]);
    const original = await message(person, {});
    const elsewhere = await message(person, {});
    const attachment = await documentOf(
      a.id,
      'users.messaging.attachments',
      `userId=${person.id}&messageId=${original.id}`,
      { name: 'a.pdf' },
    );
    const url = `/api/users/${person.id}/messaging/${original.id}/attachments/${attachment.id}/forward`;
    const recipient = await a.make([]);
    const refused = await call('POST', url, person.headers, { user_ids: [recipient.id, b.person.id] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'user_ids.1': ['Each recipient must be a user of this organisation.'],
    });
    expect(await documentsIn(a.id, 'users.messaging', `userId=${recipient.id}`)).toEqual([]);
    expect(
      Object.keys((await call('POST', url, person.headers, { user_ids: [] })).body.errors ?? {}),
    ).toEqual(['user_ids']);
    const wrongMessage = `/api/users/${person.id}/messaging/${elsewhere.id}/attachments/${attachment.id}/forward`;
    expect((await call('POST', wrongMessage, person.headers, { user_ids: [a.other.id] })).status).toBe(404);
    expect((await call('POST', url, a.anonymous, { user_ids: [a.other.id] })).status).toBe(401);
    expect((await call('POST', url, a.other.headers, { user_ids: [a.other.id] })).status).toBe(403);
    expect((await call('POST', url, b.admin.headers, { user_ids: [b.other.id] })).status).toBe(404);
  });
});

describe('notifications/dismiss', () => {
  it('sets dismissed_at on the listed notifications or all of them; 422 ids.N for someone else’s', async () => {
    const person = await a.make([]);
    const notice = (who: Person) =>
      documentOf(a.id, 'users.notifications', `userId=${who.id}`, { text: 'Shift changed' });
    const first = await notice(person);
    const second = await notice(person);
    const theirs = await notice(a.other);
    const url = `/api/users/${person.id}/notifications/dismiss`;
    const dismissed = await call('POST', url, person.headers, { ids: [first.id] });
    expect(dismissed.body.data).toEqual({ updated: 1 });
    expect((await bodyOf(first.id)).dismissed_at).toEqual(expect.any(String));
    expect((await bodyOf(second.id)).dismissed_at).toBeUndefined();
    const refused = await call('POST', url, person.headers, { ids: [theirs.id] });
    expect(refused.body.errors).toEqual({ 'ids.0': ['This notification is not one of the user’s.'] });
    expect((await call('POST', url, person.headers, { all: true })).body.data).toEqual({ updated: 1 });
    expect((await bodyOf(theirs.id)).dismissed_at).toBeUndefined();
    expect((await call('POST', url, a.anonymous, { all: true })).status).toBe(401);
    expect((await call('POST', url, a.other.headers, { all: true })).status).toBe(403);
    expect((await call('POST', url, a.manager.headers, { all: true })).status).toBe(200);
    expect((await call('POST', url, b.admin.headers, { all: true })).status).toBe(404);
  });
});

describe('login-messages/{messageId}/acknowledge', () => {
  it('records the acknowledgement once: the user’s record and a log entry under the message', async () => {
    const person = await a.make([]);
    const loginMessage = await documentOf(a.id, 'organisation.login-messages', '', {
      title: 'New safeguarding policy',
    });
    const url = `/api/users/${person.id}/login-messages/${loginMessage.id}/acknowledge`;
    const first = await call('POST', url, person.headers);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(dataOf(first.body).login_message_id).toBe(loginMessage.id);
    expect(dataOf(first.body).acknowledged_at).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    const again = await call('POST', url, person.headers, {});
    expect(again.status).toBe(200);
    expect(dataOf(again.body).id).toBe(dataOf(first.body).id);
    expect(await documentsIn(a.id, 'users.login-messages', `userId=${person.id}`)).toHaveLength(1);
    const logs = await documentsIn(a.id, 'organisation.login-messages.logs', `id=${loginMessage.id}`);
    expect(logs.map((row) => row.body)).toEqual([
      { user_id: person.id, acknowledged_at: dataOf(first.body).acknowledged_at },
    ]);
  });

  it('only the user themself (403 for an administrator), 401, 404 for an unknown or another organisation’s message', async () => {
    const loginMessage = await documentOf(a.id, 'organisation.login-messages', '', { title: 'Welcome' });
    const theirs = await documentOf(b.id, 'organisation.login-messages', '', { title: 'Welcome' });
    const url = `/api/users/${a.person.id}/login-messages/${loginMessage.id}/acknowledge`;
    expect((await call('POST', url, a.anonymous)).status).toBe(401);
    expect((await call('POST', url, a.admin.headers)).status).toBe(403);
    expect(
      (
        await call(
          'POST',
          `/api/users/0x${a.person.id}/login-messages/${loginMessage.id}/acknowledge`,
          a.admin.headers,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await call(
          'POST',
          `/api/users/${a.person.id}/login-messages/${theirs.id}/acknowledge`,
          a.person.headers,
        )
      ).status,
    ).toBe(404);
    expect(
      (await call('POST', `/api/users/${a.person.id}/login-messages/999999/acknowledge`, a.person.headers))
        .status,
    ).toBe(404);
    expect(
      (
        await call(
          'POST',
          `/api/users/${a.person.id}/login-messages/${loginMessage.id}/acknowledge`,
          b.person.headers,
        )
      ).status,
    ).toBe(403);
  });
});

describe('notes/{noteId}/sub-notes', () => {
  it('stores a users.notes record with parent_note_id; a sub-note of a sub-note hangs under the top note', async () => {
    const person = await a.make([]);
    const note = await documentOf(a.id, 'users.notes', `userId=${person.id}`, {
      body: 'Keen on conservation work.',
    });
    const url = `/api/users/${person.id}/notes/${note.id}/sub-notes`;
    const sub = await call('POST', url, a.manager.headers, { body: 'Booked on the hedge-laying course.' });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    expect(dataOf(sub.body)).toMatchObject({
      body: 'Booked on the hedge-laying course.',
      parent_note_id: note.id,
      created_by: a.manager.id,
    });
    const subSub = await call(
      'POST',
      `/api/users/${person.id}/notes/${dataOf(sub.body).id}/sub-notes`,
      a.manager.headers,
      { body: 'Completed.' },
    );
    expect(dataOf(subSub.body).parent_note_id).toBe(note.id);
    const thread = await call(
      'GET',
      `/api/users/${person.id}/notes?parent_note_id=${note.id}`,
      a.manager.headers,
    );
    expect(
      listOf(thread.body)
        .map((row) => row.id)
        .sort(),
    ).toEqual([dataOf(sub.body).id, dataOf(subSub.body).id].sort());
  });

  it('401, 403 (notes are the organisation’s, not the user’s), 422 by field, 404 for another user’s note', async () => {
    const note = await documentOf(a.id, 'users.notes', `userId=${a.person.id}`, { body: 'x' });
    const url = `/api/users/${a.person.id}/notes/${note.id}/sub-notes`;
    expect((await call('POST', url, a.anonymous, { body: 'y' })).status).toBe(401);
    expect((await call('POST', url, a.person.headers, { body: 'y' })).status).toBe(403);
    expect((await call('POST', url, a.viewer.headers, { body: 'y' })).status).toBe(403);
    const invalid = await call('POST', url, a.manager.headers, { 'Bad Name': 1, parent_note_id: 3 });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors ?? {})).toEqual(['Bad Name']);
    expect((await call('POST', url, a.manager.headers, { parent_note_id: 3 })).body.errors).toEqual({
      parent_note_id: ['This field is set by the server.'],
    });
    expect(
      (
        await call('POST', `/api/users/${a.other.id}/notes/${note.id}/sub-notes`, a.manager.headers, {
          body: 'y',
        })
      ).status,
    ).toBe(404);
    expect((await call('POST', url, b.admin.headers, { body: 'y' })).status).toBe(404);
  });
});

describe('blocked/can-be-blocked', () => {
  const ask = (who: Person, userId: number) =>
    call('GET', `/api/users/${userId}/blocked/can-be-blocked`, who.headers);

  it('answers whether the caller may block the person, and why not', async () => {
    const person = await a.make([]);
    expect((await ask(a.manager, person.id)).body.data).toEqual({ can_be_blocked: true });
    expect((await ask(a.manager, a.manager.id)).body.data).toEqual({
      can_be_blocked: false,
      reason: BLOCK_REASONS.self,
    });
    expect((await ask(a.manager, a.admin.id)).body.data).toEqual({
      can_be_blocked: false,
      reason: BLOCK_REASONS.holdsMore,
    });
    expect((await ask(a.admin, a.manager.id)).body.data).toEqual({ can_be_blocked: true });
    expect((await ask(a.viewer, person.id)).body.data).toEqual({
      can_be_blocked: false,
      reason: BLOCK_REASONS.notPermitted,
    });

    await documentOf(a.id, 'users.blocked', `userId=${person.id}`, { reason: 'Repeated no-shows' });
    expect((await ask(a.manager, person.id)).body.data).toEqual({
      can_be_blocked: false,
      reason: BLOCK_REASONS.alreadyBlocked,
    });
    const blocked = await a.make([]);
    await ctx.db.update(users).set({ statusId: USER_STATUS.blocked }).where(eq(users.id, blocked.id));
    expect((await ask(a.admin, blocked.id)).body.data).toEqual({
      can_be_blocked: false,
      reason: BLOCK_REASONS.alreadyBlocked,
    });
  });

  it('401, 403 without view-users, 404 across organisations', async () => {
    expect((await call('GET', `/api/users/${a.person.id}/blocked/can-be-blocked`, a.anonymous)).status).toBe(
      401,
    );
    expect((await ask(a.person, a.other.id)).status).toBe(403);
    expect((await call('GET', '/api/users/someone/blocked/can-be-blocked', a.manager.headers)).status).toBe(
      422,
    );
    expect((await ask(a.admin, b.person.id)).status).toBe(404);
  });
});

describe('forgot-password', () => {
  it('emails the user a single-use reset link through the sign-in reset flow', async () => {
    const person = await a.make([]);
    const sent = await call('POST', `/api/users/${person.id}/forgot-password`, a.manager.headers);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const answer = sent.body.data as { message: string; sent_to: string };
    expect(answer.sent_to).toBe(person.email);
    expect(answer.message).toContain(person.email);
    const [email] = await ctx.app.outbox.list(1, { to: person.email });
    expect(email?.text).toMatch(/\/password\/reset\/[\w-]+\.[\w-]+\.[\w-]+/);
  });

  it('409 for a single sign-on user or one without an email address; 401, 403, 404 across organisations', async () => {
    const sso = await a.make([], { ssoSubject: 'sso-subject-1' });
    const noEmail = await a.make([], { email: null });
    expect((await call('POST', `/api/users/${sso.id}/forgot-password`, a.manager.headers)).status).toBe(409);
    expect((await call('POST', `/api/users/${noEmail.id}/forgot-password`, a.manager.headers)).status).toBe(
      409,
    );
    const url = `/api/users/${a.person.id}/forgot-password`;
    expect((await call('POST', url, a.anonymous)).status).toBe(401);
    expect((await call('POST', url, a.viewer.headers)).status).toBe(403);
    expect((await call('POST', url, a.person.headers)).status).toBe(403);
    expect((await call('POST', '/api/users/someone/forgot-password', a.manager.headers)).status).toBe(422);
    expect((await call('POST', `/api/users/${b.person.id}/forgot-password`, a.admin.headers)).status).toBe(
      404,
    );
  });
});
