import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { oneOf } from './checks.js';
import { organisationId, timestamps } from './columns.js';
import { users } from './users.js';

/** What an export holds: chosen columns of the organisation's people, or one report's rows. */
export const exportKinds = ['users', 'report'] as const;
export type ExportKind = (typeof exportKinds)[number];

/**
 * Where an export stands: waiting for a worker, being built, its files ready to download, or
 * given up (`error` says why).
 */
export const exportStatuses = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof exportStatuses)[number];

/**
 * One requested export (platform-foundation §7 "Exports", the `.../export` calls of "Analytics"):
 * built in the background into a CSV and an XLSX file that only the requester may download. The
 * row is the durable record of the work: a worker that starts (after a restart too) takes up every
 * queued or running export from here (docs/exports.md).
 */
export const dataExports = pgTable(
  'exports',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    /** Who asked for it: the only person the files are ever handed to. */
    requestedBy: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: exportKinds }).notNull(),
    /** The report's path without `/api` and `/export` (e.g. `/analytics/training/by-user`); null for users. */
    report: text(),
    /** The columns written, in order: chosen for a users export, the report's own once built. */
    columns: jsonb().$type<string[]>().notNull().default([]),
    /** The filters asked for (a report's period resolved when asked, so a later build covers the same days). */
    query: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: text({ enum: exportStatuses }).notNull().default('queued'),
    rowsDone: integer().notNull().default(0),
    /** Known once the build has counted its rows. */
    rowsTotal: integer(),
    /** Builds started; a restart begins a new one. */
    attempts: integer().notNull().default(0),
    /**
     * The build that holds the export: a build whose token is no longer here (superseded after a
     * restart, or the export deleted) stops and removes its own files.
     */
    runToken: text(),
    /** Files under the exports directory, set when ready. */
    csvFile: text(),
    xlsxFile: text(),
    csvBytes: bigint({ mode: 'number' }),
    xlsxBytes: bigint({ mode: 'number' }),
    /** Why a failed export failed, in words for the requester. */
    error: text(),
    startedAt: timestamp({ withTimezone: true }),
    /**
     * The running build's lease, on the database's clock: set when a build takes the export and
     * renewed every few seconds while it runs. A running export whose heartbeat has gone stale
     * was left by a process that died, and is queued again for another to build.
     */
    heartbeatAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** After this the files are deleted with the record. */
    expiresAt: timestamp({ withTimezone: true }),
    /** The last time the requester was emailed the link. */
    emailedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('exports_organisation_requester_idx').on(t.organisationId, t.requestedBy),
    index('exports_pending_idx')
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('exports_expires_idx').on(t.expiresAt),
    check('exports_kind_check', oneOf(t.kind, exportKinds)),
    check('exports_status_check', oneOf(t.status, exportStatuses)),
    check('exports_report_check', sql`(${t.kind} = 'report') = (${t.report} is not null)`),
  ],
);

/**
 * A list report's rows as one export build snapshotted them (docs/exports.md "Large exports"):
 * written by one `insert ... select` of the report's query, read back a page at a time by
 * position, and deleted when the build ends. Transient work rows: never updated, so no stamps.
 */
export const exportSnapshotRows = pgTable(
  'export_snapshot_rows',
  {
    exportId: integer()
      .notNull()
      .references(() => dataExports.id, { onDelete: 'cascade' }),
    organisationId: organisationId(),
    /** The build that wrote them (a fresh id per build): a superseded build never reads another's rows. */
    build: text().notNull(),
    /** The row's place in the report's order, from 1. */
    position: integer().notNull(),
    /** The query's record as `to_json` writes it (`json`, not `jsonb`: its keys keep the query's order). */
    record: json().notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.build, t.position] })],
);
