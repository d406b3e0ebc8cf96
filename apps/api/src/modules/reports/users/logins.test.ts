import { addDays, format, parseISO, subYears } from 'date-fns';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_STATUS } from '../../../db/seed/reference-data.js';
import { securityLog, users } from '../../../db/schema/index.js';
import { createAccount, uniqueEmail } from '../../../test/factories/auth.js';
import { createUser } from '../../../test/factories/user.js';
import {
  createReportWorld,
  expectRefusals,
  inTeams,
  localDayOf,
  within,
  type Answer,
  type ReportWorld,
} from './report-test-support.js';

/*
 * GET /reports/users/logins over hand-built security-log rows (and one real sign-in): the expected
 * months and totals are worked out here from the same events listed in plain data.
 */

const PATH = '/reports/users/logins';
const today = localDayOf(new Date().toISOString());

let world: ReportWorld;
type Person = { id: number; created: string; status: number };
type Event = { user: number; at: string; event: string; outcome: 'success' | 'failure' };
type Role = { user: number; team: string; from: string; until: string | null };
const people: Person[] = [];
const events: Event[] = [];
const roles: Role[] = [];

type Row = { month: string; logins: number; people: number; first_logins: number };
type Totals = {
  logins: number;
  people: number;
  current_people: number;
  not_signed_in: number;
  never_signed_in: number;
};

async function person(name: string, created: string, status: number = USER_STATUS.active) {
  const user = await createUser(world.ctx.db, world.a.id, {
    firstName: name,
    statusId: status,
    createdAt: new Date(`${created}T12:00:00Z`),
  });
  people.push({ id: user.id, created, status });
  return user.id;
}

async function signIn(
  user: number,
  at: string,
  event = 'sign_in',
  outcome: 'success' | 'failure' = 'success',
) {
  events.push({ user, at, event, outcome });
  await world.ctx.db.insert(securityLog).values({
    organisationId: world.a.id,
    userId: user,
    event,
    outcome,
    factor: 'pwd',
    createdAt: new Date(at),
  });
}

async function role(user: number, team: string, from: string, until: string | null = null) {
  roles.push({ user, team, from, until });
  await world.holdRole(world.a.id, user, team, from, until);
}

beforeAll(async () => {
  world = await createReportWorld();
  people.push(
    { id: world.reader.id, created: today, status: USER_STATUS.applicant },
    { id: world.nobody.id, created: today, status: USER_STATUS.applicant },
  );
  const ada = await person('Ada', '2025-01-05');
  await role(ada, 'north', '2025-01-05');
  // Late on New Year's Eve: December in London (winter time, as UTC), whatever the server's zone.
  await signIn(ada, '2025-12-31T23:30:00Z');
  await signIn(ada, '2026-01-01T00:10:00Z');
  await signIn(ada, '2026-01-15T10:00:00Z');
  // 23:59 UTC on 31 March is 00:59 on 1 April in London (summer time): an April sign-in.
  await signIn(ada, '2026-03-31T23:59:00Z');
  const ben = await person('Ben', '2025-06-01');
  await role(ben, 'south', '2025-06-01');
  await signIn(ben, '2026-02-01T08:00:00Z');
  await signIn(ben, '2026-02-02T08:00:00Z', 'sign_in', 'failure');
  await signIn(ben, '2026-02-03T08:00:00Z', 'token_refreshed');
  await signIn(ben, '2026-02-03T09:00:00Z');
  const cat = await person('Cat', '2025-02-01');
  await role(cat, 'north', '2025-02-01', '2025-12-31');
  const dan = await person('Dan', '2025-01-01', USER_STATUS.left);
  await role(dan, 'south', '2025-01-01', '2026-01-31');
  await signIn(dan, '2026-01-20T10:00:00Z');
  const eve = await person('Eve', '2026-02-15');
  await signIn(eve, '2026-04-02T10:00:00Z');
  const blocked = await person('Gus', '2025-03-01', USER_STATUS.blocked);
  await signIn(blocked, '2025-03-02T10:00:00Z');

  // Another organisation's sign-ins are never counted.
  const stranger = await createUser(world.ctx.db, world.b.id, {
    createdAt: new Date('2025-01-01T00:00:00Z'),
  });
  await world.ctx.db.insert(securityLog).values({
    organisationId: world.b.id,
    userId: stranger.id,
    event: 'sign_in',
    outcome: 'success',
    createdAt: new Date('2026-01-10T10:00:00Z'),
  });

  // One real sign-in through the API, recorded by the sign-in itself.
  const fay = await createAccount(world.ctx.db, world.a.id, { email: uniqueEmail('fay') });
  await world.ctx.db.update(users).set({ statusId: USER_STATUS.active }).where(eq(users.id, fay.id));
  people.push({ id: fay.id, created: today, status: USER_STATUS.active });
  const response = await world.ctx.app.inject({
    method: 'POST',
    url: '/api/auth/api/',
    headers: { host: world.a.host },
    payload: { email: fay.email, password: fay.password, minimal: true },
  });
  expect(response.statusCode, response.body).toBe(200);
  events.push({ user: fay.id, at: new Date().toISOString(), event: 'sign_in', outcome: 'success' });
}, 60_000);
afterAll(() => world?.ctx.close());

const dayOf = localDayOf;
const successes = () => events.filter((e) => e.event === 'sign_in' && e.outcome === 'success');

/** The months of [from, to] with the part of each inside the period. */
function monthsOf(from: string, to: string) {
  const months: { month: string; first: string; last: string }[] = [];
  let cursor = new Date(`${from.slice(0, 7)}-01T00:00:00Z`);
  while (cursor.toISOString().slice(0, 7) <= to.slice(0, 7)) {
    const start = cursor.toISOString().slice(0, 10);
    const next = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 1));
    const end = new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
    months.push({ month: start.slice(0, 7), first: start < from ? from : start, last: end > to ? to : end });
    cursor = next;
  }
  return months;
}

function expected(from: string, to: string, teamNames: string[] = []): { data: Row[]; totals: Totals } {
  const kept = (user: number) => teamNames.length === 0 || inTeams(roles, teamNames, from, to).has(user);
  const ok = successes().filter((e) => kept(e.user));
  const firstDay = new Map<number, string>();
  for (const e of successes()) {
    const day = dayOf(e.at);
    const known = firstDay.get(e.user);
    if (!known || day < known) {
      firstDay.set(e.user, day);
    }
  }
  const data = monthsOf(from, to).map(({ month, first, last }) => {
    const inMonth = ok.filter((e) => within(dayOf(e.at), first, last));
    return {
      month,
      logins: inMonth.length,
      people: new Set(inMonth.map((e) => e.user)).size,
      first_logins: [...firstDay].filter(([user, day]) => kept(user) && within(day, first, last)).length,
    };
  });
  const inPeriod = ok.filter((e) => within(dayOf(e.at), from, to));
  const current = people.filter(
    (p) => p.status !== USER_STATUS.left && p.status !== USER_STATUS.blocked && p.created <= to && kept(p.id),
  );
  return {
    data,
    totals: {
      logins: inPeriod.length,
      people: new Set(inPeriod.map((e) => e.user)).size,
      current_people: current.length,
      not_signed_in: current.filter((p) => !inPeriod.some((e) => e.user === p.id)).length,
      never_signed_in: current.filter((p) => !ok.some((e) => e.user === p.id && dayOf(e.at) <= to)).length,
    },
  };
}

const answer = async (query: string) => {
  const response = await world.get(world.reader, PATH, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer<Row, Totals>>();
};

describe('GET /reports/users/logins', () => {
  it('counts successful sign-ins per month, the people behind them and first sign-ins', async () => {
    for (const [from, to] of [
      ['2025-12-01', '2026-04-30'],
      ['2025-01-01', '2025-12-31'],
      ['2026-02-01', '2026-02-28'],
    ] as const) {
      const { data, totals, meta } = await answer(`?from=${from}&to=${to}`);
      expect({ data, totals }).toEqual(expected(from, to));
      expect(meta).toEqual({ from, to, team: [], role_profile: [] });
    }
    const { data, totals } = await answer('?from=2026-01-01&to=2026-03-31');
    expect(data).toEqual([
      { month: '2026-01', logins: 3, people: 2, first_logins: 1 },
      { month: '2026-02', logins: 2, people: 1, first_logins: 1 },
      { month: '2026-03', logins: 0, people: 0, first_logins: 0 },
    ]);
    expect(totals).toMatchObject({ logins: 5, people: 3 });
  });

  it('cuts the first and last months at the period’s edges, both days included, days in the organisation’s calendar', async () => {
    const { data } = await answer('?from=2026-01-01&to=2026-03-31');
    expect(data[0]).toEqual({ month: '2026-01', logins: 3, people: 2, first_logins: 1 });
    const edges = await answer('?from=2025-12-31&to=2026-01-01');
    expect(edges.data).toEqual([
      { month: '2025-12', logins: 1, people: 1, first_logins: 1 },
      { month: '2026-01', logins: 1, people: 1, first_logins: 0 },
    ]);
  });

  it('reads 23:59 UTC on 31 March as 1 April, the day it was in London (summer time), not 31 March', async () => {
    expect(localDayOf('2026-03-31T23:59:00Z')).toBe('2026-04-01');
    const lastDay = await answer('?from=2026-03-31&to=2026-03-31');
    expect(lastDay.data).toEqual([{ month: '2026-03', logins: 0, people: 0, first_logins: 0 }]);
    const dayAfter = await answer('?from=2026-04-01&to=2026-04-01');
    expect(dayAfter.data).toEqual([{ month: '2026-04', logins: 1, people: 1, first_logins: 0 }]);
    expect(dayAfter.totals).toEqual(expected('2026-04-01', '2026-04-01').totals);
  });

  it('counts the current people who did not, or never, sign in; leavers and blocked people are not current', async () => {
    const { totals } = await answer('?from=2026-01-01&to=2026-03-31');
    // Ada, Ben, Cat and Eve are current; Dan left and Gus is blocked; the callers came later.
    expect(totals).toEqual({ logins: 5, people: 3, current_people: 4, not_signed_in: 2, never_signed_in: 2 });
    expect(totals).toEqual(expected('2026-01-01', '2026-03-31').totals);
  });

  it('narrows to the teams asked for: people holding a role there on some day of the period', async () => {
    const north = await world.team(world.a.id, 'north');
    const south = await world.team(world.a.id, 'south');
    for (const [from, to] of [
      ['2026-01-01', '2026-03-31'],
      ['2025-01-01', '2025-12-31'],
      ['2026-02-01', '2026-02-28'],
    ] as const) {
      const onlyNorth = await answer(`?from=${from}&to=${to}&team=${north}`);
      expect({ data: onlyNorth.data, totals: onlyNorth.totals }).toEqual(expected(from, to, ['north']));
      const onlySouth = await answer(`?from=${from}&to=${to}&team=${south}`);
      expect({ data: onlySouth.data, totals: onlySouth.totals }).toEqual(expected(from, to, ['south']));
    }
    // Dan's role in the south ended in January: not in the south in February.
    const february = await answer(`?from=2026-02-01&to=2026-02-28&team=${south}`);
    expect(february.data).toEqual([{ month: '2026-02', logins: 2, people: 1, first_logins: 1 }]);
  });

  it('defaults to the twelve months to today, and counts a real sign-in', async () => {
    const { data, totals, meta } = await answer('');
    expect(meta.to).toBe(today);
    expect(data.map((row) => row.month)).toEqual(monthsOf(meta.from, meta.to).map((month) => month.month));
    // The year to today starts the day after today a year ago: thirteen calendar months, or
    // twelve when that day is a 1st (today is the last day of its month).
    const from = format(addDays(subYears(parseISO(today), 1), 1), 'yyyy-MM-dd');
    expect(meta.from).toBe(from);
    expect(data.length).toBe(from.endsWith('-01') ? 12 : 13);
    expect({ data, totals }).toEqual(expected(meta.from, meta.to));
    expect(data.at(-1)?.logins).toBeGreaterThanOrEqual(1);
  });

  it('never counts another organisation’s sign-ins or people', async () => {
    const response = await world.get(world.otherReader, PATH, '?from=2026-01-01&to=2026-01-31');
    expect(response.json<Answer<Row, Totals>>()).toMatchObject({
      data: [{ month: '2026-01', logins: 1, people: 1, first_logins: 1 }],
      totals: { logins: 1, people: 1, current_people: 1, not_signed_in: 0, never_signed_in: 0 },
    });
    const mine = await answer('?from=2026-01-10&to=2026-01-10');
    expect(mine.data).toEqual([{ month: '2026-01', logins: 0, people: 0, first_logins: 0 }]);
  });

  it('refuses the anonymous (401), the unpermitted (403) and a query it cannot read (422)', async () => {
    await expectRefusals(world, PATH);
  });
});
