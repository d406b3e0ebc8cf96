import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  eventAttachments,
  eventInvitations,
  events,
  eventSessions,
  sessionAttendees,
  userEmailAddresses,
  users,
  type SessionAttendeeStatus,
} from '../../db/schema/index.js';
import { insertedRow } from '../../db/rows.js';

export type EventRow = typeof events.$inferSelect;
export type SessionRow = typeof eventSessions.$inferSelect;
export type AttendeeRow = typeof sessionAttendees.$inferSelect;
export type AttachmentRow = typeof eventAttachments.$inferSelect;

/** The organisation's event, or null (another organisation's event is not found). */
export async function findEvent(
  db: Executor,
  organisationId: number,
  eventId: number,
): Promise<EventRow | null> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.organisationId, organisationId), eq(events.id, eventId)))
    .limit(1);
  return row ?? null;
}

/** The event's session, or null when it is not one of this event's in this organisation. */
export async function findSession(
  db: Executor,
  organisationId: number,
  eventId: number,
  sessionId: number,
): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(eventSessions)
    .where(
      and(
        eq(eventSessions.organisationId, organisationId),
        eq(eventSessions.eventId, eventId),
        eq(eventSessions.id, sessionId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The event's sessions among `ids`, locked until the transaction ends so that a bulk change
 * validates and writes the same rows.
 */
export async function lockSessions(
  tx: Executor,
  organisationId: number,
  eventId: number,
  ids: number[],
): Promise<SessionRow[]> {
  return tx
    .select()
    .from(eventSessions)
    .where(
      and(
        eq(eventSessions.organisationId, organisationId),
        eq(eventSessions.eventId, eventId),
        inArray(eventSessions.id, ids),
      ),
    )
    .orderBy(asc(eventSessions.id))
    .for('update');
}

/** Sets the same values on the event's sessions `ids`; answers them as stored, by start. */
export async function updateSessions(
  tx: Executor,
  organisationId: number,
  eventId: number,
  ids: number[],
  values: Partial<Pick<SessionRow, 'name' | 'startsAt' | 'endsAt' | 'capacity' | 'location'>>,
): Promise<SessionRow[]> {
  const rows = await tx
    .update(eventSessions)
    .set(values)
    .where(
      and(
        eq(eventSessions.organisationId, organisationId),
        eq(eventSessions.eventId, eventId),
        inArray(eventSessions.id, ids),
      ),
    )
    .returning();
  return rows.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id);
}

/** Which of `ids` are users of the organisation. */
export async function existingUserIds(
  db: Executor,
  organisationId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), inArray(users.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Puts each user on each session as `invited`; a cancelled attendance is made invited again and
 * any other is left as it is. Answers the rows created or reinstated.
 */
export async function addAttendees(
  tx: Executor,
  organisationId: number,
  eventId: number,
  sessionIds: number[],
  userIds: number[],
): Promise<AttendeeRow[]> {
  if (sessionIds.length === 0 || userIds.length === 0) {
    return [];
  }
  const values = sessionIds.flatMap((sessionId) =>
    userIds.map((userId) => ({ organisationId, eventId, sessionId, userId, status: 'invited' as const })),
  );
  return tx
    .insert(sessionAttendees)
    .values(values)
    .onConflictDoUpdate({
      target: [sessionAttendees.sessionId, sessionAttendees.userId],
      set: { status: 'invited', updatedAt: sql`now()` },
      setWhere: eq(sessionAttendees.status, 'cancelled'),
    })
    .returning();
}

/** Deletes the attendances of `userIds` on the event's sessions `sessionIds`; answers who went from where. */
export async function deleteAttendees(
  tx: Executor,
  organisationId: number,
  eventId: number,
  sessionIds: number[],
  userIds: number[],
): Promise<Array<{ sessionId: number; userId: number }>> {
  if (sessionIds.length === 0 || userIds.length === 0) {
    return [];
  }
  return tx
    .delete(sessionAttendees)
    .where(
      and(
        eq(sessionAttendees.organisationId, organisationId),
        eq(sessionAttendees.eventId, eventId),
        inArray(sessionAttendees.sessionId, sessionIds),
        inArray(sessionAttendees.userId, userIds),
      ),
    )
    .returning({ sessionId: sessionAttendees.sessionId, userId: sessionAttendees.userId });
}

/** How many attendees each session has, cancelled ones not counted. */
export async function attendeeCounts(
  db: Executor,
  organisationId: number,
  sessionIds: number[],
): Promise<Map<number, number>> {
  if (sessionIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ sessionId: sessionAttendees.sessionId, total: count() })
    .from(sessionAttendees)
    .where(
      and(
        eq(sessionAttendees.organisationId, organisationId),
        inArray(sessionAttendees.sessionId, sessionIds),
        ne(sessionAttendees.status, 'cancelled'),
      ),
    )
    .groupBy(sessionAttendees.sessionId);
  return new Map(rows.map((row) => [row.sessionId, row.total]));
}

/** The session's attendances of `userIds` (all of them when omitted), locked for the transaction. */
export async function lockAttendees(
  tx: Executor,
  organisationId: number,
  sessionId: number,
  userIds?: number[],
): Promise<AttendeeRow[]> {
  return tx
    .select()
    .from(sessionAttendees)
    .where(
      and(
        eq(sessionAttendees.organisationId, organisationId),
        eq(sessionAttendees.sessionId, sessionId),
        userIds ? inArray(sessionAttendees.userId, userIds) : undefined,
      ),
    )
    .for('update');
}

/** Changes the session's attendances of `userIds`; answers them as stored, by user id. */
export async function updateAttendees(
  tx: Executor,
  organisationId: number,
  sessionId: number,
  userIds: number[],
  values: Partial<Pick<AttendeeRow, 'status' | 'note'>>,
): Promise<AttendeeRow[]> {
  const rows = await tx
    .update(sessionAttendees)
    .set(values)
    .where(
      and(
        eq(sessionAttendees.organisationId, organisationId),
        eq(sessionAttendees.sessionId, sessionId),
        inArray(sessionAttendees.userId, userIds),
      ),
    )
    .returning();
  return rows.sort((a, b) => a.userId - b.userId);
}

/** Deletes the session's attendances of `userIds`; answers the users taken off. */
export async function deleteSessionAttendees(
  tx: Executor,
  organisationId: number,
  sessionId: number,
  userIds: number[],
): Promise<number[]> {
  const rows = await tx
    .delete(sessionAttendees)
    .where(
      and(
        eq(sessionAttendees.organisationId, organisationId),
        eq(sessionAttendees.sessionId, sessionId),
        inArray(sessionAttendees.userId, userIds),
      ),
    )
    .returning({ userId: sessionAttendees.userId });
  return rows.map((row) => row.userId).sort((a, b) => a - b);
}

/** One person on the event's sessions or invited to it, with what the saved list shows. */
export type EventPersonRow = {
  userId: number;
  firstName: string;
  lastName: string;
  email: string | null;
};

/** The event's attendances (with their session's name and start), optionally of some statuses only. */
export async function eventAttendances(
  db: Executor,
  organisationId: number,
  eventId: number,
  statuses: readonly SessionAttendeeStatus[] | null,
): Promise<Array<{ userId: number; sessionId: number; sessionName: string; status: SessionAttendeeStatus }>> {
  return db
    .select({
      userId: sessionAttendees.userId,
      sessionId: sessionAttendees.sessionId,
      sessionName: eventSessions.name,
      status: sessionAttendees.status,
    })
    .from(sessionAttendees)
    .innerJoin(
      eventSessions,
      and(eq(eventSessions.id, sessionAttendees.sessionId), eq(eventSessions.organisationId, organisationId)),
    )
    .where(
      and(
        eq(sessionAttendees.organisationId, organisationId),
        eq(sessionAttendees.eventId, eventId),
        statuses ? inArray(sessionAttendees.status, [...statuses]) : undefined,
      ),
    )
    .orderBy(asc(eventSessions.startsAt), asc(eventSessions.id));
}

/** The event's invitations of users (not of bare email addresses). */
export async function eventUserInvitations(
  db: Executor,
  organisationId: number,
  eventId: number,
): Promise<Array<{ userId: number; status: 'invited' | 'accepted' | 'declined' }>> {
  const rows = await db
    .select({ userId: eventInvitations.userId, status: eventInvitations.status })
    .from(eventInvitations)
    .where(and(eq(eventInvitations.organisationId, organisationId), eq(eventInvitations.eventId, eventId)));
  return rows.flatMap((row) => (row.userId === null ? [] : [{ userId: row.userId, status: row.status }]));
}

/** Name and primary email of the organisation's users `ids`, by last name then first name. */
export async function peopleOf(
  db: Executor,
  organisationId: number,
  ids: number[],
): Promise<EventPersonRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: userEmailAddresses.email,
    })
    .from(users)
    .leftJoin(
      userEmailAddresses,
      and(
        eq(userEmailAddresses.userId, users.id),
        eq(userEmailAddresses.organisationId, organisationId),
        eq(userEmailAddresses.primary, true),
      ),
    )
    .where(and(eq(users.organisationId, organisationId), inArray(users.id, ids)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** Attaches a file to the event; null when that file is already attached to it. */
export async function insertAttachment(
  tx: Executor,
  values: { organisationId: number; eventId: number; fileId: string; name: string },
): Promise<AttachmentRow | null> {
  const rows = await tx
    .insert(eventAttachments)
    .values(values)
    .onConflictDoNothing({ target: [eventAttachments.eventId, eventAttachments.fileId] })
    .returning();
  return rows.length === 0 ? null : insertedRow(rows, 'event attachment');
}
