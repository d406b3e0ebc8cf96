import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiversityReportGroup, DiversityReportResponse } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { callAs, type Caller } from '../../../test/tenant.js';
import { applicants, buildWorld, expectedGroups, queryOf, type Filter, type World } from './test-world.js';

/*
 * GET /organisation/diversity/reports/applicant over the hand-built world of test-world.ts: the
 * people who completed an application in the period, worked out from its plain data.
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
    `/api/organisation/diversity/reports/applicant${query}`,
  );

async function answerFor(filter: Filter, caller: Caller = world.reader) {
  const response = await get(caller, queryOf(filter, caller === world.otherReader ? world.b : world.a));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DiversityReportResponse>();
}

const gender = (answer: DiversityReportResponse) =>
  answer.data.find((group) => group.key === 'gender') as DiversityReportGroup;

describe('GET /organisation/diversity/reports/applicant', () => {
  it('counts each person who completed an application in the period once, whatever became of it', async () => {
    for (const filter of [
      { from: '2026-01-01', to: '2026-12-31' },
      { from: '2025-01-01', to: '2025-12-31' },
      { from: '2026-02-01', to: '2026-07-31' },
    ]) {
      expect(await answerFor(filter)).toEqual({
        data: expectedGroups(world.a, applicants(world.a, filter)),
        meta: { ...filter, team: [], role_profile: [] },
      });
    }
    // 2026: 12 women, 7 men; never the pending application, nor the one of 31 December 2025.
    const year = gender(await answerFor({ from: '2026-01-01', to: '2026-12-31' }));
    expect(year.people).toBe(19);
    expect(year.rows.slice(0, 2).map((row) => [row.label, row.count])).toEqual([
      ['Man', 7],
      ['Woman', 12],
    ]);
  });

  it('takes the day an application was completed in the organisation’s calendar (London, on UTC in winter), both edge days included', async () => {
    for (const filter of [
      { from: '2026-01-01', to: '2026-01-01' },
      { from: '2025-12-31', to: '2025-12-31' },
      { from: '2026-12-31', to: '2026-12-31' },
      { from: '2026-01-02', to: '2026-12-30' },
    ]) {
      expect((await answerFor(filter)).data).toEqual(expectedGroups(world.a, applicants(world.a, filter)));
    }
    // 00:30 on 1 January (2 people) and 23:59 on 31 December (3 people): fewer than five each.
    expect(gender(await answerFor({ from: '2026-01-01', to: '2026-01-01' })).people).toBe('<5');
    expect(gender(await answerFor({ from: '2026-12-31', to: '2026-12-31' })).people).toBe('<5');
    expect(gender(await answerFor({ from: '2026-01-02', to: '2026-12-30' })).people).toBe(14);
  });

  it('narrows to applications to opportunities of the team or role profile asked for', async () => {
    for (const filter of [
      { from: '2026-01-01', to: '2026-12-31', team: ['north' as const] },
      { from: '2026-01-01', to: '2026-12-31', team: ['south' as const] },
      { from: '2026-01-01', to: '2026-12-31', team: ['north' as const, 'south' as const] },
      { from: '2026-01-01', to: '2026-12-31', role: ['steward' as const] },
    ]) {
      expect((await answerFor(filter)).data).toEqual(expectedGroups(world.a, applicants(world.a, filter)));
    }
    expect(gender(await answerFor({ from: '2026-01-01', to: '2026-12-31', team: ['north'] })).people).toBe(
      12,
    );
  });

  it('never counts another organisation’s applicants', async () => {
    const filter = { from: '2026-01-01', to: '2026-12-31' };
    const answer = await answerFor(filter, world.otherReader);
    expect(answer.data).toEqual(expectedGroups(world.b, applicants(world.b, filter)));
    expect(gender(answer).people).toBe(6);
  });

  it('401 without a session; 403 with only one of view-reports and view-diversity-reports', async () => {
    expect((await get(world.a.tenant.anonymous, '')).statusCode).toBe(401);
    expect((await get(world.reportsOnly, '')).statusCode).toBe(403);
    expect((await get(world.diversityOnly, '')).statusCode).toBe(403);
    expect((await get(world.nobody, '')).statusCode).toBe(403);
  });

  it('422 for a reversed period or a role profile that is not an id', async () => {
    const reversed = await get(world.reader, '?from=2026-05-01&to=2026-04-30');
    expect(reversed.statusCode).toBe(422);
    expect(Object.keys(reversed.json<ErrorAnswer>().errors)).toEqual(['querystring.to']);
    const badRole = await get(world.reader, '?role_profile=0');
    expect(badRole.statusCode).toBe(422);
    expect(Object.keys(badRole.json<ErrorAnswer>().errors)).toEqual(['querystring.role_profile.0']);
  });
});
