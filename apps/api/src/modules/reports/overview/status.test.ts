import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverviewStatusRow } from '@muster/contract';
import { userRoles } from '../../../db/schema/index.js';
import { USER_STATUS } from '../../../db/seed/reference-data.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createRoleProfile, createTeam } from '../../../test/factories/opportunity.js';
import { createUser } from '../../../test/factories/user.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../../test/tenant.js';

/*
 * GET /reports/overview/status over a hand-built organisation: the expected counts are worked out
 * here from the people, statuses and roles listed in plain data, not by the report's SQL.
 */

type TeamName = 'north' | 'south';
type RoleName = 'volunteer' | 'trainer';
type Held = { team: TeamName; role: RoleName; from: string; until: string | null };
type Person = { id: number; status: number; registered: string; roles: Held[] };

const STATUS_NAMES: Record<number, string> = {
  1: 'Applicant',
  2: 'Active',
  3: 'Inactive',
  4: 'Left',
  5: 'Blocked',
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
const role: Record<RoleName, number> = { volunteer: 0, trainer: 0 };
const people: Person[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.app);
  const b = await createTenant(ctx.app);
  // The callers are people of the organisation too: applicants registered today, in no team.
  reader = await a.person(['view-reports']);
  nobody = await a.person([]);
  otherReader = await b.person(['view-reports']);
  const today = dayIn(new Date());
  people.push(
    { id: reader.id, status: USER_STATUS.applicant, registered: today, roles: [] },
    { id: nobody.id, status: USER_STATUS.applicant, registered: today, roles: [] },
  );
  team.north = (await createTeam(ctx.db, a.id, 'North')).id;
  team.south = (await createTeam(ctx.db, a.id, 'South')).id;
  role.volunteer = (await createRoleProfile(ctx.db, a.id, { displayName: 'Volunteer' })).id;
  role.trainer = (await createRoleProfile(ctx.db, a.id, { displayName: 'Trainer' })).id;

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
    people.push({ id: user.id, status, registered: dayIn(new Date(registeredAt)), roles });
  };
  await person(USER_STATUS.active, '2025-01-01T10:00:00Z', [
    { team: 'north', role: 'volunteer', from: '2025-01-01', until: null },
    { team: 'south', role: 'trainer', from: '2026-03-01', until: '2026-06-30' },
  ]);
  await person(USER_STATUS.left, '2025-02-01T10:00:00Z', [
    { team: 'south', role: 'volunteer', from: '2025-02-01', until: '2026-06-30' },
  ]);
  // 23:30 UTC on 30 June is 1 July in London: registered in July.
  await person(USER_STATUS.active, '2026-06-30T23:30:00Z', [
    { team: 'north', role: 'volunteer', from: '2026-07-01', until: null },
  ]);
  await person(USER_STATUS.applicant, '2026-01-10T10:00:00Z', []);
  await person(USER_STATUS.inactive, '2025-01-01T10:00:00Z', [
    { team: 'north', role: 'volunteer', from: '2025-01-01', until: '2025-12-31' },
  ]);
  await person(USER_STATUS.blocked, '2025-03-01T10:00:00Z', [
    { team: 'north', role: 'trainer', from: '2025-03-01', until: null },
  ]);

  // Another organisation's active volunteer never shows.
  const otherTeam = await createTeam(ctx.db, b.id, 'North');
  const otherRole = await createRoleProfile(ctx.db, b.id, { displayName: 'Volunteer' });
  const stranger = await createUser(ctx.db, b.id, {
    statusId: USER_STATUS.active,
    createdAt: new Date('2025-01-01T10:00:00Z'),
  });
  await ctx.db.insert(userRoles).values({
    organisationId: b.id,
    userId: stranger.id,
    teamId: otherTeam.id,
    roleProfileId: otherRole.id,
    createdAt: new Date('2025-01-01T09:00:00Z'),
  });
});
afterAll(() => ctx?.close());

/** The expected answer, worked out from the plain data. */
function expected(
  from: string,
  to: string,
  teams: TeamName[] = [],
  roles: RoleName[] = [],
): OverviewStatusRow[] {
  const matches = (held: Held) =>
    (teams.length === 0 || teams.includes(held.team)) && (roles.length === 0 || roles.includes(held.role));
  const filtered = teams.length > 0 || roles.length > 0;
  const counted = people.filter(
    (person) =>
      person.registered <= to &&
      (!filtered ||
        person.roles.some(
          (held) => matches(held) && held.from <= to && (held.until === null || held.until >= from),
        )),
  );
  const heldOnLastDay = (person: Person) =>
    person.roles.filter(
      (held) => matches(held) && held.from <= to && (held.until === null || held.until >= to),
    );
  const teamList = (Object.keys(team) as TeamName[])
    .filter((name) => teams.length === 0 || teams.includes(name))
    .sort((x, y) => x.localeCompare(y));
  const roleList = (Object.keys(role) as RoleName[])
    .filter((name) => roles.length === 0 || roles.includes(name))
    .sort((x, y) => x.localeCompare(y));
  const label = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
  return Object.entries(STATUS_NAMES).map(([id, name]) => {
    const ofStatus = counted.filter((person) => person.status === Number(id));
    return {
      id: Number(id),
      label: name,
      count: ofStatus.length,
      in_post: ofStatus.filter((person) => heldOnLastDay(person).length > 0).length,
      by_team: teamList.map((t) => ({
        id: team[t],
        label: label(t),
        count: ofStatus.filter((person) => heldOnLastDay(person).some((held) => held.team === t)).length,
      })),
      by_role_profile: roleList.map((r) => ({
        id: role[r],
        label: label(r),
        count: ofStatus.filter((person) => heldOnLastDay(person).some((held) => held.role === r)).length,
      })),
    };
  });
}

type Answer = {
  data: OverviewStatusRow[];
  meta: { from: string; to: string; team: number[]; role_profile: number[] };
  errors: Record<string, string[]>;
};
const get = (caller: Caller | { host: string }, query: string) =>
  callAs(
    ctx.app,
    'headers' in caller ? caller.headers : caller,
    'GET',
    `/api/reports/overview/status${query}`,
  );

describe('GET /reports/overview/status', () => {
  it('counts people by status, split by the teams and roles held on the last day', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-06-30'],
      ['2026-01-01', '2026-07-01'],
      ['2025-01-01', '2025-12-31'],
      ['2026-01-01', '2026-01-09'],
      ['2026-01-01', '2026-01-10'],
    ] as const) {
      const response = await get(reader, `?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Answer>()).toEqual({
        data: expected(from, to),
        meta: { from, to, team: [], role_profile: [] },
      });
    }
  });

  it('gives the figures a reader would check by hand on 30 June 2026', async () => {
    const rows = (await get(reader, '?from=2026-01-01&to=2026-06-30')).json<Answer>().data;
    const active = rows.find((row) => row.label === 'Active');
    // Only the first active person is registered by then (the second registers on 1 July, London time);
    // on the last day of her trainer role she is in both teams.
    expect(active).toMatchObject({ count: 1, in_post: 1 });
    expect(active?.by_team.map((row) => [row.label, row.count])).toEqual([
      ['North', 1],
      ['South', 1],
    ]);
    const left = rows.find((row) => row.label === 'Left');
    expect(left).toMatchObject({ count: 1, in_post: 1 });
    const next = (await get(reader, '?from=2026-01-01&to=2026-07-01')).json<Answer>().data;
    expect(next.find((row) => row.label === 'Left')).toMatchObject({ count: 1, in_post: 0 });
    expect(next.find((row) => row.label === 'Active')).toMatchObject({ count: 2, in_post: 2 });
  });

  it('counts the callers, registered today, in the default period', async () => {
    const response = await get(reader, '');
    const { from, to } = response.json<Answer>().meta;
    expect(response.json<Answer>().data).toEqual(expected(from, to));
    expect(response.json<Answer>().data.find((row) => row.label === 'Applicant')?.count).toBe(3);
  });

  it('narrows to the teams and role profiles asked for', async () => {
    const north = await get(reader, `?from=2025-01-01&to=2026-06-30&team=${team.north}`);
    expect(north.json<Answer>().data).toEqual(expected('2025-01-01', '2026-06-30', ['north']));
    const south = await get(reader, `?from=2026-07-01&to=2026-12-31&team=${team.south}`);
    expect(south.json<Answer>().data).toEqual(expected('2026-07-01', '2026-12-31', ['south']));
    const trainers = await get(reader, `?from=2025-01-01&to=2026-12-31&role_profile=${role.trainer}`);
    expect(trainers.json<Answer>().data).toEqual(expected('2025-01-01', '2026-12-31', [], ['trainer']));
    expect(trainers.json<Answer>().data[0]?.by_role_profile.map((row) => row.label)).toEqual(['Trainer']);
  });

  it('never counts another organisation’s people', async () => {
    const rows = (await get(otherReader, '?from=2025-01-01&to=2026-06-30')).json<Answer>().data;
    expect(rows.map((row) => [row.label, row.count, row.in_post])).toEqual([
      ['Applicant', 0, 0],
      ['Active', 1, 1],
      ['Inactive', 0, 0],
      ['Left', 0, 0],
      ['Blocked', 0, 0],
    ]);
  });

  it('401 without a session, 403 without view-reports, 422 for a bad period', async () => {
    expect((await get(a.anonymous, '')).statusCode).toBe(401);
    expect((await get(nobody, '')).statusCode).toBe(403);
    const reversed = await get(reader, '?from=2026-05-01&to=2026-04-30');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json<Answer>().errors).toEqual({
      'querystring.to': ['The end of the period must be on or after its start.'],
    });
  });
});
