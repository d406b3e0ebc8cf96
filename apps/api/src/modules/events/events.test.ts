import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  eventAttachmentResponseSchema,
  eventUsersSavedListResponseSchema,
  sessionAttendeeResponseSchema,
  sessionBulkDeleteUsersResponseSchema,
  sessionBulkUpdateUserStatusResponseSchema,
  sessionsBulkUpdateAttendeesResponseSchema,
  sessionsBulkUpdateResponseSchema,
} from '@muster/contract';
import {
  eventAttachments,
  eventInvitations,
  eventSessions,
  files,
  sessionAttendees,
} from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAccount, sessionTokenFor } from '../../test/factories/auth.js';
import { createTenant } from '../../test/factories/catalogue.js';
import { createAttendeeRow, createEventRow, createSessionRow } from '../../test/factories/events.js';
import { createStoredFile } from '../../test/factories/files.js';
import { createUser } from '../../test/factories/user.js';
import { eventMessages } from './service.js';

let ctx: TestContext;

type Headers = { host: string; authorization?: string };
type Tenant = Awaited<ReturnType<typeof tenant>>;
type Errors = { message: string; errors: Record<string, string[]> };

/** An organisation with an event manager, an event viewer and a caller with no permission. */
async function tenant() {
  const created = await createTenant(ctx.app, {
    manager: ['manage-events', 'view-events'],
    viewer: ['view-events'],
    nobody: [],
  });
  return { ...created, anonymous: { host: created.host } as Headers };
}

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await tenant();
  b = await tenant();
});
afterAll(() => ctx?.close());

/** An event of `organisationId` with three sessions on 2030-06-01 (10–11, 12–13, 14–15 UTC). */
async function eventWithSessions(organisationId: number) {
  const event = await createEventRow(ctx.db, organisationId, { name: 'Summer fair' });
  const sessions = [];
  for (const [index, hour] of [10, 12, 14].entries()) {
    sessions.push(
      await createSessionRow(ctx.db, organisationId, event.id, {
        name: `Gate ${index + 1}`,
        startsAt: `2030-06-01T${hour}:00:00.000Z`,
        endsAt: `2030-06-01T${hour + 1}:00:00.000Z`,
        capacity: 2,
      }),
    );
  }
  const [first, second, third] = sessions as [
    (typeof sessions)[0],
    (typeof sessions)[0],
    (typeof sessions)[0],
  ];
  return { event, sessions: [first, second, third] as const };
}

async function storedSession(id: number) {
  const [row] = await ctx.db.select().from(eventSessions).where(eq(eventSessions.id, id));
  return row;
}

async function attendeesOf(sessionId: number) {
  const rows = await ctx.db.select().from(sessionAttendees).where(eq(sessionAttendees.sessionId, sessionId));
  return rows.map((row) => ({ userId: row.userId, status: row.status })).sort((x, y) => x.userId - y.userId);
}

/** The guard cases every named call shares: 401 anonymous, 403 without the permission, 404 across organisations. */
function guardCases(
  name: string,
  call: (
    headers: Headers,
    eventId: number,
    sessionId: number,
  ) => Promise<{ statusCode: number; json: () => unknown }>,
  permission: 'view' | 'manage',
) {
  describe(`${name}: access`, () => {
    it('401 without a token, 403 without the permission, 404 for another organisation’s event', async () => {
      const { event, sessions } = await eventWithSessions(a.id);
      const other = await eventWithSessions(b.id);
      expect((await call(a.anonymous, event.id, sessions[0].id)).statusCode).toBe(401);
      expect((await call(a.nobody, event.id, sessions[0].id)).statusCode).toBe(403);
      if (permission === 'manage') {
        expect((await call(a.viewer, event.id, sessions[0].id)).statusCode).toBe(403);
      }
      const foreign = await call(a.manager, other.event.id, other.sessions[0].id);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: eventMessages.eventNotFound });
      for (const id of ['abc', '0', '99999999999']) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/events/${id}/get-users-saved-list`,
          headers: a.manager,
        });
        expect(response.statusCode, id).toBe(404);
      }
    });
  });
}

describe('PUT /events/{eventId}/sessions/bulk-update/', () => {
  const put = (headers: Headers, eventId: number, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/events/${eventId}/sessions/bulk-update/`, headers, payload });

  guardCases(
    'bulk-update',
    (headers, eventId, sessionId) => put(headers, eventId, { ids: [sessionId], changes: { capacity: 5 } }),
    'manage',
  );

  it('sets the changes on every listed session in one go and answers them as stored', async () => {
    const { event, sessions } = await eventWithSessions(a.id);
    const response = await put(a.manager, event.id, {
      ids: [sessions[0].id, sessions[2].id],
      changes: { name: 'Car park', capacity: null, ends_at: '2030-06-01T16:30:00+01:00' },
    });
    expect(response.statusCode).toBe(200);
    const body = sessionsBulkUpdateResponseSchema.parse(response.json());
    expect(body.data.updated).toBe(2);
    expect(
      body.data.sessions.map((session) => [session.id, session.name, session.capacity, session.ends_at]),
    ).toEqual([
      [sessions[0].id, 'Car park', null, '2030-06-01T15:30:00.000Z'],
      [sessions[2].id, 'Car park', null, '2030-06-01T15:30:00.000Z'],
    ]);
    expect(await storedSession(sessions[0].id)).toMatchObject({
      name: 'Car park',
      capacity: null,
      endsAt: '2030-06-01T15:30:00.000Z',
    });
    expect(await storedSession(sessions[1].id)).toMatchObject({ name: 'Gate 2', capacity: 2 });
  });

  it('422 keyed ids.{index} for a session of another event or organisation, and changes nothing', async () => {
    const { event, sessions } = await eventWithSessions(a.id);
    const sibling = await eventWithSessions(a.id);
    const foreign = await eventWithSessions(b.id);
    const response = await put(a.manager, event.id, {
      ids: [sessions[0].id, sibling.sessions[0].id, foreign.sessions[0].id],
      changes: { name: 'Moved' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<Errors>().errors).toEqual({
      'ids.1': [eventMessages.notEventSession],
      'ids.2': [eventMessages.notEventSession],
    });
    expect((await storedSession(sessions[0].id))?.name).toBe('Gate 1');
  });

  it('422 when a session would end before it starts, keyed by its index; nothing is changed', async () => {
    const { event, sessions } = await eventWithSessions(a.id);
    const response = await put(a.manager, event.id, {
      ids: [sessions[0].id, sessions[2].id],
      changes: { starts_at: '2030-06-01T13:30:00Z' },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<Errors>().errors)).toEqual(['ids.0']);
    expect((await storedSession(sessions[2].id))?.startsAt).toBe('2030-06-01T14:00:00.000Z');
    const both = await put(a.manager, event.id, {
      ids: [sessions[0].id],
      changes: { starts_at: '2030-06-01T13:00:00Z', ends_at: '2030-06-01T12:00:00Z' },
    });
    expect(both.json<Errors>().errors).toEqual({ 'changes.ends_at': [eventMessages.endBeforeStart] });
  });

  it('422 for a malformed body: no ids, no changes, a bad time', async () => {
    const { event } = await eventWithSessions(a.id);
    const response = await put(a.manager, event.id, { ids: [], changes: { starts_at: 'tomorrow' } });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<Errors>().errors).sort()).toEqual(['changes.starts_at', 'ids']);
    const empty = await put(a.manager, event.id, { ids: [1], changes: {} });
    expect(empty.json<Errors>().errors).toEqual({ changes: ['Please choose at least one field to change.'] });
  });
});

describe('PUT /events/{eventId}/sessions/bulk-update-location/', () => {
  const put = (headers: Headers, eventId: number, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/sessions/bulk-update-location/`,
      headers,
      payload,
    });

  guardCases(
    'bulk-update-location',
    (headers, eventId, sessionId) => put(headers, eventId, { ids: [sessionId], location: 'Hall' }),
    'manage',
  );

  it('moves the listed sessions, and null puts them back at the event’s location', async () => {
    const { event, sessions } = await eventWithSessions(a.id);
    const response = await put(a.manager, event.id, {
      ids: [sessions[1].id, sessions[2].id],
      location: ' Main hall ',
    });
    expect(response.statusCode).toBe(200);
    expect(
      sessionsBulkUpdateResponseSchema.parse(response.json()).data.sessions.map((s) => s.location),
    ).toEqual(['Main hall', 'Main hall']);
    expect((await storedSession(sessions[0].id))?.location).toBeNull();
    expect((await storedSession(sessions[2].id))?.location).toBe('Main hall');
    expect((await put(a.manager, event.id, { ids: [sessions[2].id], location: null })).statusCode).toBe(200);
    expect((await storedSession(sessions[2].id))?.location).toBeNull();
  });

  it('422 keyed ids.{index} for another event’s session; 422 for a missing location', async () => {
    const { event, sessions } = await eventWithSessions(a.id);
    const other = await eventWithSessions(a.id);
    const response = await put(a.manager, event.id, {
      ids: [other.sessions[0].id, sessions[0].id],
      location: 'Hall',
    });
    expect(response.json<Errors>().errors).toEqual({ 'ids.0': [eventMessages.notEventSession] });
    expect((await storedSession(sessions[0].id))?.location).toBeNull();
    const missing = await put(a.manager, event.id, { ids: [sessions[0].id] });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json<Errors>().errors)).toEqual(['location']);
  });
});

describe('PUT /events/{eventId}/sessions/bulk-update-attendees/', () => {
  const put = (headers: Headers, eventId: number, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/sessions/bulk-update-attendees/`,
      headers,
      payload,
    });

  guardCases(
    'bulk-update-attendees',
    (headers, eventId, sessionId) => put(headers, eventId, { session_ids: [sessionId], add_user_ids: [1] }),
    'manage',
  );

  it('adds and removes users across sessions in one transaction, and reports counts against capacity', async () => {
    const { event, sessions } = await eventWithSessions(a.id);
    const [ann, ben, cat] = [
      await createUser(ctx.db, a.id),
      await createUser(ctx.db, a.id),
      await createUser(ctx.db, a.id),
    ];
    await createAttendeeRow(ctx.db, sessions[0], ben.id, { status: 'confirmed' });
    await createAttendeeRow(ctx.db, sessions[1], cat.id, { status: 'cancelled' });
    await createAttendeeRow(ctx.db, sessions[1], ann.id, { status: 'attended' });
    const response = await put(a.manager, event.id, {
      session_ids: [sessions[0].id, sessions[1].id],
      add_user_ids: [ann.id, cat.id],
      remove_user_ids: [ben.id],
    });
    expect(response.statusCode).toBe(200);
    const { data } = sessionsBulkUpdateAttendeesResponseSchema.parse(response.json());
    // Ann is added to session 1 and left alone on session 2; Cat is new on 1 and reinstated on 2.
    expect(data.added.map((row) => [row.session_id, row.user_id, row.status])).toEqual([
      [sessions[0].id, ann.id, 'invited'],
      [sessions[0].id, cat.id, 'invited'],
      [sessions[1].id, cat.id, 'invited'],
    ]);
    expect(data.removed).toEqual([{ session_id: sessions[0].id, user_id: ben.id }]);
    expect(data.sessions).toEqual([
      { id: sessions[0].id, attendee_count: 2, capacity: 2 },
      { id: sessions[1].id, attendee_count: 2, capacity: 2 },
    ]);
    expect(await attendeesOf(sessions[0].id)).toEqual([
      { userId: ann.id, status: 'invited' },
      { userId: cat.id, status: 'invited' },
    ]);
    expect(await attendeesOf(sessions[1].id)).toEqual([
      { userId: ann.id, status: 'attended' },
      { userId: cat.id, status: 'invited' },
    ]);
    expect(await attendeesOf(sessions[2].id)).toEqual([]);
    const [stored] = await ctx.db
      .select({ eventId: sessionAttendees.eventId, organisationId: sessionAttendees.organisationId })
      .from(sessionAttendees)
      .where(and(eq(sessionAttendees.sessionId, sessions[0].id), eq(sessionAttendees.userId, ann.id)));
    expect(stored).toEqual({ eventId: event.id, organisationId: a.id });
  });

  it('422 keyed by index for other events’ sessions and other organisations’ users; nothing changes', async () => {
    const { event, sessions } = await eventWithSessions(a.id);
    const other = await eventWithSessions(a.id);
    const ours = await createUser(ctx.db, a.id);
    const theirs = await createUser(ctx.db, b.id);
    const response = await put(a.manager, event.id, {
      session_ids: [sessions[0].id, other.sessions[0].id],
      add_user_ids: [ours.id, theirs.id],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<Errors>().errors).toEqual({ 'session_ids.1': [eventMessages.notEventSession] });
    const users = await put(a.manager, event.id, {
      session_ids: [sessions[0].id],
      add_user_ids: [ours.id, theirs.id],
      remove_user_ids: [ours.id, 2_000_000_000],
    });
    expect(users.json<Errors>().errors).toEqual({
      'add_user_ids.1': [eventMessages.notOrganisationUser],
      'remove_user_ids.0': [eventMessages.addedAndRemoved],
      'remove_user_ids.1': [eventMessages.notOrganisationUser],
    });
    expect(await attendeesOf(sessions[0].id)).toEqual([]);
    const nothing = await put(a.manager, event.id, { session_ids: [sessions[0].id] });
    expect(nothing.json<Errors>().errors).toEqual({
      add_user_ids: ['Please choose at least one user to add or remove.'],
    });
  });
});

describe('PUT /events/{eventId}/sessions/{sessionId}/bulk-update-user-status/', () => {
  const put = (headers: Headers, eventId: number, sessionId: number, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/sessions/${sessionId}/bulk-update-user-status/`,
      headers,
      payload,
    });

  guardCases(
    'bulk-update-user-status',
    (headers, eventId, sessionId) => put(headers, eventId, sessionId, { user_ids: [1], status: 'attended' }),
    'manage',
  );

  it('gives the listed attendees the status and leaves the others', async () => {
    const { event, sessions } = await eventWithSessions(a.id);
    const [ann, ben] = [await createUser(ctx.db, a.id), await createUser(ctx.db, a.id)];
    await createAttendeeRow(ctx.db, sessions[0], ann.id, { status: 'confirmed' });
    await createAttendeeRow(ctx.db, sessions[0], ben.id, { status: 'confirmed' });
    await createAttendeeRow(ctx.db, sessions[1], ann.id, { status: 'confirmed' });
    const response = await put(a.manager, event.id, sessions[0].id, {
      user_ids: [ann.id, ann.id],
      status: 'attended',
    });
    expect(response.statusCode).toBe(200);
    const { data } = sessionBulkUpdateUserStatusResponseSchema.parse(response.json());
    expect(data.updated).toBe(1);
    expect(data.attendees.map((row) => [row.user_id, row.status])).toEqual([[ann.id, 'attended']]);
    expect(await attendeesOf(sessions[0].id)).toEqual([
      { userId: ann.id, status: 'attended' },
      { userId: ben.id, status: 'confirmed' },
    ]);
    expect(await attendeesOf(sessions[1].id)).toEqual([{ userId: ann.id, status: 'confirmed' }]);
  });

  it('422 keyed user_ids.{index} for a user not on the session; 422 for an unknown status; 404 for another event’s session', async () => {
    const { event, sessions } = await eventWithSessions(a.id);
    const other = await eventWithSessions(a.id);
    const [ann, ben] = [await createUser(ctx.db, a.id), await createUser(ctx.db, a.id)];
    await createAttendeeRow(ctx.db, sessions[0], ann.id);
    await createAttendeeRow(ctx.db, sessions[1], ben.id);
    const response = await put(a.manager, event.id, sessions[0].id, {
      user_ids: [ann.id, ben.id],
      status: 'absent',
    });
    expect(response.json<Errors>().errors).toEqual({ 'user_ids.1': [eventMessages.notOnSession] });
    expect(await attendeesOf(sessions[0].id)).toEqual([{ userId: ann.id, status: 'invited' }]);
    const status = await put(a.manager, event.id, sessions[0].id, { user_ids: [ann.id], status: 'gone' });
    expect(Object.keys(status.json<Errors>().errors)).toEqual(['status']);
    const elsewhere = await put(a.manager, event.id, other.sessions[0].id, {
      user_ids: [ann.id],
      status: 'absent',
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ message: eventMessages.sessionNotFound });
  });
});

describe('PUT /events/{eventId}/sessions/{sessionId}/bulk-delete-users/', () => {
  const put = (headers: Headers, eventId: number, sessionId: number, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/sessions/${sessionId}/bulk-delete-users/`,
      headers,
      payload,
    });

  guardCases(
    'bulk-delete-users',
    (headers, eventId, sessionId) => put(headers, eventId, sessionId, { user_ids: [1] }),
    'manage',
  );

  it('deletes the listed attendances of that session only', async () => {
    const { event, sessions } = await eventWithSessions(a.id);
    const [ann, ben] = [await createUser(ctx.db, a.id), await createUser(ctx.db, a.id)];
    await createAttendeeRow(ctx.db, sessions[0], ann.id);
    await createAttendeeRow(ctx.db, sessions[0], ben.id);
    await createAttendeeRow(ctx.db, sessions[1], ann.id);
    const response = await put(a.manager, event.id, sessions[0].id, { user_ids: [ann.id] });
    expect(response.statusCode).toBe(200);
    expect(sessionBulkDeleteUsersResponseSchema.parse(response.json()).data).toEqual({
      deleted: 1,
      user_ids: [ann.id],
    });
    expect(await attendeesOf(sessions[0].id)).toEqual([{ userId: ben.id, status: 'invited' }]);
    expect(await attendeesOf(sessions[1].id)).toEqual([{ userId: ann.id, status: 'invited' }]);
  });

  it('422 keyed user_ids.{index} for a user not on the session, deleting nothing', async () => {
    const { event, sessions } = await eventWithSessions(a.id);
    const [ann, ben] = [await createUser(ctx.db, a.id), await createUser(ctx.db, a.id)];
    await createAttendeeRow(ctx.db, sessions[0], ann.id);
    const response = await put(a.manager, event.id, sessions[0].id, { user_ids: [ann.id, ben.id] });
    expect(response.statusCode).toBe(422);
    expect(response.json<Errors>().errors).toEqual({ 'user_ids.1': [eventMessages.notOnSession] });
    expect(await attendeesOf(sessions[0].id)).toHaveLength(1);
    const empty = await put(a.manager, event.id, sessions[0].id, { user_ids: [] });
    expect(empty.json<Errors>().errors).toEqual({ user_ids: ['Please choose at least one user.'] });
  });
});

describe('PUT /events/{eventId}/sessions/{sessionId}/attendees/{userId}/', () => {
  const put = (
    headers: Headers,
    eventId: number,
    sessionId: number,
    userId: number | string,
    payload: object,
  ) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/sessions/${sessionId}/attendees/${userId}/`,
      headers,
      payload,
    });

  guardCases(
    'attendee update',
    (headers, eventId, sessionId) => put(headers, eventId, sessionId, 1, { status: 'attended' }),
    'manage',
  );

  it('changes the one attendance named by the user id', async () => {
    const { event, sessions } = await eventWithSessions(a.id);
    const [ann, ben] = [await createUser(ctx.db, a.id), await createUser(ctx.db, a.id)];
    const row = await createAttendeeRow(ctx.db, sessions[0], ann.id);
    await createAttendeeRow(ctx.db, sessions[0], ben.id);
    const response = await put(a.manager, event.id, sessions[0].id, ann.id, {
      status: 'absent',
      note: 'Rang in sick',
    });
    expect(response.statusCode).toBe(200);
    expect(sessionAttendeeResponseSchema.parse(response.json()).data).toEqual({
      id: row.id,
      event_id: event.id,
      session_id: sessions[0].id,
      user_id: ann.id,
      status: 'absent',
      note: 'Rang in sick',
    });
    expect(await attendeesOf(sessions[0].id)).toEqual([
      { userId: ann.id, status: 'absent' },
      { userId: ben.id, status: 'invited' },
    ]);
  });

  it('404 for a user not on the session (the row id is not an address), 422 for a bad status', async () => {
    const { event, sessions } = await eventWithSessions(a.id);
    const ann = await createUser(ctx.db, a.id);
    const row = await createAttendeeRow(ctx.db, sessions[0], ann.id);
    for (const id of [String(row.id + 100_000), 'abc']) {
      const response = await put(a.manager, event.id, sessions[0].id, id, { status: 'attended' });
      expect(response.statusCode, id).toBe(404);
      expect(response.json(), id).toEqual({ message: eventMessages.attendeeNotFound });
    }
    const bad = await put(a.manager, event.id, sessions[0].id, ann.id, { status: 'here' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<Errors>().errors)).toEqual(['status']);
  });
});

describe('POST /events/{eventId}/attachments/', () => {
  let uploader: { id: number; headers: Headers };

  beforeEach(async () => {
    const account = await createAccount(ctx.db, a.id, { permissions: ['manage-events', 'view-events'] });
    uploader = {
      id: account.id,
      headers: { host: a.host, authorization: `Bearer ${await sessionTokenFor(ctx.app, a.id, account.id)}` },
    };
  });

  const post = (headers: Headers, eventId: number, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/events/${eventId}/attachments/`, headers, payload });

  guardCases(
    'attach',
    (headers, eventId) => post(headers, eventId, { file_id: '00000000-0000-4000-8000-000000000000' }),
    'manage',
  );

  it('attaches the caller’s upload under the file’s name and keeps the file from the purge', async () => {
    const event = await createEventRow(ctx.db, a.id);
    const file = await createStoredFile(ctx.db, a.id, {
      uploadedByUserId: uploader.id,
      originalName: 'map.pdf',
    });
    const response = await post(uploader.headers, event.id, { file_id: file.id });
    expect(response.statusCode).toBe(201);
    const { data } = eventAttachmentResponseSchema.parse(response.json());
    expect(data).toMatchObject({ event_id: event.id, file_id: file.id, name: 'map.pdf' });
    const [stored] = await ctx.db.select().from(files).where(eq(files.id, file.id));
    expect(stored?.ephemeral).toBe(false);
    expect(stored?.attachedAt).toBeInstanceOf(Date);
    const again = await post(uploader.headers, event.id, { file_id: file.id, name: 'Map' });
    expect(again.json<Errors>().errors).toEqual({ file_id: [eventMessages.fileAlreadyAttached] });
    const rows = await ctx.db.select().from(eventAttachments).where(eq(eventAttachments.eventId, event.id));
    expect(rows).toHaveLength(1);
  });

  it('422 at file_id for someone else’s upload, another organisation’s file, or no uuid', async () => {
    const event = await createEventRow(ctx.db, a.id);
    const someoneElses = await createStoredFile(ctx.db, a.id);
    const foreign = await createStoredFile(ctx.db, b.id, { uploadedByUserId: uploader.id });
    for (const fileId of [someoneElses.id, foreign.id]) {
      const response = await post(uploader.headers, event.id, { file_id: fileId });
      expect(response.statusCode).toBe(422);
      expect(response.json<Errors>().errors).toEqual({ file_id: [eventMessages.fileNotYours] });
    }
    const malformed = await post(uploader.headers, event.id, { file_id: 'file-1' });
    expect(malformed.json<Errors>().errors).toEqual({
      file_id: ['The file must be named by the id its upload answered.'],
    });
  });
});

describe('GET /events/{eventId}/get-users-saved-list', () => {
  const get = (headers: Headers, eventId: number, query = '') =>
    ctx.app.inject({ url: `/api/events/${eventId}/get-users-saved-list${query}`, headers });

  guardCases('get-users-saved-list', (headers, eventId) => get(headers, eventId), 'view');

  it('lists the people on the event’s sessions and its undeclined invitees, once each, by name', async () => {
    const { event, sessions } = await eventWithSessions(a.id);
    const ann = await createUser(ctx.db, a.id, {
      firstName: 'Ann',
      lastName: 'Adams',
      email: 'ann@example.test',
    });
    const ben = await createUser(ctx.db, a.id, { firstName: 'Ben', lastName: 'Brown' });
    const cat = await createUser(ctx.db, a.id, { firstName: 'Cat', lastName: 'Cole' });
    const dan = await createUser(ctx.db, a.id, { firstName: 'Dan', lastName: 'Dean' });
    const eve = await createUser(ctx.db, a.id, { firstName: 'Eve', lastName: 'Evans' });
    await createAttendeeRow(ctx.db, sessions[1], ann.id, { status: 'attended' });
    await createAttendeeRow(ctx.db, sessions[0], ann.id, { status: 'confirmed' });
    await createAttendeeRow(ctx.db, sessions[0], ben.id, { status: 'cancelled' });
    await ctx.db.insert(eventInvitations).values([
      { organisationId: a.id, eventId: event.id, userId: cat.id, status: 'accepted' },
      { organisationId: a.id, eventId: event.id, userId: dan.id, status: 'declined' },
      { organisationId: a.id, eventId: event.id, userId: ann.id, status: 'accepted' },
      { organisationId: a.id, eventId: event.id, email: 'guest@example.test' },
    ]);
    const elsewhere = await eventWithSessions(a.id);
    await createAttendeeRow(ctx.db, elsewhere.sessions[0], eve.id);

    const response = await get(a.viewer, event.id);
    expect(response.statusCode).toBe(200);
    const { data } = eventUsersSavedListResponseSchema.parse(response.json());
    expect(data).toMatchObject({ name: 'Summer fair: people', type: 'users', event_id: event.id });
    expect(data.user_ids).toEqual([ann.id, cat.id]);
    expect(data.users[0]).toEqual({
      id: ann.id,
      first_name: 'Ann',
      last_name: 'Adams',
      email: 'ann@example.test',
      sessions: [
        { id: sessions[0].id, name: 'Gate 1', status: 'confirmed' },
        { id: sessions[1].id, name: 'Gate 2', status: 'attended' },
      ],
      invitation_status: 'accepted',
    });
    expect(data.users[1]).toMatchObject({ id: cat.id, sessions: [], invitation_status: 'accepted' });

    const attended = eventUsersSavedListResponseSchema.parse(
      (await get(a.viewer, event.id, '?statuses=attended,cancelled')).json(),
    );
    expect(attended.data.user_ids).toEqual([ann.id, ben.id]);
    expect(attended.data.users[0]?.sessions).toEqual([
      { id: sessions[1].id, name: 'Gate 2', status: 'attended' },
    ]);

    const bad = await get(a.viewer, event.id, '?statuses=present');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<Errors>().errors)).toEqual(['querystring.statuses']);
  });
});
