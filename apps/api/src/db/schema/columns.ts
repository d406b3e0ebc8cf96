import { customType, integer, timestamp } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.js';

/** Creation and update stamps shared by every table. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** The owning organisation: every organisation-owned row carries it (tenancy). */
export const organisationId = () =>
  integer()
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' });

/**
 * `timestamp with time zone` read and written as an ISO 8601 string in UTC
 * (`2026-05-01T09:00:00.000Z`): the generic catalogue module passes column values to the wire
 * unchanged, so these columns hold what the contract's `z.iso.datetime()` fields describe. The
 * drivers hand over the raw text in the session's time zone, which is normalised here.
 */
export const isoTimestamp = customType<{ data: string; driverData: string | Date }>({
  dataType() {
    return 'timestamp with time zone';
  },
  fromDriver(value: string | Date): string {
    return (value instanceof Date ? value : new Date(value)).toISOString();
  },
});
