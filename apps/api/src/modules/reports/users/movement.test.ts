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
} from '../starters-leavers/test-support.js';

/*
 * GET /reports/users/{leaving-reasons,leavers,new-starters,volunteering-length} over the
 * hand-built organisation of starters-leavers/test-support.ts: every answer is compared with the
 * one worked out there in plain JavaScript, and the main period's figures are also spelt out.
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

const MAIN: Ask = { from: '2026-01-01', to: '2026-06-30' };

type Row = { id: number | null; label: string; count: number };
type Answer<T = Row> = { data: T[]; meta: ReturnType<typeof metaOf>; errors: Record<string, string[]> };

const get = (caller: Caller | { host: string }, path: string) =>
  callAs(ctx.app, 'headers' in caller ? caller.headers : caller, 'GET', `/api/reports/users/${path}`);

async function answer<T = Row>(path: string, ask: Ask): Promise<Answer<T>> {
  const response = await get(reader, `${path}${queryOf(data, ask)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer<T>>();
}

const figures = (body: Answer) => body.data.map((row) => [row.label, row.count]);

const CALLS: [string, (ask: Ask) => unknown][] = [
  ['leaving-reasons', (ask) => expected.leavingReasons(ask)],
  ['leavers', (ask) => expected.movementByTeam(ask, 'leaves')],
  ['new-starters', (ask) => expected.movementByTeam(ask, 'starts')],
  ['volunteering-length', (ask) => expected.volunteeringLength(ask)],
];

describe('GET /reports/users/{leaving-reasons,leavers,new-starters,volunteering-length}', () => {
  it.each(CALLS)(
    '%s answers the figures worked out from the plan, for every period and filter',
    async (path, model) => {
      for (const ask of ASKS) {
        const body = await answer(path, ask);
        expect(body, `${path} ${JSON.stringify(ask)}`).toEqual({ data: model(ask), meta: metaOf(data, ask) });
      }
    },
  );

  it('leaving-reasons: leavers of the first and last day count; "Not recorded" gathers the rest', async () => {
    expect(figures(await answer('leaving-reasons', MAIN))).toEqual([
      ['Moved away', 2],
      ['Retired', 1],
      ['No time', 0],
      ['Unused reason', 0],
      ['Not recorded', 1],
    ]);
    // A day wider each side takes in Kim (left the day before) and Eve (the day after), for want of time.
    expect(figures(await answer('leaving-reasons', { from: '2025-12-31', to: '2026-07-01' }))).toEqual([
      ['Moved away', 2],
      ['No time', 2],
      ['Retired', 1],
      ['Unused reason', 0],
      ['Not recorded', 1],
    ]);
  });

  it('new-starters and leavers: per team, a person in two teams in both, "No team" for no role', async () => {
    // Starts: Cat and Gus (north), Dan (south), Ivy (both), Hal (no role).
    expect(figures(await answer('new-starters', MAIN))).toEqual([
      ['north', 3],
      ['south', 2],
      ['east', 0],
      ['No team', 1],
    ]);
    // Leaves: Bob and Fay (south), Gus (north), Ivy (both).
    expect(figures(await answer('leavers', MAIN))).toEqual([
      ['south', 3],
      ['north', 2],
      ['east', 0],
    ]);
    expect(figures(await answer('leavers', { ...MAIN, team: ['north'] }))).toEqual([['north', 2]]);
    // Drivers only: Dan (south) and Ivy (both).
    expect(figures(await answer('new-starters', { ...MAIN, role: ['driver'] }))).toEqual([
      ['south', 2],
      ['north', 1],
      ['east', 0],
    ]);
  });

  it('volunteering-length: completed months at the close of the last day, boundaries included', async () => {
    const body = await answer<{ key: string; count: number }>('volunteering-length', MAIN);
    // Dan joined on the last day; Gus rejoined exactly three months before the close, Mia exactly
    // two years; Ned is a day short of two years; Ann has more than five.
    expect(body.data.map((row) => [row.key, row.count])).toEqual([
      ['under-3-months', 1],
      ['3-to-12-months', 4],
      ['1-to-2-years', 1],
      ['2-to-5-years', 2],
      ['5-years-or-more', 1],
    ]);
  });

  it('never counts another organisation’s people, nor narrows to its teams', async () => {
    const query = queryOf(data, MAIN);
    const reasons = (await get(otherReader, `leaving-reasons${query}`)).json<Answer>();
    expect(reasons.data).toEqual([{ id: other.reason, label: 'Moved away', count: 1 }]);
    const starters = (await get(otherReader, `new-starters${query}`)).json<Answer>();
    expect(starters.data).toEqual([{ id: other.team, label: 'north', count: 1 }]);
    const length = (await get(otherReader, `volunteering-length${query}`)).json<Answer>();
    expect(length.data.every((row) => row.count === 0)).toBe(true);
    const foreignTeam = (await get(reader, `new-starters${query}&team=${other.team}`)).json<Answer>();
    expect(foreignTeam.data).toEqual([]);
  });

  it('401 without a session, 403 without view-reports', async () => {
    for (const [path] of CALLS) {
      expect((await get(a.anonymous, path)).statusCode).toBe(401);
      expect((await get(nobody, path)).statusCode).toBe(403);
    }
  });

  it('422 for a period that ends before it starts, a date that does not exist, or a team that is not an id', async () => {
    for (const [path] of CALLS) {
      const reversed = await get(reader, `${path}?from=2026-05-01&to=2026-04-30`);
      expect(reversed.statusCode).toBe(422);
      expect(reversed.json<Answer>().errors).toEqual({
        'querystring.to': ['The end of the period must be on or after its start.'],
      });
      const badDate = await get(reader, `${path}?from=2026-02-30`);
      expect(badDate.statusCode).toBe(422);
      expect(Object.keys(badDate.json<Answer>().errors)).toEqual(['querystring.from']);
      const badTeam = await get(reader, `${path}?team=north`);
      expect(badTeam.statusCode).toBe(422);
      expect(Object.keys(badTeam.json<Answer>().errors)).toEqual(['querystring.team.0']);
    }
  });
});
