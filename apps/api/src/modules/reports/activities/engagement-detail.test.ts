import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitiesEngagementDetailRow } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import {
  activityOf,
  createActivitiesOrganisation,
  getReport,
  hoursOfPart,
  inFilters,
  londonDay,
  PARTS,
  PEOPLE,
  roundHours,
  type ReportAnswer,
  type RoleKey,
  type TeamKey,
} from '../../../test/factories/activities.js';

/*
 * GET /reports/activities/engagement-detail over the hand-built organisation of the activities
 * factory: the expected rows are worked out here from the plan in plain data.
 */

let ctx: TestContext;
let org: Awaited<ReturnType<typeof createActivitiesOrganisation>>;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createActivitiesOrganisation(ctx.app);
});
afterAll(() => ctx?.close());

function expected(
  from: string,
  to: string,
  teams: TeamKey[] = [],
  roles: RoleKey[] = [],
): ActivitiesEngagementDetailRow[] {
  const inPeriod = (key: string) => {
    const day = londonDay(activityOf(key).startsAt);
    return day >= from && day <= to;
  };
  return PEOPLE.filter((person) => inFilters(person, { from, to }, teams, roles))
    .map((person) => {
      const theirs = PARTS.filter((part) => part.person === person.key && inPeriod(part.activity));
      const tookPart = theirs.filter((part) => part.attended === true);
      const starts = tookPart
        .map((part) => new Date(activityOf(part.activity).startsAt).toISOString())
        .sort();
      return {
        id: org.ids.person[person.key] ?? 0,
        label: `${person.firstName} ${person.lastName}`,
        activities: tookPart.length,
        hours: roundHours(tookPart.map(hoursOfPart).reduce((total, hours) => total + hours, 0)),
        no_shows: theirs.filter((part) => part.attended === false).length,
        first_activity_at: starts[0] ?? '',
        last_activity_at: starts.at(-1) ?? '',
      };
    })
    .filter((row) => row.activities > 0)
    .sort((x, y) => y.hours - x.hours || x.label.localeCompare(y.label));
}

const get = (who: Parameters<typeof getReport>[1], query: string) =>
  getReport(ctx.app, who, `/api/reports/activities/engagement-detail${query}`);
const rowsOf = (response: Awaited<ReturnType<typeof get>>) =>
  response.json<ReportAnswer<ActivitiesEngagementDetailRow>>().data;

describe('GET /reports/activities/engagement-detail', () => {
  it('has one row per person who took part, with their activities, hours and no-shows', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-12-31'],
      ['2025-01-01', '2025-12-31'],
      ['2026-06-01', '2026-06-30'],
    ] as const) {
      const response = await get(org.reader, `?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      const rows = expected(from, to);
      expect(response.json<ReportAnswer<ActivitiesEngagementDetailRow>>()).toEqual({
        data: rows,
        meta: { from, to, team: [], role_profile: [], current_page: 1, per_page: 100, total: rows.length },
      });
    }
    const year = rowsOf(await get(org.reader, '?from=2026-01-01&to=2026-12-31'));
    expect(year[0]).toMatchObject({
      label: 'Ann Adams',
      activities: 3,
      hours: 8.25,
      no_shows: 1,
      first_activity_at: '2026-01-15T09:00:00.000Z',
      last_activity_at: '2026-03-31T23:30:00.000Z',
    });
  });

  it('includes both edge days, read in the organisation’s time zone', async () => {
    const april = rowsOf(await get(org.reader, '?from=2026-04-01&to=2026-04-01'));
    expect(april).toEqual(expected('2026-04-01', '2026-04-01'));
    expect(april.map((row) => row.label)).toEqual(['Ann Adams', 'Ben Brown', 'Eve Evans']);
    expect(rowsOf(await get(org.reader, '?from=2026-03-31&to=2026-03-31'))).toEqual([]);
    expect(rowsOf(await get(org.reader, '?from=2026-05-01&to=2026-05-01'))).toEqual(
      expected('2026-05-01', '2026-05-01'),
    );
  });

  it('narrows the people to holders of a role in the teams and role profiles asked for', async () => {
    const { team, role } = org.ids;
    const north = rowsOf(await get(org.reader, `?from=2026-01-01&to=2026-12-31&team=${team.north}`));
    expect(north).toEqual(expected('2026-01-01', '2026-12-31', ['north']));
    expect(north.map((row) => row.label)).toEqual(['Ann Adams', 'Ben Brown']);
    expect(
      rowsOf(await get(org.reader, `?from=2026-01-01&to=2026-12-31&role_profile=${role.driver}`)),
    ).toEqual(expected('2026-01-01', '2026-12-31', [], ['driver']));
  });

  it('never counts another organisation’s people', async () => {
    expect(rowsOf(await get(org.otherReader, '?from=2026-01-01&to=2026-12-31'))).toEqual([
      expect.objectContaining({ id: org.stranger.id, activities: 1, hours: 7 }),
    ]);
  });

  it('401 without a session, 403 without view-reports, 422 for a bad query', async () => {
    expect((await get(org.tenant.anonymous, '')).statusCode).toBe(401);
    expect((await get(org.nobody, '')).statusCode).toBe(403);
    expect((await get(org.reader, '?to=someday')).statusCode).toBe(422);
  });
});
