import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataEnvelope,
  eventInvitationSchema,
  eventSchema,
  eventSessionSchema,
  eventSupervisorSchema,
  paginatedResponseSchema,
  sessionAttendeeSchema,
} from '@muster/contract';
import { events, eventSessions, sessionAttendees } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createTeamRow, createTenant } from '../../test/factories/catalogue.js';
import { createAttendeeRow, createEventRow, createSessionRow } from '../../test/factories/events.js';
import { createUser } from '../../test/factories/user.js';

let ctx: TestContext;

type Headers = { host: string; authorization?: string };
type Errors = { errors: Record<string, string[]> };

async function tenant() {
  const created = await createTenant(ctx.app, {
    manager: ['manage-events', 'view-events'],
    viewer: ['view-events'],
    nobody: [],
  });
  return { ...created, anonymous: { host: created.host } as Headers };
}

let a: Awaited<ReturnType<typeof tenant>>;
let b: Awaited<ReturnType<typeof tenant>>;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await tenant();
  b = await tenant();
});
afterAll(() => ctx?.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

describe('events through the generic catalogue routes', () => {
  it('create, read, list, update and delete an event', async () => {
    const team = await createTeamRow(ctx.db, a.id);
    const created = await inject('POST', '/api/events/', a.manager, {
      name: ' Spring beach clean ',
      location: 'Porthmeor Beach',
      starts_at: '2030-04-12T10:00:00+01:00',
      ends_at: '2030-04-12T16:00:00+01:00',
      team_id: team.id,
      capacity: 40,
    });
    expect(created.statusCode).toBe(201);
    const event = dataEnvelope(eventSchema).parse(created.json()).data;
    expect({ ...event, id: 0 }).toEqual({
      id: 0,
      name: 'Spring beach clean',
      description: null,
      location: 'Porthmeor Beach',
      starts_at: '2030-04-12T09:00:00.000Z',
      ends_at: '2030-04-12T15:00:00.000Z',
      status: 'draft',
      team_id: team.id,
      capacity: 40,
    });

    const shown = await inject('GET', `/api/events/${event.id}`, a.viewer);
    expect(dataEnvelope(eventSchema).parse(shown.json()).data).toEqual(event);
    const listed = paginatedResponseSchema(eventSchema).parse(
      (await inject('GET', '/api/events/', a.viewer)).json(),
    );
    expect(listed.data.map((row) => row.id)).toContain(event.id);

    const updated = await inject('PUT', `/api/events/${event.id}`, a.manager, {
      status: 'published',
      capacity: null,
    });
    expect(updated.statusCode).toBe(200);
    expect(dataEnvelope(eventSchema).parse(updated.json()).data).toMatchObject({
      status: 'published',
      capacity: null,
    });

    expect((await inject('DELETE', `/api/events/${event.id}`, a.manager)).statusCode).toBe(204);
    expect(await ctx.db.select().from(events).where(eq(events.id, event.id))).toEqual([]);
  });

  it('401 anonymous, 403 without the permission, 404 for another organisation’s event', async () => {
    const theirs = await createEventRow(ctx.db, b.id);
    expect((await inject('GET', '/api/events/', a.anonymous)).statusCode).toBe(401);
    expect((await inject('GET', '/api/events/', a.nobody)).statusCode).toBe(403);
    expect((await inject('POST', '/api/events/', a.viewer, {})).statusCode).toBe(403);
    expect((await inject('GET', `/api/events/${theirs.id}`, a.viewer)).statusCode).toBe(404);
    expect((await inject('PUT', `/api/events/${theirs.id}`, a.manager, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await inject('DELETE', `/api/events/${theirs.id}`, a.manager)).statusCode).toBe(404);
  });

  it('422 with sentences keyed by field, and for another organisation’s team', async () => {
    const invalid = await inject('POST', '/api/events/', a.manager, {
      name: '',
      starts_at: '12 April',
      ends_at: '2030-04-12T16:00:00Z',
      status: 'open',
      capacity: 0,
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json<Errors>().errors).sort()).toEqual([
      'capacity',
      'name',
      'starts_at',
      'status',
    ]);
    const theirTeam = await createTeamRow(ctx.db, b.id);
    const foreign = await inject('POST', '/api/events/', a.manager, {
      name: 'Open day',
      starts_at: '2030-04-12T10:00:00Z',
      ends_at: '2030-04-12T16:00:00Z',
      team_id: theirTeam.id,
    });
    expect(foreign.json<Errors>().errors).toEqual({
      team_id: ['The team must be a team of this organisation.'],
    });
  });
});

describe('sessions and what hangs under an event', () => {
  it('create, read, list, update and delete a session under its event', async () => {
    const event = await createEventRow(ctx.db, a.id);
    const base = `/api/events/${event.id}/sessions/`;
    const created = await inject('POST', base, a.manager, {
      name: 'Morning litter pick',
      starts_at: '2030-04-12T09:00:00Z',
      ends_at: '2030-04-12T12:00:00Z',
      capacity: 20,
    });
    expect(created.statusCode).toBe(201);
    const session = dataEnvelope(eventSessionSchema).parse(created.json()).data;
    expect(session).toMatchObject({ event_id: event.id, location: null, capacity: 20 });

    expect(
      dataEnvelope(eventSessionSchema).parse((await inject('GET', `${base}${session.id}`, a.viewer)).json())
        .data,
    ).toEqual(session);
    const listed = paginatedResponseSchema(eventSessionSchema).parse(
      (await inject('GET', base, a.viewer)).json(),
    );
    expect(listed.data.map((row) => row.id)).toEqual([session.id]);
    const updated = await inject('PUT', `${base}${session.id}`, a.manager, { location: 'Beach car park' });
    expect(dataEnvelope(eventSessionSchema).parse(updated.json()).data.location).toBe('Beach car park');
    expect((await inject('DELETE', `${base}${session.id}`, a.manager)).statusCode).toBe(204);
    expect(await ctx.db.select().from(eventSessions).where(eq(eventSessions.id, session.id))).toEqual([]);
  });

  it('404 for sessions under another organisation’s event or under the wrong event', async () => {
    const theirs = await createEventRow(ctx.db, b.id);
    const ours = await createEventRow(ctx.db, a.id);
    const other = await createEventRow(ctx.db, a.id);
    const session = await createSessionRow(ctx.db, a.id, ours.id);
    expect((await inject('GET', `/api/events/${theirs.id}/sessions/`, a.viewer)).statusCode).toBe(404);
    expect((await inject('GET', `/api/events/${other.id}/sessions/${session.id}`, a.viewer)).statusCode).toBe(
      404,
    );
    const store = await inject('POST', `/api/events/${theirs.id}/sessions/`, a.manager, {
      name: 'Sneaky',
      starts_at: '2030-04-12T09:00:00Z',
      ends_at: '2030-04-12T12:00:00Z',
    });
    expect(store.statusCode).toBe(404);
  });

  it('invitations and supervisors name users of the organisation only', async () => {
    const event = await createEventRow(ctx.db, a.id);
    const ours = await createUser(ctx.db, a.id);
    const theirs = await createUser(ctx.db, b.id);
    const invited = await inject('POST', `/api/events/${event.id}/invitations/`, a.manager, {
      user_id: ours.id,
    });
    expect(invited.statusCode).toBe(201);
    expect(dataEnvelope(eventInvitationSchema).parse(invited.json()).data).toMatchObject({
      event_id: event.id,
      user_id: ours.id,
      email: null,
      status: 'invited',
      responded_at: null,
    });
    const byEmail = await inject('POST', `/api/events/${event.id}/invitations/`, a.manager, {
      email: 'guest@example.test',
    });
    expect(byEmail.statusCode).toBe(201);
    const refused = await inject('POST', `/api/events/${event.id}/invitations/`, a.manager, {
      user_id: theirs.id,
    });
    expect(refused.json<Errors>().errors).toEqual({
      user_id: ['The invitee must be a user of this organisation.'],
    });

    const supervisor = await inject('POST', `/api/events/${event.id}/supervisors/`, a.manager, {
      user_id: ours.id,
    });
    expect(dataEnvelope(eventSupervisorSchema).parse(supervisor.json()).data).toMatchObject({
      user_id: ours.id,
    });
    const foreign = await inject('POST', `/api/events/${event.id}/supervisors/`, a.manager, {
      user_id: theirs.id,
    });
    expect(foreign.json<Errors>().errors).toEqual({
      user_id: ['The supervisor must be a user of this organisation.'],
    });
  });

  it('attendees: listed and stored under the session of their own event only', async () => {
    const event = await createEventRow(ctx.db, a.id);
    const other = await createEventRow(ctx.db, a.id);
    const session = await createSessionRow(ctx.db, a.id, event.id);
    const ann = await createUser(ctx.db, a.id);
    const ben = await createUser(ctx.db, a.id);
    await createAttendeeRow(ctx.db, session, ann.id, { status: 'confirmed' });
    const base = `/api/events/${event.id}/sessions/${session.id}/attendees/`;
    const listed = paginatedResponseSchema(sessionAttendeeSchema).parse(
      (await inject('GET', base, a.viewer)).json(),
    );
    expect(listed.data.map((row) => [row.user_id, row.status])).toEqual([[ann.id, 'confirmed']]);

    const stored = await inject('POST', base, a.manager, { user_id: ben.id, note: 'Brings a van' });
    expect(stored.statusCode).toBe(201);
    expect(dataEnvelope(sessionAttendeeSchema).parse(stored.json()).data).toMatchObject({
      event_id: event.id,
      session_id: session.id,
      user_id: ben.id,
      status: 'invited',
      note: 'Brings a van',
    });
    const [row] = await ctx.db.select().from(sessionAttendees).where(eq(sessionAttendees.userId, ben.id));
    expect(row).toMatchObject({ eventId: event.id, sessionId: session.id, organisationId: a.id });

    const wrongEvent = `/api/events/${other.id}/sessions/${session.id}/attendees/`;
    expect((await inject('GET', wrongEvent, a.viewer)).statusCode).toBe(404);
    expect((await inject('POST', wrongEvent, a.manager, { user_id: ann.id })).statusCode).toBe(404);
  });
});
