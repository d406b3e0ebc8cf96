import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiversityReportGroup, DiversityReportResponse } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { callAs, type Caller } from '../../../test/tenant.js';
import { applicants, buildWorld, expectedGroups, queryOf, type Filter, type World } from './test-world.js';

/*
 * GET /organisation/diversity/reports/cleared-applicant over the hand-built world of
 * test-world.ts: the applicants of the period whose application (that one) has been accepted.
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
    `/api/organisation/diversity/reports/cleared-applicant${query}`,
  );

async function answerFor(filter: Filter, caller: Caller = world.reader) {
  const response = await get(caller, queryOf(filter, caller === world.otherReader ? world.b : world.a));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DiversityReportResponse>();
}

const gender = (answer: DiversityReportResponse) =>
  answer.data.find((group) => group.key === 'gender') as DiversityReportGroup;

describe('GET /organisation/diversity/reports/cleared-applicant', () => {
  it('counts the applicants of the period whose application was accepted', async () => {
    for (const filter of [
      { from: '2026-01-01', to: '2026-12-31' },
      { from: '2025-01-01', to: '2025-12-31' },
      { from: '2026-02-01', to: '2026-07-31' },
    ]) {
      expect(await answerFor(filter)).toEqual({
        data: expectedGroups(world.a, applicants(world.a, filter, true)),
        meta: { ...filter, team: [], role_profile: [] },
      });
    }
    // 2026: 12 of the 19 applicants; submitted, declined and withdrawn ones are not cleared.
    const year = gender(await answerFor({ from: '2026-01-01', to: '2026-12-31' }));
    expect(year.people).toBe(12);
    expect(year.rows.slice(0, 2).map((row) => [row.label, row.count])).toEqual([
      ['Man', 7],
      ['Woman', 5],
    ]);
  });

  it('includes both edge days', async () => {
    for (const filter of [
      { from: '2026-01-01', to: '2026-01-01' },
      { from: '2025-12-31', to: '2025-12-31' },
      { from: '2026-12-31', to: '2026-12-31' },
      { from: '2026-01-01', to: '2026-05-05' },
    ]) {
      expect((await answerFor(filter)).data).toEqual(
        expectedGroups(world.a, applicants(world.a, filter, true)),
      );
    }
    expect(gender(await answerFor({ from: '2026-01-01', to: '2026-05-05' })).people).toBe(7);
  });

  it('with `team`, counts an applicant only when their accepted application is to that team', async () => {
    for (const filter of [
      { from: '2026-01-01', to: '2026-12-31', team: ['north' as const] },
      { from: '2026-01-01', to: '2026-12-31', team: ['south' as const] },
      { from: '2026-01-01', to: '2026-12-31', role: ['steward' as const] },
    ]) {
      expect((await answerFor(filter)).data).toEqual(
        expectedGroups(world.a, applicants(world.a, filter, true)),
      );
    }
    // North: the 3 of 31 December; the 2 declined in North were accepted in South.
    expect(gender(await answerFor({ from: '2026-01-01', to: '2026-12-31', team: ['north'] })).people).toBe(
      '<5',
    );
    expect(gender(await answerFor({ from: '2026-01-01', to: '2026-12-31', team: ['south'] })).people).toBe(9);
  });

  it('never counts another organisation’s applicants', async () => {
    const filter = { from: '2026-01-01', to: '2026-12-31' };
    const answer = await answerFor(filter, world.otherReader);
    expect(answer.data).toEqual(expectedGroups(world.b, applicants(world.b, filter, true)));
    expect(gender(answer).people).toBe(6);
  });

  it('401 without a session; 403 with only one of view-reports and view-diversity-reports', async () => {
    expect((await get(world.a.tenant.anonymous, '')).statusCode).toBe(401);
    expect((await get(world.reportsOnly, '')).statusCode).toBe(403);
    expect((await get(world.diversityOnly, '')).statusCode).toBe(403);
  });

  it('422 for a date that does not exist', async () => {
    const response = await get(world.reader, '?from=2026-13-01');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<ErrorAnswer>().errors)).toEqual(['querystring.from']);
  });
});
