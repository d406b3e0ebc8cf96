import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatRow } from '@muster/contract';
import {
  applications,
  rotas,
  shifts,
  signups,
  userRoles,
  type SignupStatus,
} from '../../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createApplication } from '../../../test/factories/application.js';
import { createAttendeeRow, createEventRow, createSessionRow } from '../../../test/factories/events.js';
import { createMembership } from '../../../test/factories/memberships.js';
import { createOpportunity, createRoleProfile, createTeam } from '../../../test/factories/opportunity.js';
import {
  createClaim,
  createExpense,
  createExpenseType,
  createInductionModule,
  createUserInduction,
} from '../../../test/factories/people-work.js';
import { createUser } from '../../../test/factories/user.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../../test/tenant.js';

/*
 * GET /analytics/key-stats over a hand-built organisation: each figure is worked out here from
 * the records listed in plain data (roles, memberships, shifts, sessions, applications,
 * inductions, expenses), not by the report's SQL.
 */

type TeamName = 'north' | 'south';
type Person = { id: number; teams: { team: TeamName; from: string; until: string | null }[] };

const ZONE = 'Europe/London';
const dayIn = (instant: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

let ctx: TestContext;
let a: Tenant;
let reader: Caller;
let nobody: Caller;
let otherReader: Caller;
const team: Record<TeamName, number> = { north: 0, south: 0 };
const people: Person[] = [];
const memberships: { user: number; joined: string; left: string | null }[] = [];
const shiftsWorked: { user: number; date: string; start: string; end: string; status: SignupStatus }[] = [];
const sessionsAttended: {
  user: number;
  startsAt: string;
  endsAt: string;
  status: 'attended' | 'confirmed';
}[] = [];
const applied: { team: TeamName; createdAt: string }[] = [];
const trained: { user: number; completedAt: string; expiresOn: string | null }[] = [];
const spent: { user: number; amount: number; spentOn: string; status: 'paid' | 'approved' }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.app);
  const b = await createTenant(ctx.app);
  reader = await a.person(['view-reports']);
  nobody = await a.person([]);
  otherReader = await b.person(['view-reports']);
  team.north = (await createTeam(ctx.db, a.id, 'North')).id;
  team.south = (await createTeam(ctx.db, a.id, 'South')).id;
  const volunteer = await createRoleProfile(ctx.db, a.id, { displayName: 'Volunteer' });

  const person = async (roles: Person['teams']) => {
    const user = await createUser(ctx.db, a.id);
    for (const held of roles) {
      await ctx.db.insert(userRoles).values({
        organisationId: a.id,
        userId: user.id,
        teamId: team[held.team],
        roleProfileId: volunteer.id,
        endDate: held.until,
        createdAt: new Date(`${held.from}T09:00:00Z`),
      });
    }
    people.push({ id: user.id, teams: roles });
    return user.id;
  };
  const ann = await person([{ team: 'north', from: '2025-01-01', until: null }]);
  const ben = await person([{ team: 'south', from: '2025-01-01', until: '2026-06-30' }]);
  const cat = await person([{ team: 'north', from: '2026-07-01', until: null }]);

  const member = async (user: number, joined: string, left: string | null = null) => {
    await createMembership(ctx.db, a.id, user, { joinedOn: joined, leftOn: left });
    memberships.push({ user, joined, left });
  };
  await member(ann, '2024-01-01', '2024-12-31');
  await member(ann, '2026-01-01');
  await member(ben, '2025-01-01', '2026-06-30');
  await member(cat, '2026-07-01');

  const [rota] = await ctx.db
    .insert(rotas)
    .values({ organisationId: a.id, name: 'Shop', teamId: team.north })
    .returning();
  const work = async (user: number, date: string, start: string, end: string, status: SignupStatus) => {
    const [shift] = await ctx.db
      .insert(shifts)
      .values({ organisationId: a.id, rotaId: rota?.id ?? 0, date, startTime: start, endTime: end })
      .returning();
    await ctx.db
      .insert(signups)
      .values({ organisationId: a.id, shiftId: shift?.id ?? 0, userId: user, status });
    shiftsWorked.push({ user, date, start, end, status });
  };
  await work(ann, '2026-01-01', '09:00', '13:00', 'attended');
  // An overnight shift: 22:00 to 02:00 is four hours.
  await work(ben, '2026-06-30', '22:00', '02:00', 'attended');
  await work(ann, '2026-06-30', '22:00', '02:00', 'signed-up');
  await work(ann, '2026-07-01', '10:00', '11:30', 'no-show');
  await work(cat, '2026-07-01', '10:00', '11:30', 'attended');

  const event = await createEventRow(ctx.db, a.id, { status: 'published' });
  const attend = async (user: number, startsAt: string, endsAt: string, status: 'attended' | 'confirmed') => {
    const session = await createSessionRow(ctx.db, a.id, event.id, { startsAt, endsAt });
    await createAttendeeRow(ctx.db, session, user, { status });
    sessionsAttended.push({ user, startsAt, endsAt, status });
  };
  await attend(ann, '2026-03-01T10:00:00.000Z', '2026-03-01T12:30:00.000Z', 'attended');
  // 23:30 UTC on 30 June starts on 1 July in London.
  await attend(ben, '2026-06-30T23:30:00.000Z', '2026-07-01T00:30:00.000Z', 'attended');
  await attend(cat, '2026-03-02T10:00:00.000Z', '2026-03-02T11:00:00.000Z', 'confirmed');

  const applicant = await createUser(ctx.db, a.id);
  for (const [teamName, createdAt] of [
    ['north', '2026-01-01T00:30:00Z'],
    ['south', '2026-06-30T23:30:00Z'],
    ['north', '2025-12-31T12:00:00Z'],
  ] as const) {
    const opportunity = await createOpportunity(ctx.db, a.id, {
      teamId: team[teamName],
      roleProfileId: volunteer.id,
    });
    const row = await createApplication(ctx.db, a.id, {
      opportunityId: opportunity.id,
      userId: applicant.id,
      status: 'submitted',
    });
    await ctx.db
      .update(applications)
      .set({ createdAt: new Date(createdAt) })
      .where(eq(applications.id, row.id));
    applied.push({ team: teamName, createdAt });
  }

  const fire = await createInductionModule(ctx.db, a.id, {
    name: 'Fire safety',
    compulsory: true,
    validityMonths: 12,
  });
  await createInductionModule(ctx.db, a.id, { name: 'Retired', compulsory: true, active: false });
  await createInductionModule(ctx.db, a.id, { name: 'Optional' });
  const train = async (user: number, completedAt: string, expiresOn: string | null) => {
    await createUserInduction(ctx.db, a.id, user, fire.id, { status: 'completed', completedAt, expiresOn });
    trained.push({ user, completedAt, expiresOn });
  };
  await train(ann, '2026-01-10T10:00:00.000Z', '2027-01-10');
  await train(ben, '2025-06-01T10:00:00.000Z', '2026-06-01');

  const type = await createExpenseType(ctx.db, a.id);
  const spend = async (user: number, amount: number, spentOn: string, status: 'paid' | 'approved') => {
    const claim = await createClaim(ctx.db, a.id, user, { status });
    await createExpense(ctx.db, a.id, user, type.id, {
      claimId: claim.id,
      amountPence: amount,
      spentOn,
      status,
    });
    spent.push({ user, amount, spentOn, status });
  };
  await spend(ann, 1234, '2026-02-02', 'paid');
  await spend(ben, 500, '2026-06-30', 'paid');
  await spend(ben, 800, '2026-03-03', 'approved');
  await spend(cat, 700, '2026-07-01', 'paid');

  // Another organisation's paid expense and starter in the same period never show.
  const stranger = await createUser(ctx.db, b.id);
  await createMembership(ctx.db, b.id, stranger.id, { joinedOn: '2026-03-01' });
  const otherType = await createExpenseType(ctx.db, b.id);
  const otherClaim = await createClaim(ctx.db, b.id, stranger.id, { status: 'paid' });
  await createExpense(ctx.db, b.id, stranger.id, otherType.id, {
    claimId: otherClaim.id,
    amountPence: 9999,
    spentOn: '2026-03-01',
    status: 'paid',
  });
});
afterAll(() => ctx?.close());

/** The expected figures, worked out from the plain data. */
function expected(from: string, to: string, teams: TeamName[] = []): StatRow[] {
  const within = (day: string) => day >= from && day <= to;
  const matching = (user: number) =>
    teams.length === 0 ||
    (people.find((p) => p.id === user)?.teams ?? []).some(
      (held) => teams.includes(held.team) && held.from <= to && (held.until === null || held.until >= from),
    );
  const inPost = people.filter((p) =>
    p.teams.some(
      (held) =>
        (teams.length === 0 || teams.includes(held.team)) &&
        held.from <= to &&
        (held.until === null || held.until >= to),
    ),
  );
  const shiftsIn = shiftsWorked.filter((s) => s.status === 'attended' && within(s.date) && matching(s.user));
  const sessionsIn = sessionsAttended.filter(
    (s) => s.status === 'attended' && within(dayIn(s.startsAt)) && matching(s.user),
  );
  const shiftHours = shiftsIn.reduce(
    (sum, s) => sum + ((minutes(s.end) - minutes(s.start) + 1440) % 1440) / 60,
    0,
  );
  const sessionHours = sessionsIn.reduce(
    (sum, s) => sum + (Date.parse(s.endsAt) - Date.parse(s.startsAt)) / 3_600_000,
    0,
  );
  const valid = inPost.filter((p) =>
    trained.some(
      (t) => t.user === p.id && dayIn(t.completedAt) <= to && (t.expiresOn === null || t.expiresOn > to),
    ),
  ).length;
  const distinct = (list: { user: number }[]) => new Set(list.map((entry) => entry.user)).size;
  return [
    { key: 'people_in_post', label: 'People in post', value: inPost.length, unit: 'people' },
    {
      key: 'starters',
      label: 'Starters',
      value: distinct(memberships.filter((m) => within(m.joined) && matching(m.user))),
      unit: 'people',
    },
    {
      key: 'leavers',
      label: 'Leavers',
      value: distinct(memberships.filter((m) => m.left !== null && within(m.left) && matching(m.user))),
      unit: 'people',
    },
    {
      key: 'hours_volunteered',
      label: 'Hours volunteered',
      value: Math.round((shiftHours + sessionHours) * 100) / 100,
      unit: 'hours',
    },
    { key: 'shifts_attended', label: 'Shifts attended', value: shiftsIn.length, unit: 'count' },
    { key: 'sessions_attended', label: 'Event sessions attended', value: sessionsIn.length, unit: 'count' },
    {
      key: 'applications',
      label: 'Applications',
      value: applied.filter(
        (entry) => within(dayIn(entry.createdAt)) && (teams.length === 0 || teams.includes(entry.team)),
      ).length,
      unit: 'count',
    },
    {
      key: 'compulsory_training_compliance',
      label: 'Compulsory training compliance',
      value: inPost.length === 0 ? null : Number(((valid / inPost.length) * 100).toFixed(1)),
      unit: 'percent',
    },
    {
      key: 'expenses_paid_pence',
      label: 'Expenses paid',
      value: spent
        .filter((e) => e.status === 'paid' && within(e.spentOn) && matching(e.user))
        .reduce((sum, e) => sum + e.amount, 0),
      unit: 'pence',
    },
  ];
}

type Answer = {
  data: StatRow[];
  meta: { from: string; to: string; team: number[]; role_profile: number[] };
  errors: Record<string, string[]>;
};
const get = (caller: Caller | { host: string }, query: string) =>
  callAs(ctx.app, 'headers' in caller ? caller.headers : caller, 'GET', `/api/analytics/key-stats${query}`);
const values = (answer: Answer) => Object.fromEntries(answer.data.map((row) => [row.key, row.value]));

describe('GET /analytics/key-stats', () => {
  it('gives the period’s key figures, both edge days included', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-06-30'],
      ['2026-07-01', '2026-07-31'],
      ['2026-01-02', '2026-06-29'],
      ['2025-01-01', '2025-12-31'],
      ['2026-06-30', '2026-07-01'],
    ] as const) {
      const response = await get(reader, `?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Answer>()).toEqual({
        data: expected(from, to),
        meta: { from, to, team: [], role_profile: [] },
      });
    }
  });

  it('gives the figures a reader would check by hand for the first half of 2026', async () => {
    expect(values((await get(reader, '?from=2026-01-01&to=2026-06-30')).json<Answer>())).toEqual({
      people_in_post: 2,
      starters: 1,
      leavers: 1,
      // 4 h (morning) + 4 h (overnight from 30 June) + 2.5 h (event session on 1 March).
      hours_volunteered: 10.5,
      shifts_attended: 2,
      sessions_attended: 1,
      applications: 1,
      // Ann's fire safety is valid on 30 June; Ben's lapsed on 1 June.
      compulsory_training_compliance: 50,
      expenses_paid_pence: 1734,
    });
  });

  it('narrows to the teams asked for', async () => {
    for (const teams of [['north'], ['south'], ['north', 'south']] as TeamName[][]) {
      const query = teams.map((name) => `&team=${team[name]}`).join('');
      const response = await get(reader, `?from=2026-01-01&to=2026-07-31${query}`);
      expect(response.json<Answer>().data).toEqual(expected('2026-01-01', '2026-07-31', teams));
    }
  });

  it('never counts another organisation’s records', async () => {
    expect(values((await get(otherReader, '?from=2026-01-01&to=2026-06-30')).json<Answer>())).toEqual({
      people_in_post: 0,
      starters: 1,
      leavers: 0,
      hours_volunteered: 0,
      shifts_attended: 0,
      sessions_attended: 0,
      applications: 0,
      compulsory_training_compliance: null,
      expenses_paid_pence: 9999,
    });
  });

  it('401 without a session, 403 without view-reports, 422 for a bad period', async () => {
    expect((await get(a.anonymous, '')).statusCode).toBe(401);
    expect((await get(nobody, '')).statusCode).toBe(403);
    const reversed = await get(reader, '?from=2026-05-01&to=2026-04-30');
    expect(reversed.statusCode).toBe(422);
    expect(Object.keys(reversed.json<Answer>().errors)).toEqual(['querystring.to']);
  });
});
