import {
  parseRowId,
  SESSION_ATTENDEE_STATUSES,
  type EventAttachment,
  type EventAttachmentStoreBody,
  type EventSession,
  type EventUsersSavedListResponse,
  type SessionAttendee,
  type SessionAttendeeStatus,
  type SessionAttendeeUpdateBody,
  type SessionBulkDeleteUsersBody,
  type SessionBulkDeleteUsersResponse,
  type SessionBulkUpdateUserStatusBody,
  type SessionBulkUpdateUserStatusResponse,
  type SessionsBulkUpdateAttendeesBody,
  type SessionsBulkUpdateAttendeesResponse,
  type SessionsBulkUpdateBody,
  type SessionsBulkUpdateLocationBody,
  type SessionsBulkUpdateResponse,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import { findFile } from '../files/repository.js';
import { attachFiles } from '../files/service.js';
import {
  addAttendees,
  attendeeCounts,
  deleteAttendees,
  deleteSessionAttendees,
  eventAttendances,
  eventUserInvitations,
  existingUserIds,
  findEvent,
  findSession,
  insertAttachment,
  lockAttendees,
  lockSessions,
  peopleOf,
  updateAttendees,
  updateSessions,
  type AttachmentRow,
  type AttendeeRow,
  type EventRow,
  type SessionRow,
} from './repository.js';

/** The sentences the event calls answer with. */
export const eventMessages = {
  eventNotFound: 'The event was not found.',
  sessionNotFound: 'The session was not found.',
  attendeeNotFound: 'The attendee was not found.',
  notEventSession: 'The session is not one of this event’s sessions.',
  notOrganisationUser: 'The user is not a user of this organisation.',
  notOnSession: 'The user is not an attendee of this session.',
  addedAndRemoved: 'A user cannot be both added and removed.',
  endBeforeStart: 'The end must be after the start.',
  fileNotYours: 'The file must be one you uploaded to this organisation.',
  fileAlreadyAttached: 'This file is already attached to the event.',
} as const;

/** Where a named call acts: the request's organisation and the path's event (and session). */
export type EventScope = { organisationId: number; eventId: string };
export type SessionScope = EventScope & { sessionId: string };

/** The path's event of the organisation; 404 for an id that names none, or another organisation's. */
async function eventOf(db: Executor, scope: EventScope): Promise<EventRow> {
  const id = parseRowId(scope.eventId);
  const event = id === null ? null : await findEvent(db, scope.organisationId, id);
  if (!event) {
    throw new HttpError(404, eventMessages.eventNotFound);
  }
  return event;
}

/** The path's session of the path's event; 404 when either is missing or the session is another event's. */
async function sessionOf(db: Executor, scope: SessionScope): Promise<SessionRow> {
  const event = await eventOf(db, scope);
  const id = parseRowId(scope.sessionId);
  const session = id === null ? null : await findSession(db, scope.organisationId, event.id, id);
  if (!session) {
    throw new HttpError(404, eventMessages.sessionNotFound);
  }
  return session;
}

/** `ids` without repeats, in first-seen order. */
function distinct(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

/** 422 keyed `field.index` for every listed id (repeats included) that `known` lacks. */
function unknownIdErrors(
  field: string,
  ids: readonly number[],
  known: ReadonlySet<number>,
  message: string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  ids.forEach((id, index) => {
    if (!known.has(id)) {
      errors[`${field}.${index}`] = [message];
    }
  });
  return errors;
}

function throwIfAny(errors: Record<string, string[]>): void {
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
}

/** A stored session as the wire shows it. */
export function sessionWire(row: SessionRow): EventSession {
  return {
    id: row.id,
    event_id: row.eventId,
    name: row.name,
    description: row.description,
    location: row.location,
    starts_at: row.startsAt,
    ends_at: row.endsAt,
    capacity: row.capacity,
  };
}

/** A stored attendance as the wire shows it. */
export function attendeeWire(row: AttendeeRow): SessionAttendee {
  return {
    id: row.id,
    event_id: row.eventId,
    session_id: row.sessionId,
    user_id: row.userId,
    status: row.status,
    note: row.note,
  };
}

function attachmentWire(row: AttachmentRow): EventAttachment {
  return { id: row.id, event_id: row.eventId, file_id: row.fileId, name: row.name };
}

const time = (iso: string) => Date.parse(iso);

/** Locks the event's sessions `ids` (deduplicated); 422 keyed `field.index` for any that is not the event's. */
async function lockEventSessions(
  tx: Executor,
  organisationId: number,
  eventId: number,
  field: string,
  ids: readonly number[],
): Promise<SessionRow[]> {
  const sessions = await lockSessions(tx, organisationId, eventId, distinct(ids));
  throwIfAny(
    unknownIdErrors(
      field,
      ids,
      new Set(sessions.map((session) => session.id)),
      eventMessages.notEventSession,
    ),
  );
  return sessions;
}

/**
 * `PUT /events/{eventId}/sessions/bulk-update/`: sets the same name, times or capacity on several
 * of the event's sessions in one transaction. A new start or end is checked against each
 * session's other time: 422 keyed `ids.{index}` for a session that would end before it starts.
 */
export async function bulkUpdateSessions(
  db: Database,
  scope: EventScope,
  body: SessionsBulkUpdateBody,
): Promise<SessionsBulkUpdateResponse['data']> {
  const event = await eventOf(db, scope);
  const { changes } = body;
  if (
    changes.starts_at !== undefined &&
    changes.ends_at !== undefined &&
    time(changes.ends_at) <= time(changes.starts_at)
  ) {
    throw validationError({ 'changes.ends_at': [eventMessages.endBeforeStart] });
  }
  return db.transaction(async (tx) => {
    const sessions = await lockEventSessions(tx, scope.organisationId, event.id, 'ids', body.ids);
    const byId = new Map(sessions.map((session) => [session.id, session]));
    const errors: Record<string, string[]> = {};
    body.ids.forEach((id, index) => {
      const session = byId.get(id);
      if (!session) {
        return;
      }
      const startsAt = changes.starts_at ?? session.startsAt;
      const endsAt = changes.ends_at ?? session.endsAt;
      if (time(endsAt) <= time(startsAt)) {
        errors[`ids.${index}`] = [`“${session.name}” would end before it starts.`];
      }
    });
    throwIfAny(errors);
    const updated = await updateSessions(tx, scope.organisationId, event.id, [...byId.keys()], {
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.starts_at === undefined ? {} : { startsAt: changes.starts_at }),
      ...(changes.ends_at === undefined ? {} : { endsAt: changes.ends_at }),
      ...(changes.capacity === undefined ? {} : { capacity: changes.capacity }),
    });
    return { updated: updated.length, sessions: updated.map(sessionWire) };
  });
}

/** `PUT /events/{eventId}/sessions/bulk-update-location/`: moves several sessions to one location (null: the event's). */
export async function bulkUpdateSessionLocation(
  db: Database,
  scope: EventScope,
  body: SessionsBulkUpdateLocationBody,
): Promise<SessionsBulkUpdateResponse['data']> {
  const event = await eventOf(db, scope);
  return db.transaction(async (tx) => {
    const sessions = await lockEventSessions(tx, scope.organisationId, event.id, 'ids', body.ids);
    const updated = await updateSessions(
      tx,
      scope.organisationId,
      event.id,
      sessions.map((session) => session.id),
      { location: body.location },
    );
    return { updated: updated.length, sessions: updated.map(sessionWire) };
  });
}

/**
 * `PUT /events/{eventId}/sessions/bulk-update-attendees/`: puts users on, and takes users off,
 * several of the event's sessions in one transaction. Added users start as invited (a cancelled
 * attendance is made invited again; any other is left alone); removing deletes the attendance.
 * Capacity is not enforced here: organisers may overbook on purpose, and the answer shows each
 * session's count beside its capacity.
 */
export async function bulkUpdateSessionAttendees(
  db: Database,
  scope: EventScope,
  body: SessionsBulkUpdateAttendeesBody,
): Promise<SessionsBulkUpdateAttendeesResponse['data']> {
  const event = await eventOf(db, scope);
  const add = body.add_user_ids ?? [];
  const remove = body.remove_user_ids ?? [];
  return db.transaction(async (tx) => {
    const sessions = await lockEventSessions(
      tx,
      scope.organisationId,
      event.id,
      'session_ids',
      body.session_ids,
    );
    const known = await existingUserIds(tx, scope.organisationId, distinct([...add, ...remove]));
    const adding = new Set(add);
    const errors: Record<string, string[]> = {
      ...unknownIdErrors('add_user_ids', add, known, eventMessages.notOrganisationUser),
      ...unknownIdErrors('remove_user_ids', remove, known, eventMessages.notOrganisationUser),
    };
    remove.forEach((id, index) => {
      if (adding.has(id) && known.has(id)) {
        errors[`remove_user_ids.${index}`] = [eventMessages.addedAndRemoved];
      }
    });
    throwIfAny(errors);
    const sessionIds = distinct(body.session_ids);
    const removed = await deleteAttendees(tx, scope.organisationId, event.id, sessionIds, distinct(remove));
    const added = await addAttendees(tx, scope.organisationId, event.id, sessionIds, distinct(add));
    const counts = await attendeeCounts(tx, scope.organisationId, sessionIds);
    const capacityOf = new Map(sessions.map((session) => [session.id, session.capacity]));
    return {
      added: added.sort((a, b) => a.sessionId - b.sessionId || a.userId - b.userId).map(attendeeWire),
      removed: removed
        .sort((a, b) => a.sessionId - b.sessionId || a.userId - b.userId)
        .map((pair) => ({ session_id: pair.sessionId, user_id: pair.userId })),
      sessions: sessionIds.map((id) => ({
        id,
        attendee_count: counts.get(id) ?? 0,
        capacity: capacityOf.get(id) ?? null,
      })),
    };
  });
}

/** Locks the session's attendances of `userIds`; 422 keyed `user_ids.{index}` for a user not on it. */
async function lockListedAttendees(
  tx: Executor,
  organisationId: number,
  sessionId: number,
  userIds: readonly number[],
): Promise<AttendeeRow[]> {
  const attendees = await lockAttendees(tx, organisationId, sessionId, distinct(userIds));
  throwIfAny(
    unknownIdErrors(
      'user_ids',
      userIds,
      new Set(attendees.map((row) => row.userId)),
      eventMessages.notOnSession,
    ),
  );
  return attendees;
}

/** `PUT /events/{eventId}/sessions/{sessionId}/bulk-update-user-status/`: one status for several attendees. */
export async function bulkUpdateAttendeeStatus(
  db: Database,
  scope: SessionScope,
  body: SessionBulkUpdateUserStatusBody,
): Promise<SessionBulkUpdateUserStatusResponse['data']> {
  const session = await sessionOf(db, scope);
  return db.transaction(async (tx) => {
    await lockListedAttendees(tx, scope.organisationId, session.id, body.user_ids);
    const updated = await updateAttendees(tx, scope.organisationId, session.id, distinct(body.user_ids), {
      status: body.status,
    });
    return { updated: updated.length, attendees: updated.map(attendeeWire) };
  });
}

/** `PUT /events/{eventId}/sessions/{sessionId}/bulk-delete-users/`: takes several attendees off the session. */
export async function bulkDeleteAttendees(
  db: Database,
  scope: SessionScope,
  body: SessionBulkDeleteUsersBody,
): Promise<SessionBulkDeleteUsersResponse['data']> {
  const session = await sessionOf(db, scope);
  return db.transaction(async (tx) => {
    await lockListedAttendees(tx, scope.organisationId, session.id, body.user_ids);
    const userIds = await deleteSessionAttendees(
      tx,
      scope.organisationId,
      session.id,
      distinct(body.user_ids),
    );
    return { deleted: userIds.length, user_ids: userIds };
  });
}

/** `PUT /events/{eventId}/sessions/{sessionId}/attendees/{userId}/`: changes one attendance, named by its user. */
export async function updateAttendeeByUser(
  db: Database,
  scope: SessionScope & { userId: string },
  body: SessionAttendeeUpdateBody,
): Promise<SessionAttendee> {
  const session = await sessionOf(db, scope);
  const userId = parseRowId(scope.userId);
  return db.transaction(async (tx) => {
    const [attendee] =
      userId === null ? [] : await lockAttendees(tx, scope.organisationId, session.id, [userId]);
    if (!attendee) {
      throw new HttpError(404, eventMessages.attendeeNotFound);
    }
    const values = {
      ...(body.status === undefined ? {} : { status: body.status }),
      ...(body.note === undefined ? {} : { note: body.note }),
    };
    if (Object.keys(values).length === 0) {
      return attendeeWire(attendee);
    }
    const [updated] = await updateAttendees(tx, scope.organisationId, session.id, [attendee.userId], values);
    return attendeeWire(updated ?? attendee);
  });
}

/**
 * `POST /events/{eventId}/attachments/`: attaches a file the caller uploaded (`POST /files`) to
 * the event, which also keeps it from the purge of unattached uploads. 422 at `file_id` for a
 * file that is not the caller's upload in this organisation, or is already on the event.
 */
export async function attachFileToEvent(
  db: Database,
  scope: EventScope & { userId: number },
  body: EventAttachmentStoreBody,
): Promise<EventAttachment> {
  const event = await eventOf(db, scope);
  return db.transaction(async (tx) => {
    const file = await findFile(tx, scope.organisationId, body.file_id);
    if (!file || file.uploadedByUserId !== scope.userId) {
      throw validationError({ file_id: [eventMessages.fileNotYours] });
    }
    const row = await insertAttachment(tx, {
      organisationId: scope.organisationId,
      eventId: event.id,
      fileId: file.id,
      name: body.name ?? file.originalName,
    });
    if (!row) {
      throw validationError({ file_id: [eventMessages.fileAlreadyAttached] });
    }
    await attachFiles(tx, scope.organisationId, [file.id]);
    return attachmentWire(row);
  });
}

/** Attendee statuses the saved list includes when none are asked for: everyone not cancelled. */
const LISTED_BY_DEFAULT = SESSION_ATTENDEE_STATUSES.filter((status) => status !== 'cancelled');

/**
 * `GET /events/{eventId}/get-users-saved-list`: the event's people as a saved list of users (to
 * email or export): everyone on one of its sessions with one of `statuses` (default: all but
 * cancelled) and, when no statuses are asked for, every invited user who has not declined.
 */
export async function eventUsersSavedList(
  db: Database,
  scope: EventScope,
  statuses: SessionAttendeeStatus[] | undefined,
): Promise<EventUsersSavedListResponse['data']> {
  const event = await eventOf(db, scope);
  const attendances = await eventAttendances(
    db,
    scope.organisationId,
    event.id,
    statuses ?? LISTED_BY_DEFAULT,
  );
  const invitations = await eventUserInvitations(db, scope.organisationId, event.id);
  const invitationOf = new Map(invitations.map((invitation) => [invitation.userId, invitation.status]));
  const listed = new Set(attendances.map((attendance) => attendance.userId));
  if (statuses === undefined) {
    for (const invitation of invitations) {
      if (invitation.status !== 'declined') {
        listed.add(invitation.userId);
      }
    }
  }
  const people = await peopleOf(db, scope.organisationId, [...listed]);
  const users = people.map((person) => ({
    id: person.userId,
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
    sessions: attendances
      .filter((attendance) => attendance.userId === person.userId)
      .map((attendance) => ({
        id: attendance.sessionId,
        name: attendance.sessionName,
        status: attendance.status,
      })),
    invitation_status: invitationOf.get(person.userId) ?? null,
  }));
  return {
    name: `${event.name}: people`,
    type: 'users',
    event_id: event.id,
    user_ids: users.map((user) => user.id),
    users,
  };
}
