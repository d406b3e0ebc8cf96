import { integer, timestamp } from 'drizzle-orm/pg-core';
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
