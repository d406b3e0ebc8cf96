import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiversityAgeReportResponse } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { callAs, type Caller } from '../../../test/tenant.js';
import {
  ageOn,
  buildWorld,
  expectedAges,
  queryOf,
  volunteers,
  type Filter,
  type World,
} from './test-world.js';

/*
 * GET /organisation/diversity/reports/user-dob over the hand-built world of test-world.ts: the
 * volunteers of the period by age on its last day, worked out from their dates of birth.
 */

let ctx: TestContext;
let world: World;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildWorld(ctx);
});
afterAll(() => ctx?.close());

type ErrorAnswer = { errors: Record<string, string[]> };

const get = (caller: Caller | { host: string }, query: string) =>
  callAs(
    ctx.app,
    'headers' in caller ? caller.headers : caller,
    'GET',
    `/api/organisation/diversity/reports/user-dob${query}`,
  );

async function answerFor(filter: Filter, caller: Caller = world.reader) {
  const response = await get(caller, queryOf(filter, caller === world.otherReader ? world.b : world.a));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DiversityAgeReportResponse>();
}

describe('GET /organisation/diversity/reports/user-dob', () => {
  it('works out ages as the test does', () => {
    expect(ageOn('2008-12-31', '2026-12-31')).toBe(18);
    expect(ageOn('2008-12-31', '2026-12-30')).toBe(17);
    expect(ageOn('1960-02-29', '2025-02-28')).toBe(64);
    expect(ageOn('1960-02-29', '2025-03-01')).toBe(65);
  });

  it('counts the volunteers of the period by age band on its last day, then no date of birth', async () => {
    for (const filter of [
      { from: '2026-01-01', to: '2026-12-31' },
      { from: '2025-01-01', to: '2025-12-31' },
      { from: '2026-06-01', to: '2026-06-30' },
    ]) {
      expect(await answerFor(filter)).toEqual({
        data: [expectedAges(volunteers(world.a, filter), filter.to)],
        meta: { ...filter, team: [], role_profile: [] },
      });
    }
    const [age] = (await answerFor({ from: '2026-01-01', to: '2026-12-31' })).data;
    // 29 people: 2 aged 18 to 24, 7 aged 25 to 34, 11 aged 35 to 44, 8 aged 65 and over, 1 not given.
    expect(age?.people).toBe(29);
    expect(age?.rows.map((row) => [row.key, row.count])).toEqual([
      ['under-18', 0],
      ['18-24', '<5'],
      ['25-34', 7],
      ['35-44', 'hidden'],
      ['45-54', 0],
      ['55-64', 0],
      ['65-plus', 8],
      ['not-answered', '<5'],
    ]);
  });

  it('takes the age on the last day: a birthday on that day counts, the next day does not', async () => {
    for (const filter of [
      { from: '2026-06-01', to: '2026-12-30' },
      { from: '2026-12-31', to: '2026-12-31' },
      { from: '2026-01-01', to: '2026-01-01' },
    ]) {
      expect((await answerFor(filter)).data).toEqual([expectedAges(volunteers(world.a, filter), filter.to)]);
    }
  });

  it('narrows to a team (the team report) or role profile', async () => {
    for (const filter of [
      { from: '2026-01-01', to: '2026-12-31', team: ['north' as const] },
      { from: '2026-01-01', to: '2026-12-31', team: ['south' as const] },
      { from: '2026-01-01', to: '2026-12-31', role: ['steward' as const] },
    ]) {
      expect((await answerFor(filter)).data).toEqual([expectedAges(volunteers(world.a, filter), filter.to)]);
    }
  });

  it('never counts another organisation’s people', async () => {
    const filter = { from: '2026-01-01', to: '2026-12-31' };
    const answer = await answerFor(filter, world.otherReader);
    expect(answer.data).toEqual([expectedAges(volunteers(world.b, filter), filter.to)]);
    expect(answer.data[0]?.people).toBe(6);
  });

  it('401 without a session; 403 with only one of view-reports and view-diversity-reports', async () => {
    expect((await get(world.a.tenant.anonymous, '')).statusCode).toBe(401);
    expect((await get(world.reportsOnly, '')).statusCode).toBe(403);
    expect((await get(world.diversityOnly, '')).statusCode).toBe(403);
  });

  it('422 for a reversed period', async () => {
    const response = await get(world.reader, '?from=2026-05-01&to=2026-04-30');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<ErrorAnswer>().errors)).toEqual(['querystring.to']);
  });
});
