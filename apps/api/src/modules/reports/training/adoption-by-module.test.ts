import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingAdoptionRow } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import {
  activeModules,
  buildTrainingFixture,
  completedBy,
  getAs,
  inductionOf,
  inPost,
  percent,
  standingOn,
  type Answer,
  type TrainingFixture,
} from './training-fixture.js';

/*
 * GET /analytics/training/adoption-by-module/ over a hand-built organisation: the expected
 * figures are worked out here from the people, roles and inductions listed in plain data.
 */

let ctx: TestContext;
let f: TrainingFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildTrainingFixture(ctx);
});
afterAll(() => ctx?.close());

const PATH = '/analytics/training/adoption-by-module';
const get = (query: string, caller: Parameters<typeof getAs>[1] = f.reader) =>
  getAs(ctx, caller, PATH, query);

function expected(from: string, to: string, teams: ('north' | 'south')[] = []): TrainingAdoptionRow[] {
  const people = inPost(f, to, teams);
  return activeModules(f).map((module) => {
    const inductions = people.map((person) => inductionOf(f, person.id, module.id));
    const holding = inductions.filter((induction) => standingOn(induction, to) === 'valid').length;
    return {
      id: module.id,
      label: module.name,
      compulsory: module.compulsory,
      people: people.length,
      completed_in_period: inductions.filter((induction) => (completedBy(induction, to) ?? '') >= from)
        .length,
      holding,
      adoption_percent: percent(holding, people.length),
    };
  });
}

describe('GET /analytics/training/adoption-by-module/', () => {
  it('gives every active module its completions in the period and holders at its end', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-06-30'],
      ['2026-01-01', '2026-07-01'],
      ['2026-07-01', '2026-07-31'],
      ['2025-06-15', '2025-12-31'],
      ['2025-06-16', '2026-01-09'],
    ] as const) {
      const response = await get(`?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Answer<TrainingAdoptionRow>>()).toEqual({
        data: expected(from, to),
        meta: { from, to, team: [], role_profile: [] },
      });
    }
  });

  it('counts a completion on the first day of the period, and not the day before', async () => {
    const fire = (rows: TrainingAdoptionRow[]) =>
      rows.find((row) => row.label === 'Fire safety')?.completed_in_period;
    expect(fire((await get('?from=2026-03-01&to=2026-06-30')).json<Answer<TrainingAdoptionRow>>().data)).toBe(
      1,
    );
    expect(fire((await get('?from=2026-03-02&to=2026-06-30')).json<Answer<TrainingAdoptionRow>>().data)).toBe(
      0,
    );
  });

  it('lists optional modules, unused ones with zeros, and leaves out retired ones', async () => {
    const rows = (await get('?from=2026-01-01&to=2026-07-31')).json<Answer<TrainingAdoptionRow>>().data;
    // On 31 July Ann (fire safety lapsed in June) and Cat (completed on 10 July) are in post.
    expect(rows.map((row) => [row.label, row.compulsory, row.holding])).toEqual([
      ['Fire safety', true, 1],
      ['Safeguarding', true, 1],
      ['First aid', false, 1],
      ['Radio', false, 0],
    ]);
  });

  it('narrows to the teams asked for', async () => {
    const north = await get(`?from=2026-01-01&to=2026-07-31&team=${f.team.north}`);
    expect(north.json<Answer<TrainingAdoptionRow>>().data).toEqual(
      expected('2026-01-01', '2026-07-31', ['north']),
    );
    const south = await get(`?from=2026-01-01&to=2026-06-30&team=${f.team.south}`);
    expect(south.json<Answer<TrainingAdoptionRow>>().data).toEqual(
      expected('2026-01-01', '2026-06-30', ['south']),
    );
  });

  it('answers with or without the trailing slash', async () => {
    expect((await getAs(ctx, f.reader, `${PATH}/`, '')).statusCode).toBe(200);
  });

  it('never counts another organisation’s modules', async () => {
    const rows = (await get('?to=2026-06-30', f.otherReader)).json<Answer<TrainingAdoptionRow>>().data;
    expect(rows.map((row) => [row.label, row.people, row.holding])).toEqual([['Fire safety', 1, 1]]);
  });

  it('401 without a session, 403 without view-reports, 422 for a date that does not exist', async () => {
    expect((await get('', f.a.anonymous)).statusCode).toBe(401);
    expect((await get('', f.nobody)).statusCode).toBe(403);
    const bad = await get('?from=2026-13-01');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<Answer<TrainingAdoptionRow>>().errors)).toEqual(['querystring.from']);
  });
});
