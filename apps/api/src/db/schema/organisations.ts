import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * An organisation (tenant). `features` is the legacy plain list; `packageFeatures` the package
 * map of feature name to amount; `techFeatures` technical flags (platform-foundation §3, §6).
 */
export const organisations = pgTable('organisations', {
  id: serial().primaryKey(),
  name: text().notNull(),
  /** OpenID Connect settings when users sign in through single sign-on; null otherwise. */
  ssoProvider: jsonb().$type<{
    name: string;
    issuer: string;
    clientId: string;
    clientSecret: string;
  } | null>(),
  minorAge: integer().notNull().default(18),
  currencySymbol: text().notNull().default('£'),
  dateFormat: text().notNull().default('DD/MM/Y'),
  timezone: text().notNull().default('Europe/London'),
  features: jsonb().$type<string[] | null>(),
  packageFeatures: jsonb().$type<Record<string, number> | null>(),
  techFeatures: jsonb().$type<Record<string, boolean>>().notNull().default(sql`'{}'::jsonb`),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The hosts an organisation is served at; the request's Host picks the tenant. */
export const organisationHosts = pgTable(
  'organisation_hosts',
  {
    id: serial().primaryKey(),
    organisationId: integer()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    host: text().notNull(),
  },
  (t) => [uniqueIndex('organisation_hosts_host_unique').on(sql`lower(${t.host})`)],
);
