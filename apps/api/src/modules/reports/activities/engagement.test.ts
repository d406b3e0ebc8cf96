import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitiesEngagementRow } from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import {
  activityOf,
  createActivitiesOrganisation,
  getReport,
  heldOnSomeDay,
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
 * GET /reports/activities/engagement over the hand-built organisation of the activities factory:
 * the expected bands are worked out here from the plan in plain data, not by the report's SQL.
 */

let ctx: TestContext;
let org: Awaited<ReturnType<typeof createActivitiesOrganisation>>;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createActivitiesOrganisation(ctx.app);
});
afterAll(() => ctx?.close());

const BANDS = [
  { label: 'No activities', min: 0, max: 0 },
  { label: '1 activity', min: 1, max: 1 },
  { label: '2–4 activities', min: 2, max: 4 },
  { label: '5–9 activities', min: 5, max: 9 },
  { label: '10 or more activities', min: 10, max: null },
];

/**
 * Everyone who held a role in the chosen teams and role profiles in the period, and (without
 * filters) everyone who took part; then how many activities of the period each took part in.
 */
function expected(
  from: string,
  to: string,
  teams: TeamKey[] = [],
  roles: RoleKey[] = [],
): ActivitiesEngagementRow[] {
  const inPeriod = (key: string) => {
    const day = londonDay(activityOf(key).startsAt);
    return day >= from && day <= to;
  };
  const taken = PARTS.filter((part) => part.attended === true && inPeriod(part.activity));
  const people = PEOPLE.filter((person) => {
    const holdsRole = person.roles.some(
      (role) =>
        heldOnSomeDay(role, from, to) &&
        (teams.length === 0 || teams.includes(role.team)) &&
        (roles.length === 0 || roles.includes(role.role)),
    );
    const tookPart = taken.some((part) => part.person === person.key);
    return holdsRole || (tookPart && inFilters(person, { from, to }, teams, roles));
  });
  const perPerson = people.map((person) => {
    const theirs = taken.filter((part) => part.person === person.key);
    return {
      count: theirs.length,
      hours: theirs.map(hoursOfPart).reduce((total, hours) => total + hours, 0),
    };
  });
  return BANDS.map((band) => {
    const inBand = perPerson.filter(
      (person) => person.count >= band.min && (band.max === null || person.count <= band.max),
    );
    return {
      ...band,
      people: inBand.length,
      hours: roundHours(inBand.reduce((total, person) => total + person.hours, 0)),
    };
  });
}

const get = (who: Parameters<typeof getReport>[1], query: string) =>
  getReport(ctx.app, who, `/api/reports/activities/engagement${query}`);
const rowsOf = (response: Awaited<ReturnType<typeof get>>) =>
  response.json<ReportAnswer<ActivitiesEngagementRow>>().data;

describe('GET /reports/activities/engagement', () => {
  it('bands the people by how many activities of the period they took part in', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-12-31'],
      ['2025-01-01', '2025-12-31'],
      ['2026-03-01', '2026-03-31'],
    ] as const) {
      const response = await get(org.reader, `?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ReportAnswer<ActivitiesEngagementRow>>()).toEqual({
        data: expected(from, to),
        meta: { from, to, team: [], role_profile: [] },
      });
    }
    // 2026: Ann took part 3 times, Ben, Cat and Eve twice, Dan once; Fay never.
    expect(rowsOf(await get(org.reader, '?from=2026-01-01&to=2026-12-31')).map((row) => row.people)).toEqual([
      1, 1, 4, 0, 0,
    ]);
  });

  it('includes both edge days, read in the organisation’s time zone', async () => {
    const april = rowsOf(await get(org.reader, '?from=2026-04-01&to=2026-04-01'));
    expect(april).toEqual(expected('2026-04-01', '2026-04-01'));
    expect(april[1]).toMatchObject({ people: 3, hours: 8.75 });
    expect(rowsOf(await get(org.reader, '?from=2026-03-31&to=2026-03-31'))).toEqual(
      expected('2026-03-31', '2026-03-31'),
    );
    expect(rowsOf(await get(org.reader, '?from=2026-05-01&to=2026-05-01'))).toEqual(
      expected('2026-05-01', '2026-05-01'),
    );
  });

  it('narrows the people to holders of a role in the teams and role profiles asked for', async () => {
    const { team, role } = org.ids;
    expect(rowsOf(await get(org.reader, `?from=2026-01-01&to=2026-12-31&team=${team.north}`))).toEqual(
      expected('2026-01-01', '2026-12-31', ['north']),
    );
    expect(
      rowsOf(
        await get(
          org.reader,
          `?from=2026-01-01&to=2026-12-31&team=${team.south}&role_profile=${role.driver}`,
        ),
      ),
    ).toEqual(expected('2026-01-01', '2026-12-31', ['south'], ['driver']));
  });

  it('never counts another organisation’s people', async () => {
    expect(
      rowsOf(await get(org.otherReader, '?from=2026-01-01&to=2026-12-31')).map((row) => row.people),
    ).toEqual([0, 1, 0, 0, 0]);
  });

  it('401 without a session, 403 without view-reports, 422 for a bad query', async () => {
    expect((await get(org.tenant.anonymous, '')).statusCode).toBe(401);
    expect((await get(org.nobody, '')).statusCode).toBe(403);
    expect((await get(org.reader, '?role_profile=0')).statusCode).toBe(422);
  });
});
