import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitiesOverviewRow } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import {
  ACTIVITIES,
  createActivitiesOrganisation,
  getReport,
  hoursOfPart,
  inFilters,
  londonDay,
  PARTS,
  personOf,
  roundHours,
  type ReportAnswer,
  type RoleKey,
  type TeamKey,
} from '../../../test/factories/activities.js';

/*
 * GET /reports/activities/overview over the hand-built organisation of the activities factory:
 * the expected totals are worked out here from the plan in plain data, not by the report's SQL.
 */

let ctx: TestContext;
let org: Awaited<ReturnType<typeof createActivitiesOrganisation>>;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createActivitiesOrganisation(ctx.app);
});
afterAll(() => ctx?.close());

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The expected row: activities starting (London days) in the period, of the teams; people of the role profiles. */
function expected(
  from: string,
  to: string,
  teams: TeamKey[] = [],
  roles: RoleKey[] = [],
): ActivitiesOverviewRow {
  const chosen = ACTIVITIES.filter(
    (activity) =>
      londonDay(activity.startsAt) >= from &&
      londonDay(activity.startsAt) <= to &&
      (teams.length === 0 || (activity.team !== null && teams.includes(activity.team))),
  );
  const keys = new Set(chosen.map((activity) => activity.key));
  const parts = PARTS.filter(
    (part) => keys.has(part.activity) && inFilters(personOf(part.person), { from, to }, [], roles),
  );
  const tookPart = parts.filter((part) => part.attended === true);
  return {
    activities: chosen.length,
    people: new Set(tookPart.map((part) => part.person)).size,
    attendances: tookPart.length,
    guests: sum(chosen.map((activity) => activity.guests)),
    hours: roundHours(sum(tookPart.map(hoursOfPart))),
    no_shows: parts.filter((part) => part.attended === false).length,
    with_outcome: chosen.filter((activity) => activity.outcome !== null).length,
    teams: new Set(chosen.flatMap((activity) => (activity.team ? [activity.team] : []))).size,
  };
}

const get = (who: Parameters<typeof getReport>[1], query: string) =>
  getReport(ctx.app, who, `/api/reports/activities/overview${query}`);

describe('GET /reports/activities/overview', () => {
  it('totals the activities that started in the period and who took part', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-12-31'],
      ['2025-01-01', '2025-12-31'],
      ['2026-02-01', '2026-06-30'],
    ] as const) {
      const response = await get(org.reader, `?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ReportAnswer<ActivitiesOverviewRow>>()).toEqual({
        data: [expected(from, to)],
        meta: { from, to, team: [], role_profile: [] },
      });
    }
  });

  it('reads an activity’s day in the organisation’s time zone, both edge days included', async () => {
    // 23:30 UTC on 31 March is 00:30 on 1 April in London.
    const april = await get(org.reader, '?from=2026-04-01&to=2026-04-01');
    expect(april.json<ReportAnswer<ActivitiesOverviewRow>>().data).toEqual([
      {
        activities: 1,
        people: 3,
        attendances: 3,
        guests: 5,
        hours: 8.75,
        no_shows: 0,
        with_outcome: 1,
        teams: 1,
      },
    ]);
    expect(april.json<ReportAnswer<ActivitiesOverviewRow>>().data).toEqual([
      expected('2026-04-01', '2026-04-01'),
    ]);
    const march = await get(org.reader, '?from=2026-03-31&to=2026-03-31');
    expect(march.json<ReportAnswer<ActivitiesOverviewRow>>().data).toEqual([
      expected('2026-03-31', '2026-03-31'),
    ]);
    expect(march.json<ReportAnswer<ActivitiesOverviewRow>>().data[0]?.activities).toBe(0);
    // 23:30 UTC on 30 April is 00:30 on 1 May in London: the last day of this period.
    const lastDay = await get(org.reader, '?from=2026-04-02&to=2026-05-01');
    expect(lastDay.json<ReportAnswer<ActivitiesOverviewRow>>().data).toEqual([
      expected('2026-04-02', '2026-05-01'),
    ]);
    const mayDay = await get(org.reader, '?from=2026-05-01&to=2026-05-31');
    expect(mayDay.json<ReportAnswer<ActivitiesOverviewRow>>().data).toEqual([
      {
        activities: 1,
        people: 1,
        attendances: 1,
        guests: 20,
        hours: 1.5,
        no_shows: 1,
        with_outcome: 1,
        teams: 0,
      },
    ]);
    expect(lastDay.json<ReportAnswer<ActivitiesOverviewRow>>().data[0]?.activities).toBe(1);
  });

  it('narrows the activities to the teams asked for, and the people to role profiles', async () => {
    const { team, role } = org.ids;
    const north = await get(org.reader, `?from=2026-01-01&to=2026-12-31&team=${team.north}`);
    expect(north.json<ReportAnswer<ActivitiesOverviewRow>>().data).toEqual([
      expected('2026-01-01', '2026-12-31', ['north']),
    ]);
    const both = await get(
      org.reader,
      `?from=2026-01-01&to=2026-12-31&team=${team.north}&team=${team.south}`,
    );
    expect(both.json<ReportAnswer<ActivitiesOverviewRow>>().data).toEqual([
      expected('2026-01-01', '2026-12-31', ['north', 'south']),
    ]);
    const drivers = await get(org.reader, `?from=2026-01-01&to=2026-12-31&role_profile=${role.driver}`);
    expect(drivers.json<ReportAnswer<ActivitiesOverviewRow>>().data).toEqual([
      expected('2026-01-01', '2026-12-31', [], ['driver']),
    ]);
  });

  it('never counts another organisation’s activities', async () => {
    const response = await get(org.otherReader, '?from=2026-01-01&to=2026-12-31');
    expect(response.json<ReportAnswer<ActivitiesOverviewRow>>().data).toEqual([
      {
        activities: 1,
        people: 1,
        attendances: 1,
        guests: 1,
        hours: 7,
        no_shows: 0,
        with_outcome: 1,
        teams: 0,
      },
    ]);
  });

  it('401 without a session, 403 without view-reports, 422 for a bad query', async () => {
    expect((await get(org.tenant.anonymous, '')).statusCode).toBe(401);
    expect((await get(org.nobody, '')).statusCode).toBe(403);
    const reversed = await get(org.reader, '?from=2026-05-01&to=2026-04-30');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json<ReportAnswer<ActivitiesOverviewRow>>().errors).toEqual({
      'querystring.to': ['The end of the period must be on or after its start.'],
    });
    expect(
      Object.keys((await get(org.reader, '?team=north')).json<ReportAnswer<ActivitiesOverviewRow>>().errors),
    ).toEqual(['querystring.team.0']);
  });
});
