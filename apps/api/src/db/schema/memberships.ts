import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { organisationId, timestamps } from './columns.js';
import { motivations } from './motivations.js';
import { leavingReasons } from './people-work.js';
import { users } from './users.js';

/**
 * One period during which a person volunteered for the organisation: from `joinedOn` to `leftOn`
 * (both days included; null while they still volunteer). A person who leaves and rejoins has a
 * row per period, so starters, leavers and length of service are read from here rather than from
 * the user's account dates (platform-foundation §7 "Reports", "Analytics": starters and leavers).
 */
export const userMemberships = pgTable(
  'user_memberships',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedOn: date({ mode: 'string' }).notNull(),
    leftOn: date({ mode: 'string' }),
    /** Why they left; the period keeps its end date if the reason is later deleted. */
    leavingReasonId: integer().references(() => leavingReasons.id, { onDelete: 'set null' }),
    /** Why they joined (the motivation picked when applying), if known. */
    motivationId: integer().references(() => motivations.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('user_memberships_organisation_joined_idx').on(t.organisationId, t.joinedOn),
    index('user_memberships_organisation_left_idx').on(t.organisationId, t.leftOn),
    index('user_memberships_user_idx').on(t.userId),
    check('user_memberships_period_check', sql`${t.leftOn} is null or ${t.leftOn} >= ${t.joinedOn}`),
  ],
);
