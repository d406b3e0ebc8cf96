import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { insertedRow } from '../../db/rows.js';
import { events, eventSessions, sessionAttendees } from '../../db/schema/index.js';

const suffix = () => randomBytes(3).toString('hex');

/** An event of the organisation: tomorrow 09:00 to 17:00 UTC unless told otherwise. */
export async function createEventRow(
  db: Executor,
  organisationId: number,
  overrides: Partial<Omit<typeof events.$inferInsert, 'organisationId'>> = {},
) {
  const day = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const rows = await db
    .insert(events)
    .values({
      organisationId,
      name: `Event ${suffix()}`,
      startsAt: `${day}T09:00:00.000Z`,
      endsAt: `${day}T17:00:00.000Z`,
      ...overrides,
    })
    .returning();
  return insertedRow(rows, 'event');
}

/** A session of the event: the hour from 10:00 UTC on 2030-06-01 unless told otherwise. */
export async function createSessionRow(
  db: Executor,
  organisationId: number,
  eventId: number,
  overrides: Partial<Omit<typeof eventSessions.$inferInsert, 'organisationId' | 'eventId'>> = {},
) {
  const rows = await db
    .insert(eventSessions)
    .values({
      organisationId,
      eventId,
      name: `Session ${suffix()}`,
      startsAt: '2030-06-01T10:00:00.000Z',
      endsAt: '2030-06-01T11:00:00.000Z',
      ...overrides,
    })
    .returning();
  return insertedRow(rows, 'event session');
}

/** Puts a user on a session (invited unless told otherwise). */
export async function createAttendeeRow(
  db: Executor,
  session: { organisationId: number; eventId: number; id: number },
  userId: number,
  overrides: Partial<Pick<typeof sessionAttendees.$inferInsert, 'status' | 'note'>> = {},
) {
  const rows = await db
    .insert(sessionAttendees)
    .values({
      organisationId: session.organisationId,
      eventId: session.eventId,
      sessionId: session.id,
      userId,
      ...overrides,
    })
    .returning();
  return insertedRow(rows, 'session attendee');
}
