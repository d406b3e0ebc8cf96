import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../../test/tenant.js';
import {
  ASKS,
  buildMovementData,
  buildOtherOrganisation,
  expectations,
  metaOf,
  queryOf,
  type Ask,
  type MovementData,
} from './test-support.js';

/*
 * GET /analytics/starters-leavers/{overview,chart,starters,leavers,leaving-reasons,motivations}/
 * over the hand-built organisation of test-support.ts: every answer is compared with the one
 * worked out there in plain JavaScript, for the main period, its edge days, other periods and the
 * team and role filters.
 */

let ctx: TestContext;
let a: Tenant;
let reader: Caller;
let nobody: Caller;
let otherReader: Caller;
let data: MovementData;
let other: Awaited<ReturnType<typeof buildOtherOrganisation>>;
let expected: ReturnType<typeof expectations>;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.app);
  const b = await createTenant(ctx.app);
  reader = await a.person(['view-reports']);
  nobody = await a.person([]);
  otherReader = await b.person(['view-reports']);
  data = await buildMovementData(ctx.db, a.id);
  other = await buildOtherOrganisation(ctx.db, b.id);
  expected = expectations(data);
});
afterAll(() => ctx?.close());

const BASE = '/api/analytics/starters-leavers';
const MAIN: Ask = { from: '2026-01-01', to: '2026-06-30' };

type Answer<T> = { data: T; meta: ReturnType<typeof metaOf>; errors: Record<string, string[]> };

const get = (caller: Caller | { host: string }, path: string) =>
  callAs(ctx.app, 'headers' in caller ? caller.headers : caller, 'GET', `${BASE}/${path}`);

async function answer<T>(path: string, ask: Ask): Promise<Answer<T>> {
  const response = await get(reader, `${path}/${queryOf(data, ask)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer<T>>();
}

/** The list calls answer one page (the first, of 100) and say how long the whole list is. */
const LIST_CALLS = ['starters', 'leavers'];

/** The `meta` a call answers for an ask: a list call's adds where its page sits. */
function expectedMeta(path: string, ask: Ask, rows: unknown) {
  const meta = metaOf(data, ask);
  return LIST_CALLS.includes(path) && Array.isArray(rows)
    ? { ...meta, current_page: 1, per_page: 100, total: rows.length }
    : meta;
}

/** Each call and the answer the plain-JavaScript model gives for an ask. */
const CALLS: [string, (ask: Ask) => unknown][] = [
  ['overview', (ask) => expected.overview(ask)],
  ['chart', (ask) => expected.chart(ask)],
  ['starters', (ask) => expected.starterRows(ask)],
  ['leavers', (ask) => expected.leaverRows(ask)],
  ['leaving-reasons', (ask) => expected.leavingReasonShares(ask)],
  ['motivations', (ask) => expected.motivationShares(ask)],
];

describe('GET /analytics/starters-leavers/*', () => {
  it.each(CALLS)(
    '%s answers the figures worked out from the plan, for every period and filter',
    async (path, model) => {
      for (const ask of ASKS) {
        const body = await answer(path, ask);
        const rows = model(ask);
        expect(body, `${path} ${JSON.stringify(ask)}`).toEqual({ data: rows, meta: expectedMeta(path, ask, rows) });
      }
    },
  );

  it('overview: the first half of 2026 as counted by hand, edge days included', async () => {
    // At the start: Ann, Bob (leaves on the first day), Eve (joined the day before), Fay, Gus, Leo,
    // Mia, Ned. Starts: Cat (first day), Dan (last day), Gus again, Hal, Ivy. Leaves: Bob (first
    // day), Gus, Ivy, Fay (last day). Eve leaves the day after and Kim left the day before.
    const { data: figures } = await answer<{ at_start: number; turnover_rate: number | null }>(
      'overview',
      MAIN,
    );
    expect(figures).toEqual({
      at_start: 8,
      starters: 5,
      leavers: 4,
      at_end: 9,
      net_change: 1,
      turnover_rate: 47.1,
    });
  });

  it('overview: a period with nobody volunteering has no turnover rate', async () => {
    const { data: figures } = await answer('overview', { from: '2019-01-01', to: '2019-12-31' });
    expect(figures).toEqual({
      at_start: 0,
      starters: 0,
      leavers: 0,
      at_end: 0,
      net_change: 0,
      turnover_rate: null,
    });
  });

  it('chart: one row per month, the first and last cut to the period, adding up to the overview', async () => {
    const ask: Ask = { from: '2025-12-15', to: '2026-02-10' };
    const rows = (
      await answer<{ month: string; from: string; to: string; starters: number; leavers: number }[]>(
        'chart',
        ask,
      )
    ).data;
    expect(rows.map((row) => [row.month, row.from, row.to])).toEqual([
      ['2025-12', '2025-12-15', '2025-12-31'],
      ['2026-01', '2026-01-01', '2026-01-31'],
      ['2026-02', '2026-02-01', '2026-02-10'],
    ]);
    const overview = expected.overview(ask);
    expect(rows.reduce((sum, row) => sum + row.starters, 0)).toBe(overview.starters);
    expect(rows.reduce((sum, row) => sum + row.leavers, 0)).toBe(overview.leavers);
  });

  it('starters and leavers: the edge days count, the days either side do not', async () => {
    const starters = (await answer<{ first_name: string }[]>('starters', MAIN)).data.map(
      (row) => row.first_name,
    );
    expect(starters).toEqual(['Dan', 'Gus', 'Hal', 'Ivy', 'Cat']);
    const leavers = (await answer<{ first_name: string; days_volunteered: number }[]>('leavers', MAIN)).data;
    expect(leavers.map((row) => row.first_name)).toEqual(['Fay', 'Ivy', 'Gus', 'Bob']);
    // Ivy volunteered from 1 February to 31 May, both days included.
    expect(leavers[1]?.days_volunteered).toBe(120);
  });

  it('leaving reasons: an inactive reason shows once given, an unused inactive one does not', async () => {
    const rows = (
      await answer<{ label: string; count: number; percentage: number }[]>('leaving-reasons', MAIN)
    ).data;
    expect(rows.map((row) => [row.label, row.count, row.percentage])).toEqual([
      ['Moved away', 2, 50],
      ['Retired', 1, 25],
      ['No time', 0, 0],
      ['Unused reason', 0, 0],
      ['Not recorded', 1, 25],
    ]);
  });

  it('narrows to a team: only people who held a role in it during the period', async () => {
    const north = (await answer<{ first_name: string }[]>('starters', { ...MAIN, team: ['north'] })).data;
    expect(north.map((row) => row.first_name)).toEqual(['Gus', 'Ivy', 'Cat']);
    const ivy = (
      await answer<{ first_name: string; teams: { name: string }[] }[]>('leavers', {
        ...MAIN,
        team: ['north'],
      })
    ).data.find((row) => row.first_name === 'Ivy');
    // Every team the person was in is shown, not only the one asked for.
    expect(ivy?.teams.map((t) => t.name)).toEqual(['north', 'south']);
  });

  it('answers with and without the trailing slash of the catalogue', async () => {
    for (const [path] of CALLS) {
      expect((await get(reader, `${path}/`)).statusCode).toBe(200);
      expect((await get(reader, path)).statusCode).toBe(200);
    }
  });

  it('never counts another organisation’s people, nor filters by its teams', async () => {
    const query = queryOf(data, MAIN);
    const overview = (await get(otherReader, `overview/${query}`)).json<Answer<unknown>>();
    expect(overview.data).toEqual({
      at_start: 0,
      starters: 1,
      leavers: 1,
      at_end: 0,
      net_change: 0,
      turnover_rate: null,
    });
    const leavers = (await get(otherReader, `leavers/${query}`)).json<Answer<{ membership_id: number }[]>>();
    expect(leavers.data.map((row) => row.membership_id)).toEqual([other.membership]);
    const reasons = (await get(otherReader, `leaving-reasons/${query}`)).json<
      Answer<{ id: number | null }[]>
    >();
    expect(reasons.data.map((row) => row.id)).toEqual([other.reason]);
    const foreignTeam = await get(reader, `overview/?from=2026-01-01&to=2026-06-30&team=${other.team}`);
    expect(foreignTeam.json<Answer<unknown>>().data).toEqual({
      at_start: 0,
      starters: 0,
      leavers: 0,
      at_end: 0,
      net_change: 0,
      turnover_rate: null,
    });
  });

  it('401 without a session, 403 without view-reports', async () => {
    for (const [path] of CALLS) {
      expect((await get(a.anonymous, `${path}/`)).statusCode).toBe(401);
      expect((await get(nobody, `${path}/`)).statusCode).toBe(403);
    }
  });

  it('422 for a period that ends before it starts, a date that does not exist, or a role that is not an id', async () => {
    for (const [path] of CALLS) {
      const reversed = await get(reader, `${path}/?from=2026-05-01&to=2026-04-30`);
      expect(reversed.statusCode).toBe(422);
      expect(reversed.json<Answer<unknown>>().errors).toEqual({
        'querystring.to': ['The end of the period must be on or after its start.'],
      });
      const badDate = await get(reader, `${path}/?to=2026-13-01`);
      expect(badDate.statusCode).toBe(422);
      expect(Object.keys(badDate.json<Answer<unknown>>().errors)).toEqual(['querystring.to']);
      const badRole = await get(reader, `${path}/?role_profile=driver`);
      expect(badRole.statusCode).toBe(422);
      expect(Object.keys(badRole.json<Answer<unknown>>().errors)).toEqual(['querystring.role_profile.0']);
    }
  });
});
