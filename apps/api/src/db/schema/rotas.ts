import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks.js';
import { organisationId, timestamps } from './columns.js';
import { teams, users } from './users.js';

/**
 * Where a person stands on a shift: `signed-up` (asked for it), `confirmed` (the organiser
 * counts on them), `cancelled` (withdrew; the row stays for the record), `attended` and
 * `no-show` (recorded after the day). Cancelled and no-show rows do not take a place.
 */
export const signupStatuses = ['signed-up', 'confirmed', 'cancelled', 'attended', 'no-show'] as const;
export type SignupStatus = (typeof signupStatuses)[number];

/** Signup statuses that take one of a shift's places. */
export const placeTakingSignupStatuses: readonly SignupStatus[] = ['signed-up', 'confirmed', 'attended'];

/**
 * A time of day (`time without time zone`) read as `HH:MM`. The drivers hand it over as
 * `HH:MM:SS`; rotas work in whole minutes, and the generic catalogue module passes column values
 * to the wire unchanged, so the seconds are dropped here.
 */
export const timeOfDay = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'time';
  },
  fromDriver(value: string): string {
    return value.slice(0, 5);
  },
});

/**
 * A shift pattern's days (`/organisation/shift-patterns/`): which weekdays (0 Sunday to 6
 * Saturday) and times a regular commitment covers, e.g. "Weekday mornings". The contract's
 * `shiftPatternDaysSchema` validates it on the way in.
 */
export type ShiftPatternDays = Array<{
  weekday: number;
  start_time: string;
  end_time: string;
  capacity: number | null;
}>;

/**
 * A rota: a named schedule of shifts, e.g. "Shop floor" or "Helpline", usually run by one team
 * (`teamId`) and staffed from the teams in `rota_teams`. An inactive rota is kept with its
 * history but offered for no new shifts.
 */
export const rotas = pgTable(
  'rotas',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    name: text().notNull(),
    description: text(),
    // A deleted team leaves its rotas standing, without an owning team.
    teamId: integer().references(() => teams.id, { onDelete: 'set null' }),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('rotas_organisation_name_idx').on(t.organisationId, t.name),
    index('rotas_team_idx').on(t.teamId),
  ],
);

/** A team whose people staff a rota (`/organisation/rota/{rotaId}/teams/`), once per rota. */
export const rotaTeams = pgTable(
  'rota_teams',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    rotaId: integer()
      .notNull()
      .references(() => rotas.id, { onDelete: 'cascade' }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('rota_teams_rota_team_unique').on(t.rotaId, t.teamId),
    index('rota_teams_organisation_team_idx').on(t.organisationId, t.teamId),
  ],
);

/**
 * A rota's standard slot of the day ("Morning 09:00–13:00, 4 people"), in `position` order. An
 * end at or before the start runs overnight into the next day. `capacity` null: no limit.
 * Shifts copy the times, so changing a timeslot leaves shifts already planned alone unless asked.
 */
export const rotaTimeslots = pgTable(
  'rota_timeslots',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    rotaId: integer()
      .notNull()
      .references(() => rotas.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    startTime: timeOfDay().notNull(),
    endTime: timeOfDay().notNull(),
    capacity: integer(),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('rota_timeslots_rota_idx').on(t.rotaId, t.position),
    index('rota_timeslots_organisation_idx').on(t.organisationId),
    check('rota_timeslots_capacity_check', sql`${t.capacity} is null or ${t.capacity} >= 0`),
    check('rota_timeslots_times_check', sql`${t.startTime} <> ${t.endTime}`),
  ],
);

/**
 * One date of a rota (`/rota/`): whether it runs that day (`closed` for a bank holiday or a
 * closure) and the day's note for everyone on it. At most one per rota and date.
 */
export const rotaDays = pgTable(
  'rota_days',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    rotaId: integer()
      .notNull()
      .references(() => rotas.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    closed: boolean().notNull().default(false),
    notes: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('rota_days_rota_date_unique').on(t.rotaId, t.date),
    index('rota_days_organisation_date_idx').on(t.organisationId, t.date),
  ],
);

/**
 * A rule that repeats a shift (`/repeating-shifts/`): every `everyWeeks` weeks on `weekday`
 * (0 Sunday to 6 Saturday, as JavaScript's `getUTCDay()` and PostgreSQL's `extract(dow …)`),
 * from `startDate` until `endDate` (null: open-ended). Its occurrences are planned as shift rows
 * ahead of time (docs/catalogue.md "Rotas and shifts").
 */
export const repeatingShifts = pgTable(
  'repeating_shifts',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    rotaId: integer()
      .notNull()
      .references(() => rotas.id, { onDelete: 'cascade' }),
    timeslotId: integer().references(() => rotaTimeslots.id, { onDelete: 'set null' }),
    teamId: integer().references(() => teams.id, { onDelete: 'set null' }),
    name: text(),
    weekday: integer().notNull(),
    everyWeeks: integer().notNull().default(1),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    startTime: timeOfDay().notNull(),
    endTime: timeOfDay().notNull(),
    capacity: integer(),
    notes: text(),
    ...timestamps,
  },
  (t) => [
    index('repeating_shifts_rota_idx').on(t.rotaId, t.weekday),
    index('repeating_shifts_organisation_idx').on(t.organisationId, t.startDate),
    check('repeating_shifts_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('repeating_shifts_every_weeks_check', sql`${t.everyWeeks} between 1 and 52`),
    check('repeating_shifts_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    check('repeating_shifts_capacity_check', sql`${t.capacity} is null or ${t.capacity} >= 0`),
    check('repeating_shifts_times_check', sql`${t.startTime} <> ${t.endTime}`),
  ],
);

/**
 * A dated shift on a rota (`/shifts/`): its own times and places (copied from the timeslot or the
 * repeating rule it came from, then its own), the team it draws on and notes for the people on it.
 * A rota with shifts cannot be deleted (retire it with `active`); a shift takes its signups with it.
 */
export const shifts = pgTable(
  'shifts',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    rotaId: integer()
      .notNull()
      .references(() => rotas.id, { onDelete: 'restrict' }),
    timeslotId: integer().references(() => rotaTimeslots.id, { onDelete: 'set null' }),
    teamId: integer().references(() => teams.id, { onDelete: 'set null' }),
    repeatingShiftId: integer().references(() => repeatingShifts.id, { onDelete: 'set null' }),
    name: text(),
    date: date({ mode: 'string' }).notNull(),
    startTime: timeOfDay().notNull(),
    endTime: timeOfDay().notNull(),
    capacity: integer(),
    notes: text(),
    ...timestamps,
  },
  (t) => [
    index('shifts_organisation_date_idx').on(t.organisationId, t.date, t.startTime),
    index('shifts_rota_date_idx').on(t.rotaId, t.date),
    index('shifts_team_date_idx').on(t.teamId, t.date),
    index('shifts_timeslot_idx').on(t.timeslotId),
    // One planned occurrence of a repeating rule per date.
    uniqueIndex('shifts_repeating_date_unique').on(t.repeatingShiftId, t.date),
    check('shifts_capacity_check', sql`${t.capacity} is null or ${t.capacity} >= 0`),
    check('shifts_times_check', sql`${t.startTime} <> ${t.endTime}`),
  ],
);

/** A reusable weekly pattern of shifts (`/organisation/shift-patterns/`). */
export const shiftPatterns = pgTable(
  'shift_patterns',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    name: text().notNull(),
    description: text(),
    days: jsonb().$type<ShiftPatternDays>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    index('shift_patterns_organisation_name_idx').on(t.organisationId, t.name),
    check('shift_patterns_days_check', sql`jsonb_typeof(${t.days}) = 'array'`),
  ],
);

/**
 * A person on a shift (`/organisation/signups/`), once per shift and person; withdrawing keeps
 * the row as `cancelled`.
 */
export const signups = pgTable(
  'signups',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    shiftId: integer()
      .notNull()
      .references(() => shifts.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: signupStatuses }).notNull().default('signed-up'),
    notes: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('signups_shift_user_unique').on(t.shiftId, t.userId),
    index('signups_organisation_user_idx').on(t.organisationId, t.userId),
    index('signups_shift_status_idx').on(t.shiftId, t.status),
    check('signups_status_check', oneOf(t.status, signupStatuses)),
  ],
);
