import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitiesOutcomesRow } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import {
  ACTIVITIES,
  createActivitiesOrganisation,
  getReport,
  hoursOfPart,
  inFilters,
  londonDay,
  OUTCOMES,
  PARTS,
  personOf,
  roundHours,
  type OutcomeKey,
  type ReportAnswer,
  type RoleKey,
  type TeamKey,
} from '../../../test/factories/activities.js';

/*
 * GET /reports/activities/outcomes over the hand-built organisation of the activities factory:
 * the expected rows are worked out here from the plan in plain data, not by the report's SQL.
 */

let ctx: TestContext;
let org: Awaited<ReturnType<typeof createActivitiesOrganisation>>;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createActivitiesOrganisation(ctx.app);
});
afterAll(() => ctx?.close());

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function expected(
  from: string,
  to: string,
  teams: TeamKey[] = [],
  roles: RoleKey[] = [],
): ActivitiesOutcomesRow[] {
  const chosen = ACTIVITIES.filter(
    (activity) =>
      londonDay(activity.startsAt) >= from &&
      londonDay(activity.startsAt) <= to &&
      (teams.length === 0 || (activity.team !== null && teams.includes(activity.team))),
  );
  const figures = (outcome: OutcomeKey | null) => {
    const these = chosen.filter((activity) => activity.outcome === outcome);
    const keys = new Set(these.map((activity) => activity.key));
    const tookPart = PARTS.filter(
      (part) =>
        keys.has(part.activity) &&
        part.attended === true &&
        inFilters(personOf(part.person), { from, to }, [], roles),
    );
    return {
      activities: these.length,
      people: new Set(tookPart.map((part) => part.person)).size,
      attendances: tookPart.length,
      guests: sum(these.map((activity) => activity.guests)),
      hours: roundHours(sum(tookPart.map(hoursOfPart))),
    };
  };
  const rows: ActivitiesOutcomesRow[] = OUTCOMES.map((outcome) => ({
    id: org.ids.outcome[outcome.key],
    label: outcome.name,
    active: outcome.active,
    ...figures(outcome.key),
  }));
  if (chosen.some((activity) => activity.outcome === null)) {
    rows.push({ id: null, label: 'No outcome recorded', active: true, ...figures(null) });
  }
  return rows.sort((x, y) => y.activities - x.activities || x.label.localeCompare(y.label));
}

const get = (who: Parameters<typeof getReport>[1], query: string) =>
  getReport(ctx.app, who, `/api/reports/activities/outcomes${query}`);
const rowsOf = (response: Awaited<ReturnType<typeof get>>) =>
  response.json<ReportAnswer<ActivitiesOutcomesRow>>().data;

describe('GET /reports/activities/outcomes', () => {
  it('has one row per outcome (unused and retired ones with zeros), then the activities without one', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-12-31'],
      ['2025-01-01', '2025-12-31'],
      ['2026-06-01', '2026-06-30'],
    ] as const) {
      const response = await get(org.reader, `?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ReportAnswer<ActivitiesOutcomesRow>>()).toEqual({
        data: expected(from, to),
        meta: { from, to, team: [], role_profile: [] },
      });
    }
    const year = rowsOf(await get(org.reader, '?from=2026-01-01&to=2026-12-31'));
    expect(year.map((row) => [row.label, row.activities])).toEqual([
      ['Completed', 2],
      ['No outcome recorded', 2],
      ['Cancelled', 1],
      ['Postponed', 0],
    ]);
  });

  it('reads the days in the organisation’s time zone, both edge days included', async () => {
    expect(rowsOf(await get(org.reader, '?from=2026-04-01&to=2026-05-01'))).toEqual(
      expected('2026-04-01', '2026-05-01'),
    );
    const april = rowsOf(await get(org.reader, '?from=2026-04-01&to=2026-04-30'));
    expect(april).toEqual(expected('2026-04-01', '2026-04-30'));
    expect(april.find((row) => row.label === 'Completed')).toMatchObject({
      activities: 1,
      people: 3,
      hours: 8.75,
    });
    expect(april.find((row) => row.label === 'Cancelled')?.activities).toBe(0);
    expect(rowsOf(await get(org.reader, '?from=2026-03-01&to=2026-03-31'))).toEqual(
      expected('2026-03-01', '2026-03-31'),
    );
  });

  it('narrows the activities to the teams asked for, and the people to role profiles', async () => {
    const { team, role } = org.ids;
    expect(rowsOf(await get(org.reader, `?from=2026-01-01&to=2026-12-31&team=${team.south}`))).toEqual(
      expected('2026-01-01', '2026-12-31', ['south']),
    );
    expect(
      rowsOf(await get(org.reader, `?from=2026-01-01&to=2026-12-31&role_profile=${role.steward}`)),
    ).toEqual(expected('2026-01-01', '2026-12-31', [], ['steward']));
  });

  it('never counts another organisation’s outcomes or activities', async () => {
    expect(rowsOf(await get(org.otherReader, '?from=2026-01-01&to=2026-12-31'))).toEqual([
      {
        id: expect.any(Number) as number,
        label: 'Completed',
        active: true,
        activities: 1,
        people: 1,
        attendances: 1,
        guests: 1,
        hours: 7,
      },
    ]);
  });

  it('401 without a session, 403 without view-reports, 422 for a bad query', async () => {
    expect((await get(org.tenant.anonymous, '')).statusCode).toBe(401);
    expect((await get(org.nobody, '')).statusCode).toBe(403);
    const badDate = await get(org.reader, '?from=2026-02-30');
    expect(badDate.statusCode).toBe(422);
    expect(Object.keys(badDate.json<ReportAnswer<ActivitiesOutcomesRow>>().errors)).toEqual([
      'querystring.from',
    ]);
  });
});
