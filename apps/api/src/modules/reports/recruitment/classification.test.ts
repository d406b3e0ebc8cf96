import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecruitmentClassificationRow } from '@muster/contract';
import { applications, type ApplicationStatus } from '../../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createApplication } from '../../../test/factories/application.js';
import { createOpportunity, createRoleProfile, createTeam } from '../../../test/factories/opportunity.js';
import { createUser } from '../../../test/factories/user.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../../test/tenant.js';

/*
 * GET /reports/recruitment/classification/ over a hand-built organisation: the expected rows are
 * worked out here from the opportunities and applications listed in plain data.
 */

type TeamName = 'north' | 'south';
type RoleName = 'volunteer' | 'driver';
type Opportunity = { id: number; name: string; type: string; team: TeamName; role: RoleName };
type Application = { opportunity: number; user: number; status: ApplicationStatus; createdAt: string };

const ZONE = 'Europe/London';
const dayIn = (instant: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));

let ctx: TestContext;
let a: Tenant;
let reader: Caller;
let nobody: Caller;
let otherReader: Caller;
const team: Record<TeamName, number> = { north: 0, south: 0 };
const role: Record<RoleName, number> = { volunteer: 0, driver: 0 };
const teamLabel: Record<TeamName, string> = { north: 'North', south: 'South' };
const roleLabel: Record<RoleName, string> = { volunteer: 'Volunteer', driver: 'Driver' };
const opportunities: Opportunity[] = [];
const made: Application[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.app);
  const b = await createTenant(ctx.app);
  reader = await a.person(['view-reports']);
  nobody = await a.person([]);
  otherReader = await b.person(['view-reports']);
  team.north = (await createTeam(ctx.db, a.id, 'North')).id;
  team.south = (await createTeam(ctx.db, a.id, 'South')).id;
  role.volunteer = (await createRoleProfile(ctx.db, a.id, { displayName: 'Volunteer' })).id;
  role.driver = (await createRoleProfile(ctx.db, a.id, { displayName: 'Driver' })).id;

  const opportunity = async (name: string, type: string, teamName: TeamName, roleName: RoleName) => {
    const row = await createOpportunity(ctx.db, a.id, {
      displayName: name,
      type,
      teamId: team[teamName],
      roleProfileId: role[roleName],
    });
    opportunities.push({ id: row.id, name, type, team: teamName, role: roleName });
    return row.id;
  };
  const shop = await opportunity('Shop helper', 'One-off', 'north', 'volunteer');
  const camp = await opportunity('Summer camp', 'Residential-short', 'south', 'volunteer');
  const van = await opportunity('Van driver', 'One-off', 'north', 'driver');
  await opportunity('Nobody applied', 'One-off', 'south', 'driver');

  const applicants = [];
  for (let i = 0; i < 5; i += 1) {
    applicants.push((await createUser(ctx.db, a.id)).id);
  }
  const [p1 = 0, p2 = 0, p3 = 0, p4 = 0, p5 = 0] = applicants;
  const apply = async (opportunityId: number, user: number, status: ApplicationStatus, createdAt: string) => {
    const row = await createApplication(ctx.db, a.id, { opportunityId, userId: user, status });
    await ctx.db
      .update(applications)
      .set({ createdAt: new Date(createdAt) })
      .where(eq(applications.id, row.id));
    made.push({ opportunity: opportunityId, user, status, createdAt });
  };
  await apply(shop, p1, 'submitted', '2026-01-01T00:30:00Z');
  await apply(shop, p2, 'accepted', '2026-03-01T10:00:00Z');
  // 22:59 UTC on 30 June is still 30 June in London; 23:30 UTC is 1 July.
  await apply(shop, p3, 'declined', '2026-06-30T22:59:00Z');
  await apply(shop, p4, 'withdrawn', '2026-06-30T23:30:00Z');
  await apply(camp, p1, 'pending', '2025-12-31T23:59:00Z');
  await apply(camp, p5, 'submitted', '2026-02-02T10:00:00Z');
  await apply(camp, p5, 'withdrawn', '2026-02-01T10:00:00Z');
  await apply(van, p2, 'accepted', '2026-04-04T10:00:00Z');
  await apply(van, p3, 'submitted', '2026-05-05T10:00:00Z');

  // Another organisation's application in the same period never shows.
  const otherOpportunity = await createOpportunity(ctx.db, b.id, { displayName: 'Shop helper' });
  const stranger = await createUser(ctx.db, b.id);
  const other = await createApplication(ctx.db, b.id, {
    opportunityId: otherOpportunity.id,
    userId: stranger.id,
    status: 'submitted',
  });
  await ctx.db
    .update(applications)
    .set({ createdAt: new Date('2026-03-01T10:00:00Z') })
    .where(eq(applications.id, other.id));
});
afterAll(() => ctx?.close());

/** The expected rows, worked out from the plain data. */
function expected(
  from: string,
  to: string,
  teams: TeamName[] = [],
  roles: RoleName[] = [],
): RecruitmentClassificationRow[] {
  const inPeriod = made.filter(
    (application) => dayIn(application.createdAt) >= from && dayIn(application.createdAt) <= to,
  );
  return opportunities
    .filter(
      (o) => (teams.length === 0 || teams.includes(o.team)) && (roles.length === 0 || roles.includes(o.role)),
    )
    .map((o) => {
      const own = inPeriod.filter((application) => application.opportunity === o.id);
      const status = (name: ApplicationStatus) =>
        own.filter((application) => application.status === name).length;
      return {
        id: o.id,
        label: o.name,
        type: o.type,
        team: { id: team[o.team], label: teamLabel[o.team] },
        role_profile: { id: role[o.role], label: roleLabel[o.role] },
        applications: own.length,
        applicants: new Set(own.map((application) => application.user)).size,
        by_status: {
          pending: status('pending'),
          submitted: status('submitted'),
          accepted: status('accepted'),
          declined: status('declined'),
          withdrawn: status('withdrawn'),
        },
      };
    })
    .filter((row) => row.applications > 0)
    .sort((x, y) => y.applications - x.applications || x.label.localeCompare(y.label) || x.id - y.id);
}

type Answer = {
  data: RecruitmentClassificationRow[];
  meta: { from: string; to: string; team: number[]; role_profile: number[] };
  errors: Record<string, string[]>;
};
const get = (
  caller: Caller | { host: string },
  query: string,
  path = '/api/reports/recruitment/classification',
) => callAs(ctx.app, 'headers' in caller ? caller.headers : caller, 'GET', `${path}${query}`);

describe('GET /reports/recruitment/classification/', () => {
  it('classifies the applications made in the period by opportunity and status', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-06-30'],
      ['2026-01-01', '2026-07-01'],
      ['2025-12-31', '2025-12-31'],
      ['2026-01-02', '2026-06-29'],
      ['2027-01-01', '2027-12-31'],
    ] as const) {
      const response = await get(reader, `?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      const rows = expected(from, to);
      expect(response.json<Answer>()).toEqual({
        data: rows,
        meta: { from, to, team: [], role_profile: [], current_page: 1, per_page: 100, total: rows.length },
      });
    }
  });

  it('gives the figures a reader would check by hand for the first half of 2026', async () => {
    const rows = (await get(reader, '?from=2026-01-01&to=2026-06-30')).json<Answer>().data;
    expect(
      rows.map((row) => [row.label, row.type, row.applications, row.applicants, row.by_status.withdrawn]),
    ).toEqual([
      // The withdrawal at 00:30 on 1 July (London) is outside the period.
      ['Shop helper', 'One-off', 3, 3, 0],
      ['Summer camp', 'Residential-short', 2, 1, 1],
      ['Van driver', 'One-off', 2, 2, 0],
    ]);
  });

  it('narrows to opportunities of the teams and role profiles asked for', async () => {
    const north = await get(reader, `?from=2025-01-01&to=2026-12-31&team=${team.north}`);
    expect(north.json<Answer>().data).toEqual(expected('2025-01-01', '2026-12-31', ['north']));
    const drivers = await get(reader, `?from=2025-01-01&to=2026-12-31&role_profile=${role.driver}`);
    expect(drivers.json<Answer>().data).toEqual(expected('2025-01-01', '2026-12-31', [], ['driver']));
    expect(drivers.json<Answer>().data.map((row) => row.label)).toEqual(['Van driver']);
  });

  it('answers with or without the trailing slash', async () => {
    const withSlash = await get(
      reader,
      '?from=2026-01-01&to=2026-06-30',
      '/api/reports/recruitment/classification/',
    );
    expect(withSlash.statusCode).toBe(200);
    expect(withSlash.json<Answer>().data).toEqual(expected('2026-01-01', '2026-06-30'));
  });

  it('never counts another organisation’s applications', async () => {
    const rows = (await get(otherReader, '?from=2026-01-01&to=2026-06-30')).json<Answer>().data;
    expect(rows.map((row) => [row.label, row.applications])).toEqual([['Shop helper', 1]]);
  });

  it('401 without a session, 403 without view-reports, 422 for a bad period or team', async () => {
    expect((await get(a.anonymous, '')).statusCode).toBe(401);
    expect((await get(nobody, '')).statusCode).toBe(403);
    expect((await get(reader, '?from=2026-05-01&to=2026-04-30')).statusCode).toBe(422);
    const badTeam = await get(reader, '?team=x');
    expect(badTeam.statusCode).toBe(422);
    expect(Object.keys(badTeam.json<Answer>().errors)).toEqual(['querystring.team.0']);
  });
});
