import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainingUsersByModuleRow } from '@muster/contract';
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
 * GET /analytics/training/users-by-module/ over a hand-built organisation: the expected rows are
 * worked out here from the people, roles and inductions listed in plain data.
 */

let ctx: TestContext;
let f: TrainingFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildTrainingFixture(ctx);
});
afterAll(() => ctx?.close());

const PATH = '/analytics/training/users-by-module';
const get = (query: string, caller: Parameters<typeof getAs>[1] = f.reader) =>
  getAs(ctx, caller, PATH, query);

function expected(to: string, teams: ('north' | 'south')[] = []): TrainingUsersByModuleRow[] {
  const people = [...inPost(f, to, teams)].sort((x, y) => x.name.localeCompare(y.name) || x.id - y.id);
  return activeModules(f).flatMap((module) =>
    people.flatMap((person) => {
      const induction = inductionOf(f, person.id, module.id);
      if (!module.compulsory && !induction) {
        return [];
      }
      const completedOn = completedBy(induction, to);
      return [
        {
          module_id: module.id,
          module: module.name,
          compulsory: module.compulsory,
          user_id: person.id,
          user_name: person.name,
          standing: standingOn(induction, to),
          completed_on: completedOn,
          expires_on: completedOn ? (induction?.expiresOn ?? null) : null,
        },
      ];
    }),
  );
}

describe('GET /analytics/training/users-by-module/', () => {
  it('pairs each person in post with every compulsory module and the others they have started', async () => {
    for (const to of ['2026-06-30', '2026-07-01', '2026-06-14', '2026-06-15', '2025-12-31', '2027-08-01']) {
      const response = await get(`?from=2025-01-01&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      const rows = expected(to);
      expect(response.json<Answer<TrainingUsersByModuleRow>>()).toEqual({
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

  it('says where each stood on 30 June 2026', async () => {
    const rows = (await get('?to=2026-06-30')).json<Answer<TrainingUsersByModuleRow>>().data;
    expect(
      rows.map((row) => [row.module, row.user_name, row.standing, row.completed_on, row.expires_on]),
    ).toEqual([
      ['Fire safety', 'Ann Archer', 'expired', '2025-06-15', '2026-06-15'],
      ['Fire safety', 'Ben Baker', 'valid', '2026-03-01', '2027-03-01'],
      ['Safeguarding', 'Ann Archer', 'valid', '2025-12-31', null],
      ['Safeguarding', 'Ben Baker', 'outstanding', null, null],
      ['First aid', 'Ann Archer', 'in_progress', null, null],
      // Completed at 00:30 on 1 July in London: not yet on 30 June.
      ['First aid', 'Ben Baker', 'outstanding', null, null],
    ]);
  });

  it('narrows to the teams asked for', async () => {
    const north = await get(`?to=2026-07-31&team=${f.team.north}`);
    expect(north.json<Answer<TrainingUsersByModuleRow>>().data).toEqual(expected('2026-07-31', ['north']));
  });

  it('answers with or without the trailing slash', async () => {
    expect((await getAs(ctx, f.reader, `${PATH}/`, '?to=2026-06-30')).statusCode).toBe(200);
  });

  it('never lists another organisation’s people or modules', async () => {
    const rows = (await get('?to=2026-06-30', f.otherReader)).json<Answer<TrainingUsersByModuleRow>>().data;
    expect(rows.map((row) => [row.module, row.user_name, row.standing])).toEqual([
      ['Fire safety', 'Sam Stranger', 'valid'],
    ]);
  });

  it('401 without a session, 403 without view-reports, 422 for a reversed period', async () => {
    expect((await get('', f.a.anonymous)).statusCode).toBe(401);
    expect((await get('', f.nobody)).statusCode).toBe(403);
    expect((await get('?from=2026-02-02&to=2026-02-01')).statusCode).toBe(422);
  });
});
