import { date, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisationId } from './columns.js';

/**
 * That an organisation (the demo) was given its generated years of activity (`npm run seed --
 * --history`, seed/history.ts), and with which settings. One row at most per organisation: the
 * history inserts it first, in its own transaction, so a second run (or a second server racing
 * the first on the same database) finds it and adds nothing.
 */
export const demoHistories = pgTable(
  'demo_histories',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    /** The pseudo-random seed the history was generated from: the same seed gives the same people. */
    seed: integer().notNull(),
    /** How many volunteers the history was asked for. */
    volunteers: integer().notNull(),
    /** The first and last day the history covers. */
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('demo_histories_organisation_unique').on(t.organisationId)],
);
