import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingByUserRow } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import {
  activeModules,
  buildTrainingFixture,
  completedBy,
  getAs,
  inductionOf,
  inPost,
  standingOn,
  type Answer,
  type TrainingFixture,
} from './training-fixture.js';

/*
 * GET /analytics/training/by-user/ over a hand-built organisation: the expected figures are
 * worked out here from the people, roles and inductions listed in plain data.
 */

let ctx: TestContext;
let f: TrainingFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildTrainingFixture(ctx);
});
afterAll(() => ctx?.close());

const PATH = '/analytics/training/by-user';
const get = (query: string, caller: Parameters<typeof getAs>[1] = f.reader) =>
  getAs(ctx, caller, PATH, query);

function expected(to: string, teams: ('north' | 'south')[] = []): TrainingByUserRow[] {
  const modules = activeModules(f);
  const compulsory = modules.filter((module) => module.compulsory);
  return inPost(f, to, teams)
    .map((person) => {
      const standing = (module: { id: number }) => standingOn(inductionOf(f, person.id, module.id), to);
      const valid = compulsory.filter((module) => standing(module) === 'valid').length;
      const expired = compulsory.filter((module) => standing(module) === 'expired').length;
      const days = modules
        .map((module) => completedBy(inductionOf(f, person.id, module.id), to))
        .filter((day): day is string => day !== null)
        .sort();
      return {
        id: person.id,
        label: person.name,
        compulsory_modules: compulsory.length,
        compulsory_valid: valid,
        compulsory_expired: expired,
        compulsory_outstanding: compulsory.length - valid - expired,
        modules_valid: modules.filter((module) => standing(module) === 'valid').length,
        last_completed_on: days.at(-1) ?? null,
      };
    })
    .sort((x, y) => x.label.localeCompare(y.label) || x.id - y.id);
}

describe('GET /analytics/training/by-user/', () => {
  it('gives each person in post on the last day their compulsory standing', async () => {
    for (const to of ['2026-06-30', '2026-07-01', '2026-06-14', '2026-06-15', '2025-12-31', '2027-08-01']) {
      const response = await get(`?from=2025-01-01&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      const rows = expected(to);
      expect(response.json<Answer<TrainingByUserRow>>()).toEqual({
        data: rows,
        meta: {
          from: '2025-01-01',
          to,
          team: [],
          role_profile: [],
          current_page: 1,
          per_page: 100,
          total: rows.length,
        },
      });
    }
  });

  it('shows what a reader would check by hand on 30 June 2026', async () => {
    const rows = (await get('?to=2026-06-30')).json<Answer<TrainingByUserRow>>().data;
    expect(
      rows.map((row) => [
        row.label,
        row.compulsory_valid,
        row.compulsory_expired,
        row.compulsory_outstanding,
        row.last_completed_on,
      ]),
    ).toEqual([
      // Ann's fire safety lapsed on 15 June; a retired module's completion is not counted as a module held.
      ['Ann Archer', 1, 1, 0, '2025-12-31'],
      // Ben's first aid at 00:30 on 1 July (London) is not yet done on 30 June.
      ['Ben Baker', 1, 0, 1, '2026-03-01'],
    ]);
  });

  it('narrows to the teams asked for', async () => {
    const north = await get(`?to=2026-07-31&team=${f.team.north}`);
    expect(north.json<Answer<TrainingByUserRow>>().data).toEqual(expected('2026-07-31', ['north']));
    expect(north.json<Answer<TrainingByUserRow>>().data.map((row) => row.label)).toEqual([
      'Ann Archer',
      'Cat Cooper',
    ]);
  });

  it('answers with or without the trailing slash', async () => {
    expect(
      (await getAs(ctx, f.reader, `${PATH}/`, '?to=2026-06-30')).json<Answer<TrainingByUserRow>>().data,
    ).toEqual(expected('2026-06-30'));
  });

  it('never lists another organisation’s people', async () => {
    const rows = (await get('?to=2026-06-30', f.otherReader)).json<Answer<TrainingByUserRow>>().data;
    expect(rows.map((row) => [row.label, row.compulsory_valid])).toEqual([['Sam Stranger', 1]]);
  });

  it('401 without a session, 403 without view-reports, 422 for a team that is not an id', async () => {
    expect((await get('', f.a.anonymous)).statusCode).toBe(401);
    expect((await get('', f.nobody)).statusCode).toBe(403);
    const bad = await get('?team=1.5');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<Answer<TrainingByUserRow>>().errors)).toEqual(['querystring.team.0']);
  });
});
