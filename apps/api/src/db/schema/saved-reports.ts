import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisationId, timestamps } from './columns.js';
import { users } from './users.js';

/**
 * A named report with its filters, kept under a report or analytics route (the generic store,
 * show, update and delete of platform-foundation §7 "Reports" and "Analytics"; docs/reports.md).
 * Shared with everyone in the organisation who may read reports; only its creator changes it.
 */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    /** The catalogue route it is kept under, e.g. `/reports/users/`. */
    route: text().notNull(),
    name: text().notNull(),
    /** The report it runs: its path with `{param}` placeholders, e.g. `/reports/users/by-role`. */
    report: text().notNull(),
    /** Values of the report path's placeholders. */
    params: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** The filters it runs with (`from`, `to`, `team`, `role_profile`). */
    query: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('saved_reports_name_unique').on(t.organisationId, t.route, t.name),
    index('saved_reports_route_idx').on(t.organisationId, t.route, t.id),
  ],
);
