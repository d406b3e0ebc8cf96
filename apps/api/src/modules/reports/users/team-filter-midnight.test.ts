import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_STATUS } from '../../../db/seed/reference-data.js';
import { userRoles } from '../../../db/schema/index.js';
import { createRoleProfileRow } from '../../../test/factories/catalogue.js';
import { createUser } from '../../../test/factories/user.js';
import { createReportWorld, localDayOf, type Answer, type ReportWorld } from './report-test-support.js';

/*
 * The team filter around midnight in the organisation's time zone (Europe/London, on summer time
 * in June: UTC+1). A role counts from the day it was given there: one given at 00:30 on 1 June
 * (23:30 UTC on 31 May) is held from 1 June, so it counts for June and not for May, and one given
 * at 00:30 on 1 July (23:30 UTC on 30 June) does not count for June. A role given at 23:30 on
 * 31 May and ending that day is May's alone. Read through /reports/users/by-team (and its people)
 * and /reports/users/missing-data (whose people the team filter narrows). Every expected figure
 * below is written by hand from the local days in the plan.
 */

type Plan = {
  name: string;
  team: 'north' | 'south';
  /** When the role was given, as stored (UTC). */
  given: string;
  /** The day that is in London, written by hand (checked against `Intl` below). */
  localDay: string;
  until: string | null;
};

const PLAN: Plan[] = [
  { name: 'Ada', team: 'north', given: '2026-05-31T23:30:00Z', localDay: '2026-06-01', until: null },
  { name: 'Bea', team: 'north', given: '2026-05-31T22:30:00Z', localDay: '2026-05-31', until: '2026-05-31' },
  { name: 'Cal', team: 'south', given: '2026-05-31T23:30:00Z', localDay: '2026-06-01', until: null },
  { name: 'Dee', team: 'north', given: '2026-06-30T23:30:00Z', localDay: '2026-07-01', until: null },
  { name: 'Eli', team: 'north', given: '2026-06-30T22:30:00Z', localDay: '2026-06-30', until: null },
];

let world: ReportWorld;
let north: number;
let south: number;

beforeAll(async () => {
  world = await createReportWorld();
  const { db } = world.ctx;
  const org = world.a.id;
  north = await world.team(org, 'north');
  south = await world.team(org, 'south');
  const profile = await createRoleProfileRow(db, org, { displayName: 'Volunteer' });
  for (const plan of PLAN) {
    const user = await createUser(db, org, {
      firstName: plan.name,
      lastName: 'Midnight',
      statusId: USER_STATUS.active,
      createdAt: new Date('2026-01-01T12:00:00Z'),
    });
    await db.insert(userRoles).values({
      organisationId: org,
      userId: user.id,
      teamId: plan.team === 'north' ? north : south,
      roleProfileId: profile.id,
      endDate: plan.until,
      createdAt: new Date(plan.given),
    });
  }
}, 60_000);
afterAll(() => world?.ctx.close());

type CountRow = { id: number; label: string; count: number };
type UserRow = { id: number; first_name: string; team: { name: string }; from: string; until: string | null };

async function answer<T>(path: string, query: string): Promise<Answer<T, { people: number }>> {
  const response = await world.get(world.reader, path, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer<T, { people: number }>>();
}

async function byTeam(from: string, to: string): Promise<Record<string, number>> {
  const body = await answer<CountRow>('/reports/users/by-team', `?from=${from}&to=${to}`);
  return Object.fromEntries(body.data.map((row) => [row.label, row.count]));
}

describe('the team filter just after midnight on summer time', () => {
  it('holds the plan’s local days (the test’s own data, checked by Intl)', () => {
    for (const plan of PLAN) {
      expect(localDayOf(plan.given), plan.name).toBe(plan.localDay);
    }
  });

  it('by-team: a role given at 00:30 on the first day counts; one given and ended the day before does not', async () => {
    // June: Ada (from 1 June) and Eli (from 30 June) in north; Cal in south. Not Bea (ended
    // 31 May) nor Dee (from 1 July, though 30 June in UTC).
    expect(await byTeam('2026-06-01', '2026-06-30')).toEqual({ north: 2, south: 1 });
    // May: only Bea; Ada and Cal were given theirs on 1 June in London.
    expect(await byTeam('2026-05-01', '2026-05-31')).toEqual({ north: 1, south: 0 });
    // The edge days alone.
    expect(await byTeam('2026-06-01', '2026-06-01')).toEqual({ north: 1, south: 1 });
    expect(await byTeam('2026-05-31', '2026-05-31')).toEqual({ north: 1, south: 0 });
    expect(await byTeam('2026-06-30', '2026-06-30')).toEqual({ north: 2, south: 1 });
    expect(await byTeam('2026-07-01', '2026-07-01')).toEqual({ north: 3, south: 1 });
  });

  it('by-team/users: the team filter keeps June’s holders, each from their London day', async () => {
    const body = await answer<UserRow>(
      '/reports/users/by-team/users',
      `?from=2026-06-01&to=2026-06-30&team=${north}`,
    );
    expect(body.data.map((row) => [row.first_name, row.team.name, row.from, row.until])).toEqual([
      ['Ada', 'north', '2026-06-01', null],
      ['Eli', 'north', '2026-06-30', null],
    ]);
    const may = await answer<UserRow>(
      '/reports/users/by-team/users',
      `?from=2026-05-01&to=2026-05-31&team=${north}`,
    );
    expect(may.data.map((row) => [row.first_name, row.from, row.until])).toEqual([
      ['Bea', '2026-05-31', '2026-05-31'],
    ]);
  });

  it('missing-data: the people a team filter keeps are those who held a role there on a London day of the period', async () => {
    const people = async (from: string, to: string, team: number) =>
      (await answer<CountRow>('/reports/users/missing-data', `?from=${from}&to=${to}&team=${team}`)).totals
        .people;
    expect(await people('2026-06-01', '2026-06-30', north)).toBe(2);
    expect(await people('2026-05-01', '2026-05-31', north)).toBe(1);
    expect(await people('2026-05-01', '2026-05-31', south)).toBe(0);
    expect(await people('2026-06-01', '2026-06-01', north)).toBe(1);
    expect(await people('2026-06-01', '2026-06-01', south)).toBe(1);
    expect(await people('2026-07-01', '2026-07-31', north)).toBe(3);
  });
});
