import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { USER_EXPORT_FIELD_KEYS, type UserExportField } from '@muster/contract';
import type { Database } from '../../db/client.js';
import { findOrganisationById } from '../organisation/repository.js';
import type { ReportDefinition } from '../reports/report.js';
import { roleFilter, rowsOf, teamFilter } from '../reports/sql.js';
import { userFieldLabels, userFieldSelect } from './fields.js';
import type { ExportRow } from './repository.js';
import type { Cell } from './writers.js';

/** Where an export's rows come from: its headings, how many rows, and the rows a page at a time. */
export type ExportSource = {
  /** The column keys, stored on the export. */
  columns: string[];
  /** The heading written above each column. */
  headings: string[];
  rowsTotal: number;
  pages(): AsyncIterable<Cell[][]>;
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

/**
 * A report's rows, computed by the report itself exactly as its GET call answers them (same
 * period and filters), then written a page at a time. Columns follow the report's row schema;
 * nested values become `parent.child` columns.
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
  const answer: unknown = await report.run({
    db: deps.db,
    organisationId: row.organisationId,
    period: { from, to },
    team: idsOf(row.query.team),
    roleProfile: idsOf(row.query.role_profile),
    params: {},
    userId: row.requestedBy,
    timezone: organisation.timezone,
  });
  const data: unknown =
    answer !== null && typeof answer === 'object' ? (answer as { data?: unknown }).data : undefined;
  const rows = (Array.isArray(data) ? data : []).map((item) => new Map(flatten(item)));
  const order = schemaRowKeys(report.response);
  const rank = (key: string) => {
    const index = order.indexOf(key.split('.')[0] ?? key);
    return index === -1 ? order.length : index;
  };
  const seen = new Set<string>(order);
  for (const flat of rows) {
    for (const key of flat.keys()) {
      seen.add(key);
    }
  }
  const keys = [...seen];
  // A key that held an object (or nothing) is shown through its `parent.child` columns alone.
  const columns = keys
    .filter(
      (key) =>
        !keys.some((other) => other.startsWith(`${key}.`)) ||
        rows.some((flat) => flat.get(key) !== null && flat.get(key) !== undefined),
    )
    .map((key, index) => ({ key, index }))
    .sort((a, b) => rank(a.key) - rank(b.key) || a.index - b.index)
    .map(({ key }) => key);
  const batchSize = deps.batchSize;
  return {
    columns,
    headings: columns.map(headingOf),
    rowsTotal: rows.length,
    async *pages() {
      for (let start = 0; start < rows.length; start += batchSize) {
        yield rows.slice(start, start + batchSize).map((flat) => columns.map((key) => cellOf(flat.get(key))));
      }
    },
  };
}
