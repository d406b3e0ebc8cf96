import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserVettingByUserReport, UsersByTeamUserRow } from '@muster/contract';
import type { Database } from '../../db/client.js';
import { dataExports, exportSnapshotRows } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../test/tenant.js';
import type { ReportDefinition } from '../reports/report.js';
import { REPORTS } from '../reports/reports-list.js';
import { usersByTeamUsers } from '../reports/users/by-team-users.js';
import { usersVettingByUser } from '../reports/users/vetting-by-user.js';
import { buildExport, ExportAbortedError, type BuildDeps } from './jobs.js';
import { insertExport, type ExportRow } from './repository.js';
import { openExportSource } from './sources.js';
import { createManyVolunteers, createVolunteer, readCsv } from './test-factories.js';

/*
 * Exports of list reports (a `rows` query, one row per person or record): streamed from a
 * snapshot in the database a page at a time, never through `run`, with the columns and cells
 * their answer would give, and no snapshot left behind however the build ends.
 */

let ctx: TestContext;
let directory: string;
/** 2,500 volunteers, for the large export. */
let large: Tenant;
let largeCaller: Caller;
/** A few volunteers in teams, for the rest. */
let small: Tenant;
let smallCaller: Caller;

const PERIOD = { from: '2026-01-01', to: '2030-12-31' };

/** What a build saw each time it ran a statement of its own: the export's progress and snapshot then. */
type Sighting = { rowsDone: number; snapshot: number };

async function snapshotRows(exportId: number): Promise<number> {
  const [held] = await ctx.db
    .select({ rows: count() })
    .from(exportSnapshotRows)
    .where(eq(exportSnapshotRows.exportId, exportId));
  return held?.rows ?? 0;
}

/**
 * The test database, noting before each raw statement (the snapshot's reads and writes) where the
 * export stands; `onSighting` may act on it (abort the build).
 */
function watching(
  exportId: number,
  sightings: Sighting[],
  onSighting?: (sighting: Sighting) => void,
): Database {
  const db = ctx.db;
  return new Proxy(db, {
    get(target, property) {
      if (property === 'execute') {
        return async (query: Parameters<Database['execute']>[0]) => {
          const [row] = await target
            .select({ rowsDone: dataExports.rowsDone })
            .from(dataExports)
            .where(eq(dataExports.id, exportId));
          const sighting = { rowsDone: row?.rowsDone ?? -1, snapshot: await snapshotRows(exportId) };
          sightings.push(sighting);
          onSighting?.(sighting);
          return target.execute(query);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function depsWith(
  definitions: readonly ReportDefinition[],
  options: { batchSize?: number; db?: Database } = {},
): BuildDeps {
  return {
    db: options.db ?? ctx.db,
    findReport: (wanted) => definitions.find((definition) => definition.path === wanted),
    batchSize: options.batchSize ?? 2,
    directory,
    outbox: ctx.app.outbox,
    publicOrigin: ctx.config.publicOrigin,
    log: { error: () => undefined, warn: () => undefined },
  };
}

async function queued(
  tenant: Tenant,
  caller: Caller,
  report: string,
  query: Record<string, unknown> = PERIOD,
) {
  return insertExport(ctx.db, {
    organisationId: tenant.id,
    requestedBy: caller.id,
    kind: 'report',
    report,
    columns: [],
    query,
  });
}

async function rowOf(id: number): Promise<ExportRow | undefined> {
  const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

function csvOf(row: ExportRow | undefined): string[][] {
  return readCsv(fs.readFileSync(path.join(directory, row?.csvFile ?? '')));
}

/**
 * The list report as its GET call answers it, for the caller: every page of 1,000 read in turn,
 * each page's `total` the whole list's length.
 */
async function answerOf<Row>(caller: Caller, report: string, query = PERIOD): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const response = await callAs(
      ctx.app,
      caller.headers,
      'GET',
      `/api${report}?from=${query.from}&to=${query.to}&page=${page}&per_page=1000`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: Row[]; meta: { current_page: number; total: number } }>();
    expect(body.meta.current_page).toBe(page);
    rows.push(...body.data);
    if (body.data.length < 1000) {
      expect(body.meta.total).toBe(rows.length);
      return rows;
    }
  }
}

/** The definition as it would be without its `rows`: its answer computed by `run` and held. */
function answerOnly(definition: ReportDefinition): ReportDefinition {
  const copy: ReportDefinition = { ...definition };
  delete copy.rows;
  return copy;
}

beforeAll(async () => {
  ctx = await createTestContext();
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-list-exports-'));
  large = await createTenant(ctx.app);
  largeCaller = await large.person(['view-reports']);
  await createManyVolunteers(ctx.db, large.id, 2500);
  small = await createTenant(ctx.app);
  smallCaller = await small.person(['view-reports']);
  await createVolunteer(ctx.db, small.id, {
    firstName: 'Ada',
    lastName: 'Byron',
    dob: null,
    roles: [
      ['North', 'Driver'],
      ['South', '=Cook'],
    ],
  });
  await createVolunteer(ctx.db, small.id, {
    firstName: 'Ben',
    lastName: 'Ames',
    roles: [['North', '=Cook']],
  });
  await createVolunteer(ctx.db, small.id, { firstName: 'Cy', lastName: 'Cole', email: null });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe('a list report export', () => {
  it('streams 2,500 people through the snapshot page by page, and writes what the GET call answers', async () => {
    const answer = await answerOf<UserVettingByUserReport['data'][number]>(
      largeCaller,
      usersVettingByUser.path,
    );
    // The volunteers and the requester.
    expect(answer).toHaveLength(2501);
    const row = await queued(large, largeCaller, usersVettingByUser.path);
    const sightings: Sighting[] = [];
    const deps = depsWith([usersVettingByUser], { batchSize: 1000, db: watching(row.id, sightings) });
    expect(await buildExport(deps, row.id, new AbortController().signal)).toBe('ready');

    const done = await rowOf(row.id);
    expect(done).toMatchObject({ status: 'ready', rowsDone: 2501, rowsTotal: 2501 });
    // Progress was recorded after each page of 1,000 while the snapshot was read.
    const progress = sightings
      .map((sighting) => sighting.rowsDone)
      .filter((n, i, all) => all.indexOf(n) === i);
    expect(progress).toEqual([0, 1000, 2000, 2501]);
    expect(Math.max(...sightings.map((sighting) => sighting.snapshot))).toBe(2501);
    expect(await snapshotRows(row.id)).toBe(0);

    const csv = csvOf(done);
    expect(csv[0]).toEqual(['User id', 'First name', 'Last name', 'Standing', 'Checks', 'Valid until']);
    expect(csv.slice(1)).toEqual(
      answer.map((item) => [
        String(item.user_id),
        item.first_name,
        item.last_name,
        item.standing,
        String(item.checks),
        item.valid_until ?? '',
      ]),
    );
  });

  it('never calls the report’s run: the rows come from its query', async () => {
    const definition: ReportDefinition = {
      ...usersByTeamUsers,
      run: () => Promise.reject(new Error('run must not be called for a list report')),
    };
    const row = await queued(small, smallCaller, definition.path);
    expect(await buildExport(depsWith([definition]), row.id, new AbortController().signal)).toBe('ready');
    const done = await rowOf(row.id);
    expect(done).toMatchObject({ status: 'ready', rowsDone: 3, rowsTotal: 3 });
    expect(done?.columns).toEqual([
      'id',
      'first_name',
      'last_name',
      'team.id',
      'team.name',
      'role_profile.id',
      'role_profile.name',
      'from',
      'until',
    ]);
    const answer = await answerOf<UsersByTeamUserRow>(smallCaller, usersByTeamUsers.path);
    const csv = csvOf(done);
    expect(csv.slice(1).map((cells) => [cells[2], cells[4], cells[6]])).toEqual([
      ['Ames', 'North', `'=Cook`],
      ['Byron', 'North', 'Driver'],
      ['Byron', 'South', `'=Cook`],
    ]);
    expect(csv.slice(1).map((cells) => Number(cells[0]))).toEqual(answer.map((item) => item.id));
  });

  it('writes for every list report the file its answer would give', async () => {
    const lists = REPORTS.filter((definition) => definition.rows && !definition.pathParams?.length);
    expect(lists.length).toBeGreaterThanOrEqual(16);
    for (const definition of lists) {
      const streamed = await queued(small, smallCaller, definition.path);
      expect(await buildExport(depsWith([definition]), streamed.id, new AbortController().signal)).toBe(
        'ready',
      );
      const held = await queued(small, smallCaller, definition.path);
      expect(
        await buildExport(depsWith([answerOnly(definition)]), held.id, new AbortController().signal),
      ).toBe('ready');
      const [a, b] = [await rowOf(streamed.id), await rowOf(held.id)];
      expect({ report: definition.path, columns: a?.columns, rows: a?.rowsDone, csv: csvOf(a) }).toEqual({
        report: definition.path,
        columns: b?.columns,
        rows: b?.rowsDone,
        csv: csvOf(b),
      });
    }
  }, 120_000);

  it('leaves no snapshot when the build fails, stops for the server or is closed unread', async () => {
    const rows = usersByTeamUsers.rows;
    if (!rows) {
      throw new Error('people by team is a list report');
    }
    const failing: ReportDefinition = {
      ...usersByTeamUsers,
      rows: {
        ...rows,
        toRow: () => {
          throw new Error('a row it cannot make');
        },
      },
    };
    const broken = await queued(small, smallCaller, failing.path);
    expect(await buildExport(depsWith([failing]), broken.id, new AbortController().signal)).toBe('failed');
    expect(await snapshotRows(broken.id)).toBe(0);

    // The server stops once the first page is written: the export waits again, its snapshot gone.
    const controller = new AbortController();
    const stopped = await queued(large, largeCaller, usersVettingByUser.path);
    const sightings: Sighting[] = [];
    const db = watching(stopped.id, sightings, (sighting) => {
      if (sighting.rowsDone > 0) {
        controller.abort();
      }
    });
    await expect(
      buildExport(depsWith([usersVettingByUser], { batchSize: 1000, db }), stopped.id, controller.signal),
    ).rejects.toBeInstanceOf(ExportAbortedError);
    expect(await rowOf(stopped.id)).toMatchObject({ status: 'queued' });
    expect(Math.max(...sightings.map((sighting) => sighting.snapshot))).toBe(2501);
    expect(await snapshotRows(stopped.id)).toBe(0);

    const unread = await queued(small, smallCaller, usersByTeamUsers.path);
    const source = await openExportSource(depsWith([usersByTeamUsers]), unread);
    expect(source.rowsTotal).toBe(3);
    expect(await snapshotRows(unread.id)).toBe(3);
    await source.close();
    await source.close();
    expect(await snapshotRows(unread.id)).toBe(0);
  }, 60_000);

  it('sweeps what earlier builds left in the organisation, but not a running build’s rows', async () => {
    const leftover = (exportId: number, organisationId: number, build: string) => ({
      exportId,
      organisationId,
      build,
      position: 1,
      record: { left: true },
    });
    const finished = await queued(small, smallCaller, usersByTeamUsers.path);
    await ctx.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, finished.id));
    const running = await queued(small, smallCaller, usersByTeamUsers.path);
    await ctx.db.update(dataExports).set({ status: 'running' }).where(eq(dataExports.id, running.id));
    const elsewhere = await queued(large, largeCaller, usersVettingByUser.path);
    await ctx.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, elsewhere.id));
    const row = await queued(small, smallCaller, usersByTeamUsers.path);
    await ctx.db
      .insert(exportSnapshotRows)
      .values([
        leftover(finished.id, small.id, 'dead'),
        leftover(running.id, small.id, 'live'),
        leftover(elsewhere.id, large.id, 'other-organisation'),
        leftover(row.id, small.id, 'an-earlier-build'),
      ]);

    expect(await buildExport(depsWith([usersByTeamUsers]), row.id, new AbortController().signal)).toBe(
      'ready',
    );
    expect(await snapshotRows(finished.id)).toBe(0);
    expect(await snapshotRows(row.id)).toBe(0);
    expect(await snapshotRows(running.id)).toBe(1);
    expect(await snapshotRows(elsewhere.id)).toBe(1);
  });
});
