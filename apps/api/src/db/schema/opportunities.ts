import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisationId, timestamps } from './columns.js';
import { countries } from './reference.js';
import { roleProfiles, teams } from './users.js';

/** Opportunity types the flow distinguishes; others exist and are stored as given (applicant-flow §1). */
export const opportunityTypes = { oneOff: 'One-off', residentialShort: 'Residential-short' } as const;

/**
 * Something a person can apply for (applicant-flow §3.4). Holding an unexpired role with the
 * same team and role profile blocks a new application (§6).
 */
export const opportunities = pgTable(
  'opportunities',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    slug: text().notNull(),
    /** 'One-off', 'Residential-short' or another type name. */
    type: text().notNull(),
    displayName: text().notNull(),
    /** Where the opportunity is advertised; the residential flow links back to it to pick other dates. */
    publicUrl: text(),
    roleProfileId: integer()
      .notNull()
      .references(() => roleProfiles.id, { onDelete: 'restrict' }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'restrict' }),
    /** Two-letter region the telephone inputs start with. */
    defaultPhoneCountryCode: text().notNull().default('GB'),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    description: text(),
    published: boolean().notNull().default(false),
    /** Where it takes place, for the finder's residential filters (docs/opportunities.md): a region code. */
    country: text().references(() => countries.region, { onDelete: 'restrict' }),
    /** County (or region) within `country`, as people write it, e.g. `Cumbria`. */
    county: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('opportunities_organisation_slug_unique').on(t.organisationId, t.slug),
    index('opportunities_team_role_idx').on(t.teamId, t.roleProfileId),
    index('opportunities_organisation_location_idx').on(t.organisationId, t.country, t.county),
    check('opportunities_dates_check', sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} >= ${t.startDate}`),
    check('opportunities_county_check', sql`${t.county} is null or ${t.country} is not null`),
  ],
);

/** A place within an opportunity (applicant-flow §3.4 `sub_locations`). */
export const opportunitySubLocations = pgTable(
  'opportunity_sub_locations',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    opportunityId: integer()
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index('opportunity_sub_locations_opportunity_idx').on(t.opportunityId, t.position)],
);

/**
 * A time slot of a sub-location. For residential opportunities `minDuration` and `maxDuration`
 * bound the stay in nights (the picker offers multiples of 7 between them; 7 and 14 when null).
 */
export const opportunityTimeslots = pgTable(
  'opportunity_timeslots',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    subLocationId: integer()
      .notNull()
      .references(() => opportunitySubLocations.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    minDuration: integer(),
    maxDuration: integer(),
    position: integer().notNull().default(0),
  },
  (t) => [
    index('opportunity_timeslots_sub_location_idx').on(t.subLocationId, t.position),
    check('opportunity_timeslots_range_check', sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check(
      'opportunity_timeslots_duration_check',
      sql`(${t.minDuration} is null or ${t.minDuration} > 0) and (${t.maxDuration} is null or ${t.minDuration} is null or ${t.maxDuration} >= ${t.minDuration})`,
    ),
  ],
);
