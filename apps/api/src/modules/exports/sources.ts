import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { USER_EXPORT_FIELD_KEYS, type UserExportField } from '@muster/contract';
import type { Database } from '../../db/client.js';
import { findOrganisationById } from '../organisation/repository.js';
import type { ReportDefinition, ReportRows, ReportScope } from '../reports/report.js';
import { roleFilter, rowsOf, teamFilter } from '../reports/sql.js';
import { userFieldLabels, userFieldSelect } from './fields.js';
import type { ExportRow } from './repository.js';
import {
  deleteLeftoverSnapshots,
  deleteSnapshot,
  readSnapshotPage,
  writeSnapshot,
  type SnapshotKey,
  type SnapshotRecord,
} from './snapshot-repository.js';
import type { Cell } from './writers.js';

/** Where an export's rows come from: its headings, how many rows, and the rows a page at a time. */
export type ExportSource = {
  /** The column keys, stored on the export. */
  columns: string[];
  /** The heading written above each column. */
  headings: string[];
  rowsTotal: number;
  /** The rows a page at a time; what the source holds in the database goes when they end. */
  pages(): AsyncIterable<Cell[][]>;
  /**
   * Lets go of what the source holds in the database (a list report's snapshot), whether or not
   * its pages were read; safe to call more than once. For the build to call however it ends:
   * pages read to their end (or left by a `break` or a throw) have already let go.
   */
  close(): Promise<void>;
};

/** The export cannot be built as asked; the message is for the requester. */
export class ExportSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportSourceError';
  }
}

export type SourceDeps = {
  db: Database;
  /** The report definition answering at a path (`REPORTS`, looked up when the export is built). */
  findReport: (path: string) => ReportDefinition | undefined;
  /** Rows read and written per page. */
  batchSize: number;
};

/** Opens the rows of an export: the organisation's people, or a report's rows. */
export async function openExportSource(deps: SourceDeps, row: ExportRow): Promise<ExportSource> {
  return row.kind === 'users' ? openUsersSource(deps, row) : openReportSource(deps, row);
}

/** A stored filter's id list (the API validated it when the export was asked for). */
function idsOf(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : [];
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** One item of a list as text: a referenced record (`{id, name}`) by its name, anything else as written. */
function itemText(item: unknown): string {
  if (item !== null && typeof item === 'object') {
    const record = item as Record<string, unknown>;
    const name = ['name', 'label', 'display_name', 'title']
      .map((key) => record[key])
      .find((v) => typeof v === 'string');
    return typeof name === 'string' ? name : JSON.stringify(item);
  }
  return String(item);
}

/** A value from either driver as a cell: text and numbers as they are, anything else as text. */
export function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value === 'string' || typeof value === 'number') {
    return value;
  }
  if (typeof value === 'bigint') {
    return Number(value);
  }
  if (typeof value === 'boolean') {
    return value ? 'Yes' : 'No';
  }
  if (value instanceof Date) {
    return value.toISOString();
  }
  if (Array.isArray(value)) {
    return value.map(itemText).join('; ');
  }
  return JSON.stringify(value);
}

/**
 * The organisation's people with the chosen columns, read in pages by id (keyset), so that memory
 * holds one page whatever the size. The rows are those that existed when the build began (ids up
 * to the largest then), so the count and the file agree.
 */
async function openUsersSource(deps: SourceDeps, row: ExportRow): Promise<ExportSource> {
  const allowed: ReadonlySet<string> = new Set(USER_EXPORT_FIELD_KEYS);
  const columns = row.columns.filter((key): key is UserExportField => allowed.has(key));
  if (columns.length === 0 || columns.length !== row.columns.length) {
    throw new ExportSourceError('The export asks for columns that do not exist.');
  }
  const organisationId = row.organisationId;
  const statuses = stringsOf(row.query.status);
  const team = idsOf(row.query.team);
  const roleProfile = idsOf(row.query.role_profile);
  const filters: SQL[] = [sql`u.organisation_id = ${organisationId}`];
  if (statuses.length > 0) {
    filters.push(sql`exists (
      select 1 from user_statuses s
      where s.id = u.status_id and lower(s.name) in (${sql.join(
        statuses.map((status) => sql`${status}`),
        sql`, `,
      )}))`);
  }
  if (team.length > 0 || roleProfile.length > 0) {
    filters.push(sql`exists (
      select 1 from user_roles r
      where r.user_id = u.id and r.organisation_id = ${organisationId}
        and (r.end_date is null or r.end_date >= current_date)
        and ${teamFilter(sql`r.team_id`, team)}
        and ${roleFilter(sql`r.role_profile_id`, roleProfile)})`);
  }
  const where = sql.join(filters, sql` and `);
  const [extent] = await rowsOf<{ total: number; last: number }>(
    deps.db,
    sql`select count(*)::int as total, coalesce(max(u.id), 0)::int as last from users u where ${where}`,
  );
  const last = extent?.last ?? 0;
  const select = userFieldSelect(columns, organisationId);
  return {
    columns,
    headings: userFieldLabels(columns),
    rowsTotal: extent?.total ?? 0,
    async *pages() {
      let after = 0;
      for (;;) {
        const rows = await rowsOf<Record<string, unknown> & { export_key: number }>(
          deps.db,
          sql`select u.id as export_key, ${select}
              from users u
              where ${where} and u.id > ${after} and u.id <= ${last}
              order by u.id
              limit ${deps.batchSize}`,
        );
        if (rows.length === 0) {
          return;
        }
        after = rows[rows.length - 1]?.export_key ?? last;
        yield rows.map((record) => columns.map((key) => cellOf(record[key])));
      }
    },
    // Reads the live table page by page: nothing is held between pages.
    close: async () => undefined,
  };
}

/** `role_profile.name` → `Role profile name`; `displayName` → `Display name`. */
export function headingOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A report row as flat `key → value` pairs: nested objects become `parent.child` keys. */
function flatten(value: unknown, prefix = ''): Array<[string, unknown]> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Date) {
    return [[prefix || 'value', value]];
  }
  return Object.entries(value).flatMap(([key, inner]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return inner !== null && typeof inner === 'object' && !Array.isArray(inner) && !(inner instanceof Date)
      ? flatten(inner, name)
      : [[name, inner] as [string, unknown]];
  });
}

/** The keys of a report's row, in its response schema's order (`{data: [row]}`), when it says. */
function schemaRowKeys(response: z.ZodType): string[] {
  if (!(response instanceof z.ZodObject)) {
    return [];
  }
  const data: unknown = response.shape.data;
  if (!(data instanceof z.ZodArray) || !(data.element instanceof z.ZodObject)) {
    return [];
  }
  return Object.keys(data.element.shape);
}

/** A report row as flat `key → value` pairs (see {@link flatten}). */
function flatRow(item: unknown): Map<string, unknown> {
  return new Map(flatten(item));
}

/**
 * A report's columns, learnt a row at a time so that the rows need not be held: every flat key
 * seen, in the row schema's order (then as first seen); a key that held an object (or nothing)
 * is shown through its `parent.child` columns alone.
 */
function columnPlanner(response: z.ZodType) {
  const order = schemaRowKeys(response);
  const seen = new Set<string>(order);
  const filled = new Set<string>();
  const rank = (key: string) => {
    const index = order.indexOf(key.split('.')[0] ?? key);
    return index === -1 ? order.length : index;
  };
  return {
    add(flat: Map<string, unknown>) {
      for (const [key, value] of flat) {
        seen.add(key);
        if (value !== null && value !== undefined) {
          filled.add(key);
        }
      }
    },
    columns(): string[] {
      const keys = [...seen];
      return keys
        .filter((key) => !keys.some((other) => other.startsWith(`${key}.`)) || filled.has(key))
        .map((key, index) => ({ key, index }))
        .sort((a, b) => rank(a.key) - rank(b.key) || a.index - b.index)
        .map(({ key }) => key);
    },
  };
}

/** A flat row's cells under the columns. */
function cellsOf(columns: readonly string[], flat: Map<string, unknown>): Cell[] {
  return columns.map((key) => cellOf(flat.get(key)));
}

/**
 * A report's rows, exactly as its GET call answers them (same period and filters), written a
 * page at a time. Columns follow the report's row schema; nested values become `parent.child`
 * columns. A list report (`rows`, one row per person or record) is streamed from a snapshot
 * without being held; any other report's rows are bounded groups (teams, months) and its
 * answer is computed whole by `run`.
 */
async function openReportSource(deps: SourceDeps, row: ExportRow): Promise<ExportSource> {
  const report = row.report === null ? undefined : deps.findReport(row.report);
  if (!report) {
    throw new ExportSourceError('This report is no longer available.');
  }
  const from = typeof row.query.from === 'string' ? row.query.from : null;
  const to = typeof row.query.to === 'string' ? row.query.to : null;
  if (!from || !to) {
    throw new ExportSourceError('The export does not say which period it covers.');
  }
  const organisation = await findOrganisationById(deps.db, row.organisationId);
  if (!organisation) {
    throw new ExportSourceError('The organisation is no longer there.');
  }
  // As the report's GET call computes it for the requester: same period, filters and calendar.
  const scope: ReportScope = {
    db: deps.db,
    organisationId: row.organisationId,
    period: { from, to },
    team: idsOf(row.query.team),
    roleProfile: idsOf(row.query.role_profile),
    params: {},
    userId: row.requestedBy,
    timezone: organisation.timezone,
  };
  return report.rows
    ? openListReportSource(deps, row, report, report.rows, scope)
    : openAnswerSource(deps, report, scope);
}

/** A report whose rows are bounded groups: its answer computed by `run`, then written a page at a time. */
async function openAnswerSource(
  deps: SourceDeps,
  report: ReportDefinition,
  scope: ReportScope,
): Promise<ExportSource> {
  const answer: unknown = await report.run(scope);
  const data: unknown =
    answer !== null && typeof answer === 'object' ? (answer as { data?: unknown }).data : undefined;
  const rows = (Array.isArray(data) ? data : []).map(flatRow);
  const planner = columnPlanner(report.response);
  for (const flat of rows) {
    planner.add(flat);
  }
  const columns = planner.columns();
  const batchSize = deps.batchSize;
  return {
    columns,
    headings: columns.map(headingOf),
    rowsTotal: rows.length,
    async *pages() {
      for (let start = 0; start < rows.length; start += batchSize) {
        yield rows.slice(start, start + batchSize).map((flat) => cellsOf(columns, flat));
      }
    },
    // The answer is in memory only: nothing is held in the database.
    close: async () => undefined,
  };
}

/** The build's snapshot a page of `batchSize` records at a time, by position. */
async function* snapshotPages(deps: SourceDeps, key: SnapshotKey): AsyncGenerator<SnapshotRecord[]> {
  let after = 0;
  for (;;) {
    const page = await readSnapshotPage(deps.db, key, after, deps.batchSize);
    if (page.length === 0) {
      return;
    }
    after = page[page.length - 1]?.position ?? after;
    yield page;
  }
}

/**
 * A list report's rows, streamed: its query's records are copied into a snapshot for this build
 * in one statement (the count comes with it), read once a page at a time to learn the columns
 * (they depend on which nested values the rows hold), then again to write them. Memory holds
 * one page, whatever the report's length; `run` is not called. The snapshot is deleted when the
 * pages end, however they end, or on `close`.
 */
async function openListReportSource(
  deps: SourceDeps,
  row: ExportRow,
  report: ReportDefinition,
  rows: ReportRows,
  scope: ReportScope,
): Promise<ExportSource> {
  const key: SnapshotKey = { organisationId: row.organisationId, exportId: row.id, build: randomUUID() };
  let closed = false;
  const close = async () => {
    if (!closed) {
      closed = true;
      await deleteSnapshot(deps.db, key);
    }
  };
  const flatOf = (item: SnapshotRecord) => flatRow(rows.toRow(item.record));
  await deleteLeftoverSnapshots(deps.db, key);
  try {
    const rowsTotal = await writeSnapshot(deps.db, key, rows.query(scope), rows.order);
    const planner = columnPlanner(report.response);
    for await (const page of snapshotPages(deps, key)) {
      for (const item of page) {
        planner.add(flatOf(item));
      }
    }
    const columns = planner.columns();
    return {
      columns,
      headings: columns.map(headingOf),
      rowsTotal,
      async *pages() {
        try {
          for await (const page of snapshotPages(deps, key)) {
            yield page.map((item) => cellsOf(columns, flatOf(item)));
          }
        } finally {
          // The build's outcome stands whether or not this delete works: rows it leaves go with
          // the organisation's next export build (or with the export).
          await close().catch(() => undefined);
        }
      },
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
