import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks.js';
import { isoTimestamp, organisationId, timestamps } from './columns.js';
import { files } from './reference.js';
import { teams, users } from './users.js';

export const eventStatuses = ['draft', 'published', 'cancelled'] as const;
export type EventStatus = (typeof eventStatuses)[number];

export const eventInvitationStatuses = ['invited', 'accepted', 'declined'] as const;
export type EventInvitationStatus = (typeof eventInvitationStatuses)[number];

export const sessionAttendeeStatuses = ['invited', 'confirmed', 'attended', 'absent', 'cancelled'] as const;
export type SessionAttendeeStatus = (typeof sessionAttendeeStatuses)[number];

/**
 * An event the organisation runs (a fundraiser, a training day, a festival), made of sessions
 * people attend. `capacity` null: no limit. A draft is only seen by organisers; cancelled keeps
 * the record and its attendance.
 */
export const events = pgTable(
  'events',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    name: text().notNull(),
    description: text(),
    location: text(),
    startsAt: isoTimestamp().notNull(),
    endsAt: isoTimestamp().notNull(),
    status: text({ enum: eventStatuses }).notNull().default('draft'),
    // A team that is deleted leaves its events standing, without a team.
    teamId: integer().references(() => teams.id, { onDelete: 'set null' }),
    capacity: integer(),
    ...timestamps,
  },
  (t) => [
    index('events_organisation_starts_idx').on(t.organisationId, t.startsAt),
    index('events_team_idx').on(t.teamId),
    check('events_dates_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('events_status_check', oneOf(t.status, eventStatuses)),
    check('events_capacity_check', sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);

/** A file shown with an event (a briefing, a risk assessment, a map), named as organisers call it. */
export const eventAttachments = pgTable(
  'event_attachments',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    ...timestamps,
  },
  (t) => [
    index('event_attachments_organisation_idx').on(t.organisationId),
    uniqueIndex('event_attachments_event_file_unique').on(t.eventId, t.fileId),
    index('event_attachments_file_idx').on(t.fileId),
  ],
);

/**
 * An invitation to an event: to a user of the organisation, or to an email address of someone
 * who has no account yet. `respondedAt` records when the answer came.
 */
export const eventInvitations = pgTable(
  'event_invitations',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    email: text(),
    status: text({ enum: eventInvitationStatuses }).notNull().default('invited'),
    respondedAt: isoTimestamp(),
    ...timestamps,
  },
  (t) => [
    index('event_invitations_organisation_idx').on(t.organisationId),
    uniqueIndex('event_invitations_event_user_unique').on(t.eventId, t.userId),
    uniqueIndex('event_invitations_event_email_unique').on(t.eventId, sql`lower(${t.email})`),
    index('event_invitations_user_idx').on(t.userId),
    check('event_invitations_invitee_check', sql`${t.userId} is not null or ${t.email} is not null`),
    check('event_invitations_status_check', oneOf(t.status, eventInvitationStatuses)),
  ],
);

/** A user who supervises an event on the day (the contact for its volunteers). */
export const eventSupervisors = pgTable(
  'event_supervisors',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    index('event_supervisors_organisation_idx').on(t.organisationId),
    uniqueIndex('event_supervisors_event_user_unique').on(t.eventId, t.userId),
    index('event_supervisors_user_idx').on(t.userId),
  ],
);

/**
 * A timed part of an event that people attend (a shift on the gate, a workshop). `location`
 * null: the event's own; `capacity` null: no limit.
 */
export const eventSessions = pgTable(
  'event_sessions',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    location: text(),
    startsAt: isoTimestamp().notNull(),
    endsAt: isoTimestamp().notNull(),
    capacity: integer(),
    ...timestamps,
  },
  (t) => [
    index('event_sessions_event_starts_idx').on(t.eventId, t.startsAt),
    index('event_sessions_organisation_starts_idx').on(t.organisationId, t.startsAt),
    // The target of the attendees' (session, event) foreign key: a constraint, so that it exists
    // before the migration adds the foreign keys.
    unique('event_sessions_id_event_unique').on(t.id, t.eventId),
    check('event_sessions_dates_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('event_sessions_capacity_check', sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);

/**
 * A user's place on a session, once per session. It carries the event too, tied to the session's
 * own event by the composite foreign key, so that an attendee can never sit under another event.
 */
export const sessionAttendees = pgTable(
  'session_attendees',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    eventId: integer()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sessionId: integer().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: sessionAttendeeStatuses }).notNull().default('invited'),
    note: text(),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: 'session_attendees_session_event_fk',
      columns: [t.sessionId, t.eventId],
      foreignColumns: [eventSessions.id, eventSessions.eventId],
    }).onDelete('cascade'),
    uniqueIndex('session_attendees_session_user_unique').on(t.sessionId, t.userId),
    index('session_attendees_event_idx').on(t.eventId),
    index('session_attendees_user_idx').on(t.userId),
    index('session_attendees_organisation_idx').on(t.organisationId),
    check('session_attendees_status_check', oneOf(t.status, sessionAttendeeStatuses)),
  ],
);
