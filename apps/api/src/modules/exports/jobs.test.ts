import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { reportResponseSchema } from '@muster/contract';
import { dataExports, userEmailAddresses } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { defineReport, type ReportDefinition, type ReportScope } from '../reports/report.js';
import { buildExport, ExportAbortedError, type BuildDeps, type ExportLease } from './jobs.js';
import { insertExport, requeueOrphanedExports, type ExportRow } from './repository.js';
import { readCsv } from './test-factories.js';

/*
 * Building report exports, through `buildExport` with report definitions made here: how a
 * report's rows become columns, what a failing or vanished report leaves, and a build that loses
 * its export (deleted) or is interrupted (the server stopping). Then the lease of a running
 * export: the heartbeat a build renews, and what counts as orphaned.
 */

let ctx: TestContext;
let a: Tenant;
let requesterId: number;
let directory: string;

/** Rows with nested values, lists, booleans, nulls and formula-looking text. */
const ROWS = [
  {
    id: 1,
    label: '=cmd|" /C calc"!A0',
    count: 3,
    team: { id: 7, name: 'North' },
    tags: ['a', 'b'],
    active: true,
  },
  { id: null, label: 'None', count: -2, team: { id: 8, name: '@South' }, tags: [], active: false },
  { id: 3, label: 'Plain', count: 0, team: null, tags: ['+x'], active: null },
];

const rowSchema = z.object({
  id: z.number().nullable(),
  label: z.string(),
  count: z.number(),
  team: z.object({ id: z.number(), name: z.string() }).nullable(),
  tags: z.array(z.string()),
  active: z.boolean().nullable(),
});

function report(run: (scope: ReportScope) => Promise<unknown>): ReportDefinition {
  return defineReport({
    path: '/test/report',
    summary: 'Test report',
    description: 'Rows made by the test.',
    response: reportResponseSchema(rowSchema, 'Rows.'),
    run,
  });
}

function depsWith(definition: ReportDefinition | undefined, batchSize = 2): BuildDeps {
  return {
    db: ctx.db,
    findReport: (wanted) => (definition && wanted === definition.path ? definition : undefined),
    batchSize,
    directory,
    outbox: ctx.app.outbox,
    publicOrigin: ctx.config.publicOrigin,
    log: { error: () => undefined, warn: () => undefined },
  };
}

async function queued(
  query: Record<string, unknown> = { from: '2026-01-01', to: '2026-12-31' },
): Promise<ExportRow> {
  return insertExport(ctx.db, {
    organisationId: a.id,
    requestedBy: requesterId,
    kind: 'report',
    report: '/test/report',
    columns: [],
    query,
  });
}

async function rowOf(id: number): Promise<ExportRow | undefined> {
  const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

function filesIn(): string[] {
  const folder = path.join(directory, String(a.id));
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

beforeAll(async () => {
  // The app's own queue must never take this file's exports for orphans: only the tests' calls do.
  ctx = await createTestContext({ exportStaleAfterMs: 24 * 60 * 60 * 1000 });
  a = await createTenant(ctx.app);
  requesterId = (await a.person(['view-reports'])).id;
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-export-jobs-'));
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe('a report export', () => {
  it('writes the report’s rows for its stored period: schema order, nested columns, cells escaped', async () => {
    let seen: ReportScope | undefined;
    const definition = report(async (scope) => {
      seen = scope;
      return { data: ROWS, meta: { ...scope.period, team: scope.team, role_profile: scope.roleProfile } };
    });
    const row = await queued({ from: '2026-02-01', to: '2026-02-28', team: [4] });
    expect(await buildExport(depsWith(definition), row.id, new AbortController().signal)).toBe('ready');
    expect(seen).toMatchObject({
      organisationId: a.id,
      period: { from: '2026-02-01', to: '2026-02-28' },
      team: [4],
      roleProfile: [],
    });
    expect(seen?.userId).toBe(requesterId);

    const done = await rowOf(row.id);
    expect(done).toMatchObject({ status: 'ready', rowsDone: 3, rowsTotal: 3 });
    expect(done?.columns).toEqual(['id', 'label', 'count', 'team.id', 'team.name', 'tags', 'active']);
    const expected = [
      ['Id', 'Label', 'Count', 'Team id', 'Team name', 'Tags', 'Active'],
      ['1', `'=cmd|" /C calc"!A0`, '3', '7', 'North', 'a; b', 'Yes'],
      ['', 'None', '-2', '8', `'@South`, '', 'No'],
      ['3', 'Plain', '0', '', '', `'+x`, ''],
    ];
    const csv = readCsv(fs.readFileSync(path.join(directory, done?.csvFile ?? '')));
    expect(csv).toEqual(expected);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(directory, done?.xlsxFile ?? ''));
    const sheet = workbook.worksheets[0];
    const cells = (rowNumber: number) =>
      expected[0]?.map((_, index) => sheet?.getRow(rowNumber).getCell(index + 1).value ?? null);
    expect(cells(2)).toEqual([1, `'=cmd|" /C calc"!A0`, 3, 7, 'North', 'a; b', 'Yes']);
    // A negative number stays a number: only text is escaped.
    expect(cells(3)).toEqual([null, 'None', -2, 8, `'@South`, null, 'No']);
  });

  it('writes only the headings when the report has no rows', async () => {
    const definition = report(async () => ({ data: [] }));
    const row = await queued();
    expect(await buildExport(depsWith(definition), row.id, new AbortController().signal)).toBe('ready');
    const done = await rowOf(row.id);
    const csv = readCsv(fs.readFileSync(path.join(directory, done?.csvFile ?? '')));
    expect(csv).toEqual([['Id', 'Label', 'Count', 'Team', 'Tags', 'Active']]);
    expect(done).toMatchObject({ rowsDone: 0, rowsTotal: 0 });
  });

  it('fails, saying so and leaving no files, when the report throws or is no longer there', async () => {
    const before = filesIn().length;
    const broken = await queued();
    const failing = report(async () => {
      throw new Error('relation "x" does not exist');
    });
    expect(await buildExport(depsWith(failing), broken.id, new AbortController().signal)).toBe('failed');
    expect(await rowOf(broken.id)).toMatchObject({ status: 'failed', csvFile: null, runToken: null });
    // The database's words stay in the log, not in the requester's record.
    expect((await rowOf(broken.id))?.error).toMatch(/^The export could not be built/);

    const gone = await queued();
    expect(await buildExport(depsWith(undefined), gone.id, new AbortController().signal)).toBe('failed');
    expect((await rowOf(gone.id))?.error).toBe('This report is no longer available.');
    expect(filesIn().length).toBe(before);
  });

  it('is built once: a ready or failed export is skipped', async () => {
    const definition = report(async () => ({ data: ROWS }));
    const row = await queued();
    expect(await buildExport(depsWith(definition), row.id, new AbortController().signal)).toBe('ready');
    expect(await buildExport(depsWith(definition), row.id, new AbortController().signal)).toBe('skipped');
    expect((await rowOf(row.id))?.attempts).toBe(1);
  });

  it('stops and removes its files when the export is deleted while it builds', async () => {
    const before = filesIn().length;
    const row = await queued();
    const definition = report(async () => {
      await ctx.db.delete(dataExports).where(eq(dataExports.id, row.id));
      return { data: ROWS };
    });
    expect(await buildExport(depsWith(definition), row.id, new AbortController().signal)).toBe('superseded');
    expect(filesIn().length).toBe(before);
  });

  it('goes back in the queue, its files removed, when the server stops in the middle', async () => {
    const before = filesIn().length;
    const controller = new AbortController();
    const row = await queued();
    const definition = report(async () => {
      controller.abort();
      return { data: ROWS };
    });
    await expect(buildExport(depsWith(definition, 1), row.id, controller.signal)).rejects.toBeInstanceOf(
      ExportAbortedError,
    );
    expect(await rowOf(row.id)).toMatchObject({ status: 'queued', rowsDone: 0, runToken: null, attempts: 1 });
    expect(filesIn().length).toBe(before);
  });

  it('is ready without an email when the requester has no address', async () => {
    await ctx.db.delete(userEmailAddresses).where(eq(userEmailAddresses.userId, requesterId));
    const row = await queued();
    expect(
      await buildExport(depsWith(report(async () => ({ data: [] }))), row.id, new AbortController().signal),
    ).toBe('ready');
    expect(await rowOf(row.id)).toMatchObject({ status: 'ready', emailedAt: null });
  });
});

describe('the lease of a running export', () => {
  /** A short stale limit and a quick heartbeat, so that renewals are seen within a test. */
  const lease: ExportLease = { staleAfterMs: 3_000, heartbeatMs: 50 };
  const anHourAgo = () => new Date(Date.now() - 60 * 60 * 1000);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Makes the export look held by another build: running under `token`, its heartbeat `at`. */
  async function heldBy(id: number, token: string, at: Date | 'now'): Promise<void> {
    await ctx.db
      .update(dataExports)
      .set({
        status: 'running',
        runToken: token,
        rowsDone: 40,
        attempts: 1,
        heartbeatAt: at === 'now' ? sql`now()` : at,
      })
      .where(eq(dataExports.id, id));
  }

  it('is renewed on a timer while the build runs, through one long step that writes no page', async () => {
    const seen: (Date | null | undefined)[] = [];
    let id = 0;
    const definition = report(async () => {
      // The report's query: one long step. Only the timer can renew the lease meanwhile.
      for (let look = 0; look < 4; look += 1) {
        seen.push((await rowOf(id))?.heartbeatAt);
        await sleep(250);
      }
      return { data: ROWS };
    });
    id = (await queued()).id;
    expect(await buildExport(depsWith(definition), id, new AbortController().signal, { lease })).toBe(
      'ready',
    );
    const times = seen.map((at) => at?.getTime() ?? Number.NaN);
    expect(times.every((time) => Number.isFinite(time))).toBe(true);
    for (let look = 1; look < times.length; look += 1) {
      expect(times[look]).toBeGreaterThan(times[look - 1] ?? Number.POSITIVE_INFINITY);
    }
  });

  it('is not renewed by a build that lost the export to another', async () => {
    const row = await queued();
    const past = anHourAgo();
    let seen: Date | null | undefined;
    const definition = report(async () => {
      // A newer build takes the export over; its heartbeat is as that build left it.
      await heldBy(row.id, 'newer-build', past);
      await sleep(300);
      seen = (await rowOf(row.id))?.heartbeatAt;
      return { data: ROWS };
    });
    expect(await buildExport(depsWith(definition), row.id, new AbortController().signal, { lease })).toBe(
      'superseded',
    );
    expect(seen).toEqual(past);
    expect(await rowOf(row.id)).toMatchObject({
      status: 'running',
      runToken: 'newer-build',
      heartbeatAt: past,
    });
    await ctx.db.delete(dataExports).where(eq(dataExports.id, row.id));
  });

  it('keeps a second job off an export whose build is alive, and lets it take one whose heartbeat is stale', async () => {
    const row = await queued();
    const definition = report(async () => ({ data: ROWS }));
    await heldBy(row.id, 'live-elsewhere', 'now');
    expect(await buildExport(depsWith(definition), row.id, new AbortController().signal, { lease })).toBe(
      'skipped',
    );
    expect(await rowOf(row.id)).toMatchObject({ status: 'running', runToken: 'live-elsewhere', attempts: 1 });

    await heldBy(row.id, 'dead-build', anHourAgo());
    expect(await buildExport(depsWith(definition), row.id, new AbortController().signal, { lease })).toBe(
      'ready',
    );
    expect(await rowOf(row.id)).toMatchObject({ status: 'ready', runToken: null, rowsDone: 3, attempts: 2 });
  });

  it('orphans only running exports with a stale heartbeat, requeued once among several sweepers', async () => {
    const alive = await queued();
    const dead = await queued();
    const waiting = await queued();
    await heldBy(alive.id, 'alive', 'now');
    await heldBy(dead.id, 'dead', anHourAgo());
    const mine = [alive.id, dead.id, waiting.id];

    // Two processes sweeping at the same moment (two connections on PostgreSQL).
    const swept = await Promise.all([
      requeueOrphanedExports(ctx.db, lease.staleAfterMs),
      requeueOrphanedExports(ctx.db, lease.staleAfterMs),
    ]);
    expect(swept.flat().filter((id) => mine.includes(id))).toEqual([dead.id]);
    expect(await rowOf(dead.id)).toMatchObject({
      status: 'queued',
      runToken: null,
      rowsDone: 0,
      heartbeatAt: null,
      attempts: 1,
    });
    expect(await rowOf(alive.id)).toMatchObject({ status: 'running', runToken: 'alive', rowsDone: 40 });
    expect(await rowOf(waiting.id)).toMatchObject({ status: 'queued', runToken: null });

    // With no stale limit at all (the embedded database's start), every running export is orphaned.
    expect((await requeueOrphanedExports(ctx.db, 0)).filter((id) => mine.includes(id))).toEqual([alive.id]);
    await ctx.db.delete(dataExports).where(eq(dataExports.id, waiting.id));
    await ctx.db.delete(dataExports).where(eq(dataExports.id, dead.id));
  });
});
