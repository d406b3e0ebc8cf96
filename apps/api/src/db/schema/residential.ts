import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { applications } from './applications.js';
import { oneOf } from './checks.js';
import { organisationId, timestamps } from './columns.js';
import { teams, users } from './users.js';

export const residentialBookingStatuses = ['pending', 'confirmed', 'cancelled'] as const;
export type ResidentialBookingStatus = (typeof residentialBookingStatuses)[number];

/**
 * Gender identity asked on the residential step (applicant-flow §2.8): 1 Prefer not to say,
 * 2 Man, 3 Woman, 4 Other — the same ids as the diversity gender options.
 */
export const residentialGenderIds = [1, 2, 3, 4] as const;

/**
 * Why a volunteer cancels a stay (`/organisation/residential-cancel-reasons`, platform-foundation
 * §7), offered in `position` order. An inactive reason is no longer offered but stays on the
 * bookings cancelled with it.
 */
export const residentialCancelReasons = pgTable(
  'residential_cancel_reasons',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    name: text().notNull(),
    position: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index('residential_cancel_reasons_organisation_idx').on(t.organisationId, t.position)],
);

/**
 * A stay at a residential team (applicant-flow §2.8, §3.7). Nights run from `startDate` to the
 * night before `endDate`. Cancelled bookings neither block dates nor use capacity; a stay
 * cancelled through the portal keeps why, who and when (docs/residential.md).
 */
export const residentialBookings = pgTable(
  'residential_bookings',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: integer().references(() => applications.id, { onDelete: 'set null' }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    willingToShare: boolean().notNull().default(false),
    /** 'Is there anything else we should know?' answered yes. */
    requirementsRadio: boolean().notNull().default(false),
    requirements: text(),
    genderId: integer().notNull(),
    status: text({ enum: residentialBookingStatuses }).notNull().default('pending'),
    // A reason in use cannot be deleted (the catalogue answers 409); retire it with `active`.
    cancelReasonId: integer().references(() => residentialCancelReasons.id, { onDelete: 'restrict' }),
    cancelNote: text(),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelledByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('residential_bookings_team_dates_idx').on(t.teamId, t.startDate, t.endDate),
    index('residential_bookings_user_idx').on(t.userId, t.endDate),
    index('residential_bookings_application_idx').on(t.applicationId),
    check('residential_bookings_dates_check', sql`${t.endDate} > ${t.startDate}`),
    check(
      'residential_bookings_gender_check',
      sql`${t.genderId} in (${sql.raw(residentialGenderIds.join(', '))})`,
    ),
    check('residential_bookings_status_check', oneOf(t.status, residentialBookingStatuses)),
    check(
      'residential_bookings_cancellation_check',
      sql`${t.status} = 'cancelled' or (${t.cancelReasonId} is null and ${t.cancelledAt} is null)`,
    ),
  ],
);

/** People the applicant wants to stay with, by name (`booking.linked[]`). */
export const residentialBookingLinkedApplicants = pgTable(
  'residential_booking_linked_applicants',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    bookingId: integer()
      .notNull()
      .references(() => residentialBookings.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index('residential_booking_linked_applicants_booking_idx').on(t.bookingId, t.position)],
);

/**
 * The weekday stays must start and end on at a team, from `startDate` until `endDate`
 * (null: open-ended). `dayOfWeek` counts like JavaScript's `getDay()` and PostgreSQL's
 * `extract(dow …)`: 0 Sunday to 6 Saturday.
 */
export const teamChangeoverDays = pgTable(
  'team_changeover_days',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    dayOfWeek: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    index('team_changeover_days_team_idx').on(t.teamId, t.startDate),
    check('team_changeover_days_day_check', sql`${t.dayOfWeek} between 0 and 6`),
    check('team_changeover_days_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * A room at a residential team (docs/residential.md). A shared room (`shared`) offers each of its
 * `beds` to a different guest willing to share with people they do not know; a room that is not
 * shared is private: it goes whole to one guest, however many beds it has.
 */
export const teamRooms = pgTable(
  'team_rooms',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    beds: integer().notNull(),
    shared: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index('team_rooms_team_idx').on(t.teamId), check('team_rooms_beds_check', sql`${t.beds} > 0`)],
);

/**
 * Nights a room cannot be used (maintenance, a private hire): the nights of `fromDate` to
 * `toDate`, both included.
 */
export const teamRoomUnavailablePeriods = pgTable(
  'team_room_unavailable_periods',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    roomId: integer()
      .notNull()
      .references(() => teamRooms.id, { onDelete: 'cascade' }),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    reason: text(),
    ...timestamps,
  },
  (t) => [
    index('team_room_unavailable_periods_room_idx').on(t.roomId, t.fromDate),
    check('team_room_unavailable_periods_dates_check', sql`${t.toDate} >= ${t.fromDate}`),
  ],
);

/**
 * At most `maxGuests` guests a night at a team on the nights `fromDate` to `toDate`, both
 * included, whatever its rooms offer (staff on leave, a fire limit, a private event): the
 * availability of those nights is capped by it, and 0 closes the team. Where limits overlap the
 * lowest applies. Managed through `/residential-availability/` (docs/residential.md).
 */
export const residentialCapacityLimits = pgTable(
  'residential_capacity_limits',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    maxGuests: integer().notNull(),
    reason: text(),
    ...timestamps,
  },
  (t) => [
    index('residential_capacity_limits_team_idx').on(t.teamId, t.fromDate),
    check('residential_capacity_limits_dates_check', sql`${t.toDate} >= ${t.fromDate}`),
    check('residential_capacity_limits_guests_check', sql`${t.maxGuests} >= 0`),
  ],
);
