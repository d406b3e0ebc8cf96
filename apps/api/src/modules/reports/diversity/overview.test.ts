import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DiversityOverviewResponse,
  DiversityOverviewRow,
  DiversityReportResponse,
} from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { callAs, type Caller } from '../../../test/tenant.js';
import { buildWorld, expectedOverview, queryOf, volunteers, type Filter, type World } from './test-world.js';

/*
 * GET /reports/overview/diversity over the hand-built world of test-world.ts: how fully the
 * volunteers of the period answered, worked out from its plain data.
 */

let ctx: TestContext;
let world: World;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildWorld(ctx);
});
afterAll(() => ctx?.close());

type ErrorAnswer = { errors: Record<string, string[]> };

const get = (caller: Caller | { host: string }, path: string, query: string) =>
  callAs(ctx.app, 'headers' in caller ? caller.headers : caller, 'GET', `/api${path}${query}`);

async function answerFor(filter: Filter, caller: Caller = world.reader) {
  const response = await get(
    caller,
    '/reports/overview/diversity',
    queryOf(filter, caller === world.otherReader ? world.b : world.a),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DiversityOverviewResponse>();
}

const rowOf = (answer: DiversityOverviewResponse, key: string) =>
  answer.data.find((row) => row.key === key) as DiversityOverviewRow;

describe('GET /reports/overview/diversity', () => {
  it('answers, per category, own question and age, who answered, preferred not to say and did not', async () => {
    for (const filter of [
      { from: '2026-01-01', to: '2026-12-31' },
      { from: '2025-01-01', to: '2025-12-31' },
      { from: '2026-01-01', to: '2026-01-01' },
      { from: '2026-12-31', to: '2026-12-31' },
    ]) {
      expect(await answerFor(filter)).toEqual({
        data: expectedOverview(world.a, volunteers(world.a, filter), filter.to),
        meta: { ...filter, team: [], role_profile: [] },
      });
    }
  });

  it('shows who answered only when the shown figures give it anyway', async () => {
    const answer = await answerFor({ from: '2026-01-01', to: '2026-12-31' });
    // Language: English 15, Welsh 6, Other 1, none declined, 7 did not answer: 22 answered.
    expect(rowOf(answer, `question-${world.a.question.language.id}`)).toMatchObject({
      people: 29,
      answered: 22,
      prefer_not_to_say: 0,
      not_answered: 7,
    });
    // Gender: 1 declined and 3 did not answer, both <5, so the 25 who answered stay hidden.
    expect(rowOf(answer, 'gender')).toMatchObject({
      people: 29,
      answered: 'hidden',
      prefer_not_to_say: '<5',
      not_answered: '<5',
    });
    expect(rowOf(answer, 'age').prefer_not_to_say).toBeNull();
  });

  it('gives away nothing the user report hides: every figure shown is one the user report gives', async () => {
    const query = '?from=2026-01-01&to=2026-12-31';
    const overview = (
      await get(world.reader, '/reports/overview/diversity', query)
    ).json<DiversityOverviewResponse>();
    const user = (
      await get(world.reader, '/organisation/diversity/reports/user', query)
    ).json<DiversityReportResponse>();
    for (const group of user.data) {
      const row = rowOf(overview, group.key);
      const byKind = (kind: string) => group.rows.find((item) => item.kind === kind)?.count;
      expect(row.prefer_not_to_say).toEqual(byKind('prefer_not_to_say'));
      expect(row.not_answered).toEqual(byKind('not_answered'));
      if (typeof row.answered === 'number') {
        const options = group.rows.filter((item) => item.kind === 'option').map((item) => item.count);
        const rest = [byKind('prefer_not_to_say'), byKind('not_answered')];
        const fromOptions = !group.multiple && options.every((count) => typeof count === 'number');
        const fromRest = rest.every((count) => typeof count === 'number');
        expect(fromOptions || fromRest).toBe(true);
      }
    }
  });

  it('narrows to a team or role profile', async () => {
    for (const filter of [
      { from: '2026-01-01', to: '2026-12-31', team: ['north' as const] },
      { from: '2026-01-01', to: '2026-12-31', team: ['east' as const] },
      { from: '2026-01-01', to: '2026-12-31', role: ['steward' as const] },
    ]) {
      expect((await answerFor(filter)).data).toEqual(
        expectedOverview(world.a, volunteers(world.a, filter), filter.to),
      );
    }
  });

  it('never counts another organisation’s people', async () => {
    const filter = { from: '2026-01-01', to: '2026-12-31' };
    const answer = await answerFor(filter, world.otherReader);
    expect(answer.data).toEqual(expectedOverview(world.b, volunteers(world.b, filter), filter.to));
    expect(rowOf(answer, 'gender').people).toBe(6);
  });

  it('401 without a session; 403 with only one of view-reports and view-diversity-reports', async () => {
    const path = '/reports/overview/diversity';
    expect((await get(world.a.tenant.anonymous, path, '')).statusCode).toBe(401);
    expect((await get(world.reportsOnly, path, '')).statusCode).toBe(403);
    expect((await get(world.diversityOnly, path, '')).statusCode).toBe(403);
  });

  it('422 for a team that is not an id', async () => {
    const response = await get(world.reader, '/reports/overview/diversity', '?team=1.5');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<ErrorAnswer>().errors)).toEqual(['querystring.team.0']);
  });
});
