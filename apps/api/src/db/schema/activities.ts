import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { isoTimestamp, organisationId, timestamps } from './columns.js';
import { teams, users } from './users.js';

/*
 * Activities (platform-foundation §7 "Analytics and activities"): what volunteers and teams did
 * or will do (a beach clean, a shift at the food bank, a school talk), filed under the
 * organisation's activity categories and, once done, an outcome; and who took part, for how many
 * hours. The activities reports and `/analytics/activities/upcoming` read these tables
 * (docs/reports.md "Activities").
 */

/** A person of the organisation named by a record; the record outlives the account as "someone". */
const personOrNull = () => integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' });

/** A lookup list offered in `position` order; an inactive entry stays on the records that use it. */
function lookupColumns() {
  return {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    name: text().notNull(),
    description: text(),
    position: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  };
}

/** What kind of activity it was ("Conservation", "Fundraising", "Befriending"). */
export const activityCategories = pgTable(
  'activity_categories',
  { ...lookupColumns(), ...timestamps },
  (t) => [index('activity_categories_organisation_idx').on(t.organisationId, t.position)],
);

/** How an activity turned out ("Completed", "Partly completed", "Cancelled: weather"). */
export const activityOutcomes = pgTable('activity_outcomes', { ...lookupColumns(), ...timestamps }, (t) => [
  index('activity_outcomes_organisation_idx').on(t.organisationId, t.position),
]);

/**
 * One activity, past or planned. `hours` is what each participant is credited with unless their
 * own hours are recorded; without it, the time from start to end. `guests` counts people who took
 * part without being recorded by name (a school group), so headcounts stay honest.
 */
export const activities = pgTable(
  'activities',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    title: text().notNull(),
    description: text(),
    // A category or outcome in use cannot be deleted (409); retire it with `active`.
    categoryId: integer().references(() => activityCategories.id, { onDelete: 'restrict' }),
    outcomeId: integer().references(() => activityOutcomes.id, { onDelete: 'restrict' }),
    // A team that is deleted leaves its activities standing, without a team.
    teamId: integer().references(() => teams.id, { onDelete: 'set null' }),
    startsAt: isoTimestamp().notNull(),
    endsAt: isoTimestamp(),
    location: text(),
    hours: numeric({ precision: 7, scale: 2, mode: 'number' }),
    guests: integer().notNull().default(0),
    createdBy: personOrNull(),
    ...timestamps,
  },
  (t) => [
    index('activities_organisation_starts_idx').on(t.organisationId, t.startsAt),
    index('activities_category_idx').on(t.categoryId),
    index('activities_outcome_idx').on(t.outcomeId),
    index('activities_team_idx').on(t.teamId),
    index('activities_created_by_idx').on(t.createdBy),
    check('activities_dates_check', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check('activities_hours_check', sql`${t.hours} is null or ${t.hours} >= 0`),
    check('activities_guests_check', sql`${t.guests} >= 0`),
  ],
);

/**
 * A person's part in an activity (`/users/{userId}/activities/`): signed up (`attended` null
 * until the day), took part (true) or did not come (false); `hours` when theirs differ from the
 * activity's.
 */
export const activityParticipants = pgTable(
  'activity_participants',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    activityId: integer()
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hours: numeric({ precision: 7, scale: 2, mode: 'number' }),
    attended: boolean(),
    createdBy: personOrNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('activity_participants_activity_user_unique').on(t.activityId, t.userId),
    index('activity_participants_user_idx').on(t.userId),
    index('activity_participants_organisation_idx').on(t.organisationId),
    check('activity_participants_hours_check', sql`${t.hours} is null or ${t.hours} >= 0`),
  ],
);
