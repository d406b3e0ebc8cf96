import {
  eventAttachmentBodySchema,
  eventAttachmentSchema,
  eventBodySchema,
  eventInvitationBodySchema,
  eventInvitationSchema,
  eventSchema,
  eventSessionBodySchema,
  eventSessionSchema,
  eventSupervisorBodySchema,
  eventSupervisorSchema,
  sessionAttendeeBodySchema,
  sessionAttendeeSchema,
} from '@muster/contract';
import {
  eventAttachments,
  eventInvitations,
  events,
  eventSessions,
  eventSupervisors,
  sessionAttendees,
  teams,
  users,
} from '../../db/schema/index.js';
import type { ParentBinding, ReferenceBinding, ResourceBinding } from './types.js';

// Read and write stay the defaults of the `events` family: view-events and manage-events.

const EVENT_PARENT: ParentBinding = { param: 'eventId', table: events, column: 'eventId', label: 'event' };
const SESSION_PARENT: ParentBinding = {
  param: 'sessionId',
  table: eventSessions,
  column: 'sessionId',
  label: 'session',
};

/** A `user_id` body field: a user of the request's organisation. */
function userReference(message: string): ReferenceBinding {
  return { field: 'user_id', table: users, message };
}

/**
 * Events and what hangs under them, stored in tables of their own (db/schema/events.ts).
 * Attaching a file (`POST …/attachments/`) and changing one attendee by user id
 * (`PUT …/attendees/{userId}/`) are hand-written in modules/events, which the generic module
 * then leaves alone; so are the named calls.
 */
export const eventsBindings: ResourceBinding[] = [
  {
    entry: 'events',
    label: 'event',
    table: events,
    row: eventSchema,
    body: eventBodySchema,
    example: {
      name: 'Beach clean',
      starts_at: '2027-05-01T09:00:00.000Z',
      ends_at: '2027-05-01T12:00:00.000Z',
      status: 'published',
      capacity: 40,
    },
    constraints: { events_dates_check: { field: 'ends_at', message: 'The event must end after it starts.' } },
    orderBy: ['startsAt'],
    references: [
      { field: 'team_id', table: teams, message: 'The team must be a team of this organisation.' },
    ],
  },
  {
    entry: 'events.attachments',
    label: 'attachment',
    table: eventAttachments,
    row: eventAttachmentSchema,
    // Only the name changes through the generic update; the file is set once, when attached.
    body: eventAttachmentBodySchema,
    orderBy: ['name'],
    parent: EVENT_PARENT,
  },
  {
    entry: 'events.invitations',
    label: 'invitation',
    table: eventInvitations,
    row: eventInvitationSchema,
    body: eventInvitationBodySchema,
    example: { email: 'friend@example.org', status: 'invited' },
    constraints: {
      event_invitations_invitee_check: {
        field: 'user_id',
        message: 'Please choose a user or enter an email address to invite.',
      },
      event_invitations_event_user_unique: {
        field: 'user_id',
        message: 'This user is already invited to the event.',
      },
      event_invitations_event_email_unique: {
        field: 'email',
        message: 'This address is already invited to the event.',
      },
    },
    orderBy: ['createdAt'],
    parent: EVENT_PARENT,
    references: [userReference('The invitee must be a user of this organisation.')],
  },
  {
    entry: 'events.supervisors',
    label: 'supervisor',
    table: eventSupervisors,
    row: eventSupervisorSchema,
    body: eventSupervisorBodySchema,
    // The catalogue walk puts its own user in `user_id`.
    example: { user_id: 1 },
    constraints: {
      event_supervisors_event_user_unique: {
        field: 'user_id',
        message: 'This user already supervises the event.',
      },
    },
    orderBy: ['createdAt'],
    parent: EVENT_PARENT,
    references: [userReference('The supervisor must be a user of this organisation.')],
  },
  {
    entry: 'events.sessions',
    label: 'session',
    table: eventSessions,
    row: eventSessionSchema,
    body: eventSessionBodySchema,
    example: {
      name: 'Morning shift',
      starts_at: '2027-05-01T09:00:00.000Z',
      ends_at: '2027-05-01T10:30:00.000Z',
      capacity: 12,
    },
    constraints: {
      event_sessions_dates_check: { field: 'ends_at', message: 'The session must end after it starts.' },
    },
    orderBy: ['startsAt'],
    parent: EVENT_PARENT,
  },
  {
    entry: 'events.sessions.attendees',
    label: 'attendee',
    table: sessionAttendees,
    row: sessionAttendeeSchema,
    body: sessionAttendeeBodySchema,
    example: { user_id: 1, status: 'invited' },
    constraints: {
      session_attendees_session_user_unique: {
        field: 'user_id',
        message: 'This user is already on the session.',
      },
    },
    orderBy: ['createdAt'],
    // The session must be one of the event's: sessions carry event_id, so the engine checks it.
    parents: [EVENT_PARENT, SESSION_PARENT],
    references: [userReference('The attendee must be a user of this organisation.')],
  },
];
