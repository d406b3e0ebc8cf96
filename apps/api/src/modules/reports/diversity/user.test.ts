import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiversityReportGroup, DiversityReportResponse } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { callAs, type Caller } from '../../../test/tenant.js';
import { buildWorld, expectedGroups, queryOf, volunteers, type Filter, type World } from './test-world.js';

/*
 * GET /organisation/diversity/reports/user (and the team report, the same call with `team`) over
 * the hand-built world of test-world.ts: expected groups worked out from its plain data.
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
    `/api/organisation/diversity/reports/user${query}`,
  );

async function answerFor(filter: Filter, caller: Caller = world.reader) {
  const organisation = caller === world.otherReader ? world.b : world.a;
  const response = await get(caller, queryOf(filter, organisation));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DiversityReportResponse>();
}

const groupOf = (answer: DiversityReportResponse, key: string) =>
  answer.data.find((group) => group.key === key) as DiversityReportGroup;

describe('GET /organisation/diversity/reports/user', () => {
  it('counts the people volunteering in the period per category and own question', async () => {
    for (const filter of [
      { from: '2026-01-01', to: '2026-12-31' },
      { from: '2025-01-01', to: '2025-12-31' },
      { from: '2026-06-01', to: '2026-06-30' },
    ]) {
      const answer = await answerFor(filter);
      expect(answer).toEqual({
        data: expectedGroups(world.a, volunteers(world.a, filter)),
        meta: { ...filter, team: [], role_profile: [] },
      });
    }
  });

  it('shows 1 to 4 people as <5 and hides the largest other cell beside them', async () => {
    const gender = groupOf(await answerFor({ from: '2026-01-01', to: '2026-12-31' }), 'gender');
    // 29 people: 7 men, 16 women, 2 non-binary, 1 prefer not to say, 3 not answered.
    expect(gender.people).toBe(29);
    expect(gender.rows.map((row) => [row.label, row.count])).toEqual([
      ['Man', 7],
      ['Woman', 'hidden'],
      ['Non-binary', '<5'],
      ['Other', 0],
      ['Prefer not to say', '<5'],
      ['Not answered', '<5'],
    ]);
    // The multiple choice: 2 chose Sight and Hearing, 1 Other; 26 were not asked or did not answer.
    const answer = await answerFor({ from: '2026-01-01', to: '2026-12-31' });
    const which = groupOf(answer, `question-${world.a.question.which.id}`);
    expect(which.multiple).toBe(true);
    expect(which.rows.filter((row) => row.kind === 'option').map((row) => row.count)).toEqual([
      '<5',
      '<5',
      '<5',
    ]);
  });

  it('includes both edge days: a period ending on the first day or starting on the last day counts', async () => {
    for (const filter of [
      { from: '2026-01-01', to: '2026-01-01' },
      { from: '2025-12-31', to: '2025-12-31' },
      { from: '2026-12-31', to: '2026-12-31' },
      { from: '2027-01-01', to: '2027-01-01' },
    ]) {
      expect((await answerFor(filter)).data).toEqual(expectedGroups(world.a, volunteers(world.a, filter)));
    }
    // Left on 1 January 2026 still counts on that day; left on 31 December 2025 counts then only.
    expect(groupOf(await answerFor({ from: '2026-01-01', to: '2026-01-01' }), 'gender').people).toBe(23);
    expect(groupOf(await answerFor({ from: '2025-12-31', to: '2025-12-31' }), 'gender').people).toBe(25);
    // Joined on 31 December 2026.
    expect(groupOf(await answerFor({ from: '2026-12-31', to: '2026-12-31' }), 'gender').people).toBe(28);
  });

  it('is the team report with `team`, and narrows by role profile', async () => {
    for (const filter of [
      { from: '2026-01-01', to: '2026-12-31', team: ['north' as const] },
      { from: '2026-01-01', to: '2026-12-31', team: ['south' as const] },
      { from: '2026-01-01', to: '2026-12-31', team: ['north' as const, 'south' as const] },
      { from: '2025-01-01', to: '2025-12-31', team: ['east' as const] },
      { from: '2026-01-01', to: '2026-12-31', role: ['steward' as const] },
    ]) {
      const answer = await answerFor(filter);
      expect(answer.data).toEqual(expectedGroups(world.a, volunteers(world.a, filter)));
    }
    expect(
      groupOf(await answerFor({ from: '2026-01-01', to: '2026-12-31', team: ['north'] }), 'gender').people,
    ).toBe(20);
  });

  it('shows <5 for every figure of a team of fewer than five', async () => {
    // East in 2026: one volunteer (the other left East in 2025).
    const answer = await answerFor({ from: '2026-01-01', to: '2026-12-31', team: ['east'] });
    for (const group of answer.data) {
      expect(group.people).toBe('<5');
      expect(group.rows.every((row) => row.count === '<5')).toBe(true);
    }
  });

  it('never counts another organisation’s people, answers or questions', async () => {
    const filter = { from: '2026-01-01', to: '2026-12-31' };
    const answer = await answerFor(filter, world.otherReader);
    expect(answer.data).toEqual(expectedGroups(world.b, volunteers(world.b, filter)));
    expect(groupOf(answer, 'gender').people).toBe(6);
    const questionIds = answer.data.flatMap((group) =>
      group.question_id === null ? [] : [group.question_id],
    );
    expect(questionIds).not.toContain(world.a.question.carer.id);
    const ownA = await answerFor(filter);
    expect(ownA.data.flatMap((group) => (group.question_id === null ? [] : [group.question_id]))).toEqual([
      world.a.question.disabled.id,
      world.a.question.which.id,
      world.a.question.language.id,
      world.a.question.carer.id,
    ]);
  });

  it('401 without a session; 403 with only one of view-reports and view-diversity-reports', async () => {
    expect((await get(world.a.tenant.anonymous, '')).statusCode).toBe(401);
    expect((await get(world.reportsOnly, '')).statusCode).toBe(403);
    expect((await get(world.diversityOnly, '')).statusCode).toBe(403);
    expect((await get(world.nobody, '')).statusCode).toBe(403);
    // Refused before the query is read.
    expect((await get(world.reportsOnly, '?from=nonsense')).statusCode).toBe(403);
  });

  it('422 for a period that ends before it starts, a date that does not exist, or a team that is not an id', async () => {
    const reversed = await get(world.reader, '?from=2026-05-01&to=2026-04-30');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json<ErrorAnswer>().errors).toEqual({
      'querystring.to': ['The end of the period must be on or after its start.'],
    });
    const badDate = await get(world.reader, '?to=2026-02-30');
    expect(badDate.statusCode).toBe(422);
    expect(Object.keys(badDate.json<ErrorAnswer>().errors)).toEqual(['querystring.to']);
    const badTeam = await get(world.reader, '?team=north');
    expect(badTeam.statusCode).toBe(422);
    expect(Object.keys(badTeam.json<ErrorAnswer>().errors)).toEqual(['querystring.team.0']);
  });

  it('defaults to the twelve months to today', async () => {
    const response = await get(world.reader, '');
    expect(response.statusCode).toBe(200);
    expect(response.json<DiversityReportResponse>().meta.to).toBe(new Date().toISOString().slice(0, 10));
  });
});
