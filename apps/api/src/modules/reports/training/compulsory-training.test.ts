import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompulsoryTrainingRow } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import {
  activeModules,
  addDays,
  buildTrainingFixture,
  getAs,
  inductionOf,
  inPost,
  percent,
  standingOn,
  type Answer,
  type TrainingFixture,
} from './training-fixture.js';

/*
 * GET /analytics/training/compulsory-training/ over a hand-built organisation: the expected
 * figures are worked out here from the people, roles and inductions listed in plain data.
 */

let ctx: TestContext;
let f: TrainingFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildTrainingFixture(ctx);
});
afterAll(() => ctx?.close());

const PATH = '/analytics/training/compulsory-training';
const get = (query: string, caller: Parameters<typeof getAs>[1] = f.reader) =>
  getAs(ctx, caller, PATH, query);

function expected(to: string, teams: ('north' | 'south')[] = []): CompulsoryTrainingRow[] {
  const people = inPost(f, to, teams);
  return activeModules(f)
    .filter((module) => module.compulsory)
    .map((module) => {
      const inductions = people.map((person) => inductionOf(f, person.id, module.id));
      const valid = inductions.filter((induction) => standingOn(induction, to) === 'valid');
      const expired = inductions.filter((induction) => standingOn(induction, to) === 'expired').length;
      return {
        id: module.id,
        label: module.name,
        validity_months: module.validity,
        people: people.length,
        valid: valid.length,
        expiring_soon: valid.filter(
          (induction) => induction?.expiresOn && induction.expiresOn <= addDays(to, 30),
        ).length,
        expired,
        outstanding: people.length - valid.length - expired,
        compliance_percent: percent(valid.length, people.length),
      };
    });
}

describe('GET /analytics/training/compulsory-training/', () => {
  it('counts the people in post on the last day by where they stood with each compulsory module', async () => {
    for (const to of [
      '2026-06-30',
      '2026-07-01',
      '2026-06-14',
      '2026-06-15',
      '2025-12-30',
      '2025-12-31',
      '2027-08-01',
    ]) {
      const response = await get(`?from=2025-01-01&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Answer<CompulsoryTrainingRow>>()).toEqual({
        data: expected(to),
        meta: { from: '2025-01-01', to, team: [], role_profile: [] },
      });
    }
  });

  it('lapses a completion on its expiry day, and counts it as expiring soon the day before', async () => {
    const fire = (rows: CompulsoryTrainingRow[]) => rows.find((row) => row.label === 'Fire safety');
    const dayBefore = fire((await get('?to=2026-06-14')).json<Answer<CompulsoryTrainingRow>>().data);
    expect(dayBefore).toMatchObject({
      people: 2,
      valid: 2,
      expiring_soon: 1,
      expired: 0,
      outstanding: 0,
      compliance_percent: 100,
    });
    const onTheDay = fire((await get('?to=2026-06-15')).json<Answer<CompulsoryTrainingRow>>().data);
    expect(onTheDay).toMatchObject({
      people: 2,
      valid: 1,
      expiring_soon: 0,
      expired: 1,
      outstanding: 0,
      compliance_percent: 50,
    });
  });

  it('reads a completion’s day in the organisation’s calendar and a role’s last day as in post', async () => {
    // Ann's safeguarding at 23:30 UTC on 31 December is 31 December in London (winter time).
    const safeguarding = (rows: CompulsoryTrainingRow[]) => rows.find((row) => row.label === 'Safeguarding');
    expect(
      safeguarding((await get('?to=2025-12-30')).json<Answer<CompulsoryTrainingRow>>().data)?.valid,
    ).toBe(0);
    expect(
      safeguarding((await get('?to=2025-12-31')).json<Answer<CompulsoryTrainingRow>>().data)?.valid,
    ).toBe(1);
    // On 30 June Ben is still in post; on 1 July Cat has taken his place.
    expect(
      safeguarding((await get('?to=2026-06-30')).json<Answer<CompulsoryTrainingRow>>().data)?.people,
    ).toBe(2);
  });

  it('leaves out retired and optional modules', async () => {
    const rows = (await get('?to=2026-06-30')).json<Answer<CompulsoryTrainingRow>>().data;
    expect(rows.map((row) => row.label)).toEqual(['Fire safety', 'Safeguarding']);
  });

  it('narrows to the people of the teams and role profiles asked for', async () => {
    const north = await get(`?to=2026-07-01&team=${f.team.north}`);
    expect(north.json<Answer<CompulsoryTrainingRow>>().data).toEqual(expected('2026-07-01', ['north']));
    const south = await get(`?to=2026-07-01&team=${f.team.south}`);
    expect(
      south.json<Answer<CompulsoryTrainingRow>>().data.map((row) => [row.people, row.compliance_percent]),
    ).toEqual([
      [0, null],
      [0, null],
    ]);
    const trainers = await get(`?to=2026-07-31&role_profile=${f.role.trainer}`);
    expect(trainers.json<Answer<CompulsoryTrainingRow>>().data.map((row) => [row.people, row.valid])).toEqual(
      [
        [1, 1],
        [1, 0],
      ],
    );
  });

  it('answers with or without the trailing slash', async () => {
    const withSlash = await getAs(ctx, f.reader, `${PATH}/`, '?to=2026-06-30');
    expect(withSlash.statusCode).toBe(200);
    expect(withSlash.json<Answer<CompulsoryTrainingRow>>().data).toEqual(expected('2026-06-30'));
  });

  it('never counts another organisation’s modules or people', async () => {
    const response = await get('?to=2026-06-30', f.otherReader);
    expect(
      response.json<Answer<CompulsoryTrainingRow>>().data.map((row) => [row.label, row.people, row.valid]),
    ).toEqual([['Fire safety', 1, 1]]);
  });

  it('401 without a session, 403 without view-reports, 422 for a reversed period', async () => {
    expect((await get('', f.a.anonymous)).statusCode).toBe(401);
    expect((await get('', f.nobody)).statusCode).toBe(403);
    const reversed = await get('?from=2026-05-01&to=2026-04-30');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json<Answer<CompulsoryTrainingRow>>().errors).toEqual({
      'querystring.to': ['The end of the period must be on or after its start.'],
    });
  });
});
