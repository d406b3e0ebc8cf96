import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatRow } from '@muster/contract';
import { roleProfiles, teams, userRoles } from '../../../db/schema/index.js';
import { USER_STATUS } from '../../../db/seed/reference-data.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createOpportunity } from '../../../test/factories/opportunity.js';
import { createUser } from '../../../test/factories/user.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../../test/tenant.js';

/*
 * GET /analytics/organisation-stats over a hand-built organisation: each figure is worked out here
 * from the people, teams and opportunities listed in plain data, not by the report's SQL.
 */

type TeamName = 'north' | 'south';
type RoleName = 'volunteer' | 'driver';
type Held = { team: TeamName; role: RoleName; from: string; until: string | null };
type Person = { status: number; registered: string; roles: Held[] };
type Opportunity = {
  published: boolean;
  team: TeamName;
  role: RoleName;
  start: string | null;
  end: string | null;
};

const ZONE = 'Europe/London';
const dayIn = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);

let ctx: TestContext;
let a: Tenant;
let reader: Caller;
let nobody: Caller;
let otherReader: Caller;
const team: Record<TeamName, number> = { north: 0, south: 0 };
const role: Record<RoleName, number> = { volunteer: 0, driver: 0 };
const created: Record<TeamName | RoleName, string> = { north: '', south: '', volunteer: '', driver: '' };
const people: Person[] = [];
const opportunities: Opportunity[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.app);
  const b = await createTenant(ctx.app);
  // The callers are applicants of the organisation registered today, in no team.
  reader = await a.person(['view-reports']);
  nobody = await a.person([]);
  otherReader = await b.person(['view-reports']);
  const today = dayIn(new Date());
  people.push(
    { status: USER_STATUS.applicant, registered: today, roles: [] },
    { status: USER_STATUS.applicant, registered: today, roles: [] },
  );
  const makeTeam = async (name: TeamName, label: string, at: string) => {
    const [row] = await ctx.db
      .insert(teams)
      .values({ organisationId: a.id, name: label, createdAt: new Date(at) })
      .returning();
    team[name] = row?.id ?? 0;
    created[name] = dayIn(new Date(at));
  };
  await makeTeam('north', 'North', '2025-01-01T10:00:00Z');
  // 23:30 UTC on 30 June is 1 July in London.
  await makeTeam('south', 'South', '2026-06-30T23:30:00Z');
  const makeRole = async (name: RoleName, label: string, at: string) => {
    const [row] = await ctx.db
      .insert(roleProfiles)
      .values({ organisationId: a.id, displayName: label, createdAt: new Date(at) })
      .returning();
    role[name] = row?.id ?? 0;
    created[name] = dayIn(new Date(at));
  };
  await makeRole('volunteer', 'Volunteer', '2025-01-01T10:00:00Z');
  await makeRole('driver', 'Driver', '2026-03-01T10:00:00Z');

  const person = async (status: number, registeredAt: string, roles: Held[]) => {
    const user = await createUser(ctx.db, a.id, { statusId: status, createdAt: new Date(registeredAt) });
    for (const held of roles) {
      await ctx.db.insert(userRoles).values({
        organisationId: a.id,
        userId: user.id,
        teamId: team[held.team],
        roleProfileId: role[held.role],
        endDate: held.until,
        createdAt: new Date(`${held.from}T09:00:00Z`),
      });
    }
    people.push({ status, registered: dayIn(new Date(registeredAt)), roles });
  };
  await person(USER_STATUS.active, '2025-01-01T10:00:00Z', [
    { team: 'north', role: 'volunteer', from: '2025-01-01', until: null },
  ]);
  await person(USER_STATUS.left, '2025-01-01T10:00:00Z', [
    { team: 'north', role: 'volunteer', from: '2025-01-01', until: '2026-06-30' },
  ]);
  await person(USER_STATUS.active, '2026-07-01T10:00:00Z', [
    { team: 'south', role: 'driver', from: '2026-07-01', until: null },
  ]);
  await person(USER_STATUS.applicant, '2026-03-01T10:00:00Z', []);

  const opportunity = async (entry: Opportunity) => {
    await createOpportunity(ctx.db, a.id, {
      published: entry.published,
      teamId: team[entry.team],
      roleProfileId: role[entry.role],
      startDate: entry.start,
      endDate: entry.end,
    });
    opportunities.push(entry);
  };
  await opportunity({
    published: true,
    team: 'north',
    role: 'volunteer',
    start: '2026-01-01',
    end: '2026-06-30',
  });
  await opportunity({ published: true, team: 'north', role: 'driver', start: null, end: null });
  await opportunity({ published: false, team: 'north', role: 'volunteer', start: null, end: null });
  await opportunity({ published: true, team: 'south', role: 'driver', start: '2026-07-01', end: null });

  // Another organisation: one person in post, one team, one role profile, one open opportunity.
  const stranger = await createUser(ctx.db, b.id, {
    statusId: USER_STATUS.active,
    createdAt: new Date('2025-01-01T10:00:00Z'),
  });
  const otherOpportunity = await createOpportunity(ctx.db, b.id);
  await ctx.db.insert(userRoles).values({
    organisationId: b.id,
    userId: stranger.id,
    teamId: otherOpportunity.teamId,
    roleProfileId: otherOpportunity.roleProfileId,
    createdAt: new Date('2025-01-01T09:00:00Z'),
  });
});
afterAll(() => ctx?.close());

/** The expected figures, worked out from the plain data. */
function expected(from: string, to: string, teams: TeamName[] = [], roles: RoleName[] = []): StatRow[] {
  const matches = (held: Held) =>
    (teams.length === 0 || teams.includes(held.team)) && (roles.length === 0 || roles.includes(held.role));
  const filtered = teams.length > 0 || roles.length > 0;
  const registered = people.filter(
    (person) =>
      person.registered <= to &&
      (!filtered ||
        person.roles.some(
          (held) => matches(held) && held.from <= to && (held.until === null || held.until >= from),
        )),
  );
  const inPost = people.filter((person) =>
    person.roles.some(
      (held) => matches(held) && held.from <= to && (held.until === null || held.until >= to),
    ),
  );
  const teamNames = (Object.keys(team) as TeamName[]).filter(
    (name) => teams.length === 0 || teams.includes(name),
  );
  const roleNames = (Object.keys(role) as RoleName[]).filter(
    (name) => roles.length === 0 || roles.includes(name),
  );
  const open = opportunities.filter(
    (o) =>
      o.published &&
      (o.start === null || o.start <= to) &&
      (o.end === null || o.end >= to) &&
      (teams.length === 0 || teams.includes(o.team)) &&
      (roles.length === 0 || roles.includes(o.role)),
  );
  return [
    { key: 'people', label: 'People', value: registered.length, unit: 'people' },
    { key: 'people_in_post', label: 'People in post', value: inPost.length, unit: 'people' },
    {
      key: 'applicants',
      label: 'Applicants',
      value: registered.filter((person) => person.status === USER_STATUS.applicant).length,
      unit: 'people',
    },
    {
      key: 'teams',
      label: 'Teams',
      value: teamNames.filter((name) => created[name] <= to).length,
      unit: 'count',
    },
    {
      key: 'role_profiles',
      label: 'Role profiles',
      value: roleNames.filter((name) => created[name] <= to).length,
      unit: 'count',
    },
    { key: 'open_opportunities', label: 'Open opportunities', value: open.length, unit: 'count' },
  ];
}

type Answer = {
  data: StatRow[];
  meta: { from: string; to: string; team: number[]; role_profile: number[] };
  errors: Record<string, string[]>;
};
const get = (caller: Caller | { host: string }, query: string) =>
  callAs(
    ctx.app,
    'headers' in caller ? caller.headers : caller,
    'GET',
    `/api/analytics/organisation-stats${query}`,
  );
const figure = (answer: Answer, key: string) => answer.data.find((row) => row.key === key)?.value;

describe('GET /analytics/organisation-stats', () => {
  it('gives the organisation’s figures as they stood on the last day of the period', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-06-30'],
      ['2026-01-01', '2026-07-01'],
      ['2025-01-01', '2025-12-31'],
      ['2026-01-01', '2026-02-28'],
      ['2026-01-01', '2026-03-01'],
    ] as const) {
      const response = await get(reader, `?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Answer>()).toEqual({
        data: expected(from, to),
        meta: { from, to, team: [], role_profile: [] },
      });
    }
  });

  it('changes on the edge days as a reader would check by hand', async () => {
    const june = (await get(reader, '?to=2026-06-30')).json<Answer>();
    const july = (await get(reader, '?to=2026-07-01')).json<Answer>();
    // The leaver is in post on her last day; the South team and its driver arrive on 1 July (London time).
    expect([
      figure(june, 'people_in_post'),
      figure(june, 'teams'),
      figure(june, 'open_opportunities'),
    ]).toEqual([2, 1, 2]);
    expect([
      figure(july, 'people_in_post'),
      figure(july, 'teams'),
      figure(july, 'open_opportunities'),
    ]).toEqual([2, 2, 2]);
  });

  it('counts the callers, registered today, in the default period', async () => {
    const answer = (await get(reader, '')).json<Answer>();
    expect(answer.data).toEqual(expected(answer.meta.from, answer.meta.to));
  });

  it('narrows to the teams and role profiles asked for', async () => {
    const north = await get(reader, `?from=2026-01-01&to=2026-07-01&team=${team.north}`);
    expect(north.json<Answer>().data).toEqual(expected('2026-01-01', '2026-07-01', ['north']));
    const drivers = await get(reader, `?from=2026-01-01&to=2026-07-01&role_profile=${role.driver}`);
    expect(drivers.json<Answer>().data).toEqual(expected('2026-01-01', '2026-07-01', [], ['driver']));
  });

  it('never counts another organisation’s records', async () => {
    const answer = (await get(otherReader, '?to=2026-06-30')).json<Answer>();
    expect(answer.data.map((row) => [row.key, row.value])).toEqual([
      ['people', 1],
      ['people_in_post', 1],
      ['applicants', 0],
      ['teams', 0],
      ['role_profiles', 0],
      ['open_opportunities', 1],
    ]);
  });

  it('401 without a session, 403 without view-reports, 422 for a bad period; show, store and delete stay disabled', async () => {
    expect((await get(a.anonymous, '')).statusCode).toBe(401);
    expect((await get(nobody, '')).statusCode).toBe(403);
    expect((await get(reader, '?from=2026-05-01&to=2026-04-30')).statusCode).toBe(422);
    expect((await get(reader, '?to=tomorrow')).statusCode).toBe(422);
    expect(
      (await callAs(ctx.app, reader.headers, 'GET', '/api/analytics/organisation-stats/1')).statusCode,
    ).toBe(405);
    expect(
      (await callAs(ctx.app, reader.headers, 'POST', '/api/analytics/organisation-stats', {})).statusCode,
    ).toBe(405);
  });
});
