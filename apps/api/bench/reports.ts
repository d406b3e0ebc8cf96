import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { REPORTS } from '../src/modules/reports/reports-list.js';
import { rowsOf } from '../src/modules/reports/sql.js';
import { createSignedInAccount } from '../src/test/factories/auth.js';

/** Issue 12: every report answers within this on the demo data with its history. */
const TARGET_MS = 300;
const RUNS = 7;

/** How one data set is timed: its target, runs per report, and its name in the heading. */
export type ReportsBenchOptions = { targetMs: number; runs: number; data: string };

/** The demo with its history (`npm run bench -- --only reports`). */
export const DEMO_REPORTS_BENCH: ReportsBenchOptions = {
  targetMs: TARGET_MS,
  runs: RUNS,
  data: 'the demo organisation with its history',
};

/** Issue 12: within 2 s on the 1,000,000-user data set (`npm run bench -- --large --only reports`). */
export const LARGE_REPORTS_BENCH: ReportsBenchOptions = {
  targetMs: 2000,
  runs: 3,
  data: 'the 1,000,000-user data set (muster_bench_large)',
};

/**
 * Real ids of the organisation for the reports' path parameters. Only the skill drill-downs take
 * any (`/reports/users/skills/dynamic-skill-category/:id[/user/:userId]`): `id` is a skill (not a
 * skill category, whatever the path says), chosen as the skill with options that most people
 * hold, so the drill-down has the most to count; `userId` is the person holding most of its rows.
 */
async function pathIds(app: FastifyInstance, organisationId: number): Promise<Record<string, number>> {
  const [skill] = await rowsOf<{ id: number }>(
    app.db,
    sql`
      select s.id
      from skills s
      join user_skills us on us.skill_id = s.id and us.organisation_id = ${organisationId}
      where s.organisation_id = ${organisationId}
        and exists (select 1 from dynamic_skills ds where ds.skill_id = s.id and ds.organisation_id = ${organisationId})
      group by s.id
      order by count(*) desc, s.id
      limit 1`,
  );
  if (!skill) {
    throw new Error('the organisation has no skill with options held by anyone: seed its history first');
  }
  const [holder] = await rowsOf<{ id: number }>(
    app.db,
    sql`
      select us.user_id as id
      from user_skills us
      where us.skill_id = ${skill.id} and us.organisation_id = ${organisationId}
      group by us.user_id
      order by count(*) desc, us.user_id
      limit 1`,
  );
  if (!holder) {
    throw new Error(`nobody holds skill ${skill.id}`);
  }
  return { id: skill.id, userId: holder.id };
}

/** The value at the middle of sorted times (the upper middle for an even count). */
function median(sorted: readonly number[]): number {
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Times every report and analytics call (REPORTS) on the organisation's data with the default
 * query (the twelve months to today, no filters), signed in with both report permissions; prints
 * one line each, median and worst of RUNS after a warm-up. Answers false when one misses the
 * target or does not answer 200.
 */
export async function runReportsBench(
  app: FastifyInstance,
  organisationId: number,
  host: string,
  options: ReportsBenchOptions = DEMO_REPORTS_BENCH,
  allowMiss = false,
): Promise<boolean> {
  const { targetMs, runs } = options;
  const reader = await createSignedInAccount(app, organisationId, {
    permissions: ['view-reports', 'view-diversity-reports'],
  });
  const headers = { host, authorization: `Bearer ${reader.token}` };
  const ids = await pathIds(app, organisationId);
  const width = Math.max(...REPORTS.map((report) => report.path.length));
  let failed = false;
  console.log(`\nReports on ${options.data} (target median <= ${targetMs} ms, of ${runs} after a warm-up):`);
  console.log(`     ${'path'.padEnd(width)}   median      worst`);
  for (const report of REPORTS) {
    const url = `/api${report.path.replace(/:(\w+)/g, (_match, name: string) => String(ids[name]))}`;
    await app.inject({ url, headers });
    const times: number[] = [];
    let status = 0;
    for (let run = 0; run < runs; run += 1) {
      const start = performance.now();
      const response = await app.inject({ url, headers });
      times.push(performance.now() - start);
      status = response.statusCode;
    }
    times.sort((a, b) => a - b);
    const worst = times[times.length - 1] ?? 0;
    const ok = status === 200 && median(times) <= targetMs;
    // A wrong answer always fails the run; a missed time only without --allow-miss.
    failed ||= status !== 200 || (!ok && !allowMiss);
    console.log(
      `${ok ? 'ok  ' : 'MISS'} ${report.path.padEnd(width)} ${median(times).toFixed(1).padStart(8)} ms ${worst.toFixed(1).padStart(8)} ms${status === 200 ? '' : `  answered ${status}`}`,
    );
  }
  return !failed;
}
