import { subDays, subYears } from 'date-fns';
import { todayIn } from '@muster/contract';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ReportPeriod, ReportQuery } from '@muster/contract';
import type { Database } from '../../db/client.js';
import { listPageOf, listRecordsOf, type ListPage } from './sql.js';

/** What a report computes over: one organisation, a period (both days included) and its filters. */
export type ReportScope = {
  db: Database;
  organisationId: number;
  period: ReportPeriod;
  /** Team ids to narrow to; empty: every team. */
  team: number[];
  /** Role profile ids to narrow to; empty: every role profile. */
  roleProfile: number[];
  /** The path's own parameters (e.g. `id`, `userId`), already validated by `params`. */
  params: Record<string, number>;
  /** The signed-in caller (the person a "my figures" call such as the mobile dashboard is about). */
  userId: number;
  /** The organisation's IANA time zone: the calendar its days (today, a timestamp's day) are read in. */
  timezone: string;
  /**
   * The page a list report's GET call asks for; absent, a list report answers every row (an
   * export, a caller inside the API). Other reports ignore it.
   */
  page?: ListPage;
};

/** Report permissions (platform-foundation §6): diversity figures need both. */
export const VIEW_REPORTS = 'view-reports';
export const VIEW_DIVERSITY_REPORTS = 'view-diversity-reports';

/**
 * One report or analytics call: where it answers, who may read it, what it answers and how it is
 * computed. Each report lives in a file named after it and is listed in `reports-list.ts`; the
 * routes module registers them all alike (docs/reports.md).
 */
export type ReportDefinition = {
  /** The API path without `/api`, Fastify style: `/reports/users/by-role`, `/reports/users/x/:id`. */
  path: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /** What the rows are and how they are counted, for the OpenAPI document. */
  description: string;
  /**
   * Defaults to `[view-reports]`; diversity figures add `view-diversity-reports`. An empty list:
   * any signed-in person (a call about their own figures).
   */
  permissions?: readonly string[];
  /** Names of the path's integer parameters, e.g. `['id', 'userId']`. */
  pathParams?: readonly string[];
  /**
   * The period the query asks for, when its defaults differ from {@link periodOf} (a look ahead
   * such as upcoming activities starts today).
   */
  period?: (query: Pick<ReportQuery, 'from' | 'to'>, now?: Date, timezone?: string) => ReportPeriod;
  /** The answer's shape (200). */
  response: z.ZodType;
  /** Computes the answer; never writes. */
  run: (scope: ReportScope) => Promise<unknown>;
  /**
   * A list report's rows as one SQL query (see {@link defineListReport}): `run` answers them, and
   * an export streams them from a snapshot in the database instead of calling `run`. Absent for
   * reports whose rows are bounded groups (teams, months): an export holds their answer.
   */
  rows?: ReportRows;
};

/**
 * How a list report (one row per person or record, so as long as the organisation is large) makes
 * its rows: one query, one order, one record-to-row mapping. The GET call answers a page of them
 * (`listPageOf`; every record through `listRecordsOf` when no page is asked); an export writes the same records, numbered
 * in the same order, to a snapshot table and reads them back a page at a time. Both read the
 * records through `to_json`, so `toRow` sees the same values from either and from both drivers.
 */
export type ReportRows<Rec = Record<string, unknown>, Row = unknown> = {
  /**
   * The rows' query, without `order by` or `limit` (a page appends its own): one record per row
   * of the answer. It may select columns that only `order` reads (sort keys); column names must
   * be unique.
   */
  query: (scope: ReportScope) => SQL;
  /**
   * The answer's order over the query's columns, unqualified (`last_name, first_name, user_id`):
   * bare output column names, each optionally `desc`, never expressions, because a page is
   * sorted at the query's own level (`order by` appended to it, where only a bare name means the
   * output column) and the whole list outside it. It ends with a unique key, so that the GET
   * call, its pages and the export put tied rows alike.
   */
  order: SQL;
  /** One record, as `to_json` gives it (keys in the query's column order), as the answer's row. */
  toRow: (record: Rec) => Row;
};

/** A list report: its rows as {@link ReportRows}, and the rest of its answer beside `data`. */
export type ListReportDefinition<Rec, Row> = Omit<ReportDefinition, 'run' | 'rows'> & {
  rows: ReportRows<Rec, Row>;
  /** The answer's `meta` (the period and filters it covers). */
  meta: (scope: ReportScope) => Record<string, unknown>;
};

/** Identity helper so each report file reads as a declaration with its types checked. */
export function defineReport(definition: ReportDefinition): ReportDefinition {
  return definition;
}

/**
 * A report whose rows come from one SQL query (see {@link ReportRows}): its GET call answers one
 * page, `{data: rows, meta: {...meta, current_page, per_page, total}}`; without a page in the
 * scope it answers every row with `meta` alone. Its export streams the rows without holding them. `Rec` is the
 * query's record as `toRow` reads it (the query's columns, as JSON gives them).
 */
export function defineListReport<Rec extends object, Row>(
  definition: ListReportDefinition<Rec, Row>,
): ReportDefinition {
  const { rows, meta, ...rest } = definition;
  const generic: ReportRows = {
    query: rows.query,
    order: rows.order,
    // The records are the query's own columns as JSON: `Rec` describes them.
    toRow: (record) => rows.toRow(record as Rec),
  };
  return {
    ...rest,
    rows: generic,
    run: async (scope) => {
      if (!scope.page) {
        const records = await listRecordsOf(scope.db, rows.query(scope), rows.order);
        return { data: records.map((record) => rows.toRow(record as Rec)), meta: meta(scope) };
      }
      const { records, total } = await listPageOf(scope.db, rows.query(scope), rows.order, scope.page);
      return {
        data: records.map((record) => rows.toRow(record as Rec)),
        meta: {
          ...meta(scope),
          current_page: scope.page.page,
          per_page: scope.page.perPage,
          total,
        },
      };
    },
  };
}

/** The day `YYYY-MM-DD` of a calendar date (built at midnight UTC, so read in UTC). */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The period a query asks for: without `to`, today in the organisation's time zone; without
 * `from`, twelve months before `to`. Without a zone (callers that do not know the organisation),
 * today in UTC.
 */
export function periodOf(
  query: Pick<ReportQuery, 'from' | 'to'>,
  now: Date = new Date(),
  timezone = 'UTC',
): ReportPeriod {
  const to = query.to ?? todayIn(timezone, now);
  const from = query.from ?? isoDay(subDays(subYears(new Date(`${to}T00:00:00Z`), 1), -1));
  return { from, to };
}

/** The permissions reading a report needs: its own, else `view-reports`. */
export function reportPermissions(report: Pick<ReportDefinition, 'permissions'>): readonly string[] {
  return report.permissions ?? [VIEW_REPORTS];
}

/**
 * Runs a report as its GET call computes it: the query's period (with the report's own defaults)
 * and filters, read in the organisation's calendar.
 */
export function runReport(
  report: ReportDefinition,
  input: {
    db: Database;
    organisationId: number;
    timezone: string;
    query: ReportQuery;
    params: Record<string, number>;
    userId: number;
    now?: Date;
    /** The page a list report answers; absent, every row. */
    page?: ListPage;
  },
): Promise<unknown> {
  return report.run({
    db: input.db,
    organisationId: input.organisationId,
    period: (report.period ?? periodOf)(input.query, input.now ?? new Date(), input.timezone),
    team: input.query.team ?? [],
    roleProfile: input.query.role_profile ?? [],
    params: input.params,
    userId: input.userId,
    timezone: input.timezone,
    ...(report.rows && input.page ? { page: input.page } : {}),
  });
}
