import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleProfiles, teams, userRoles } from '../../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createUser } from '../../../test/factories/user.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../../test/tenant.js';

/*
 * GET /reports/users/by-role over a hand-built organisation: the expected counts are worked out
 * here from the same roles listed in plain data, not by the report's SQL.
 */

let ctx: TestContext;
let a: Tenant;
let reader: Caller;
let nobody: Caller;
let otherReader: Caller;
const role = { driver: 0, steward: 0, unused: 0 };
const team = { north: 0, south: 0 };

/** Each role held: who, which team and role, from when, until when (null: still held). */
type Held = {
  user: number;
  team: keyof typeof team;
  role: keyof typeof role;
  from: string;
  until: string | null;
  /** When the role was given (ISO instant); 09:00 UTC on `from` when not given. */
  at?: string;
};
const held: Held[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.app);
  const b = await createTenant(ctx.app);
  reader = await a.person(['view-reports']);
  nobody = await a.person([]);
  otherReader = await b.person(['view-reports']);
  for (const name of Object.keys(team) as (keyof typeof team)[]) {
    const [row] = await ctx.db.insert(teams).values({ organisationId: a.id, name }).returning();
    team[name] = row?.id ?? 0;
  }
  for (const name of Object.keys(role) as (keyof typeof role)[]) {
    const [row] = await ctx.db
      .insert(roleProfiles)
      .values({ organisationId: a.id, displayName: name })
      .returning();
    role[name] = row?.id ?? 0;
  }
  const plan: Omit<Held, 'user'>[][] = [
    [{ team: 'north', role: 'driver', from: '2026-01-10', until: null }],
    [{ team: 'south', role: 'driver', from: '2026-03-01', until: '2026-03-31' }],
    // The same person as driver in two teams counts once for drivers.
    [
      { team: 'north', role: 'driver', from: '2026-02-01', until: null },
      { team: 'south', role: 'driver', from: '2026-02-01', until: null },
      { team: 'south', role: 'steward', from: '2026-05-01', until: null },
    ],
    [{ team: 'south', role: 'steward', from: '2025-06-01', until: '2025-12-31' }],
    // Given at 23:30 UTC on 31 May, which is 00:30 on 1 June in London (summer time): from 1 June.
    [{ team: 'north', role: 'driver', from: '2026-06-01', until: null, at: '2026-05-31T23:30:00Z' }],
  ];
  for (const roles of plan) {
    const user = await createUser(ctx.db, a.id);
    for (const entry of roles) {
      held.push({ user: user.id, ...entry });
      await ctx.db.insert(userRoles).values({
        organisationId: a.id,
        userId: user.id,
        teamId: team[entry.team],
        roleProfileId: role[entry.role],
        endDate: entry.until,
        createdAt: new Date(entry.at ?? `${entry.from}T09:00:00Z`),
      });
    }
  }
});
afterAll(() => ctx?.close());

/** The expected answer: distinct people per role whose holding overlaps [from, to]. */
function expected(from: string, to: string, teams: (keyof typeof team)[] = []) {
  return (Object.keys(role) as (keyof typeof role)[])
    .map((name) => {
      const people = new Set(
        held
          .filter((h) => h.role === name && h.from <= to && (h.until === null || h.until >= from))
          .filter((h) => teams.length === 0 || teams.includes(h.team))
          .map((h) => h.user),
      );
      return { id: role[name], label: name, count: people.size };
    })
    .sort((x, y) => y.count - x.count || x.label.localeCompare(y.label));
}

type Row = { id: number | null; label: string; count: number };
type Answer = {
  data: Row[];
  meta: { from: string; to: string; team: number[]; role_profile: number[] };
  errors: Record<string, string[]>;
};
const countOf = (answer: Answer, label: string) => answer.data.find((row) => row.label === label)?.count;

const get = (caller: Caller | { host: string }, query: string) =>
  callAs(ctx.app, 'headers' in caller ? caller.headers : caller, 'GET', `/api/reports/users/by-role${query}`);

describe('GET /reports/users/by-role', () => {
  it('counts each person once per role they held on some day of the period', async () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-12-31'],
      ['2025-01-01', '2025-12-31'],
      ['2026-03-31', '2026-03-31'],
      ['2026-04-01', '2026-04-30'],
    ] as const) {
      const response = await get(reader, `?from=${from}&to=${to}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Answer>()).toEqual({
        data: expected(from, to),
        meta: { from, to, team: [], role_profile: [] },
      });
    }
  });

  it('includes both edge days: a role ending on the first day or starting on the last day counts', async () => {
    const endsOnFirst = await get(reader, '?from=2026-03-31&to=2026-05-31');
    expect(endsOnFirst.json<Answer>().data).toEqual(expected('2026-03-31', '2026-05-31'));
    expect(countOf(endsOnFirst.json<Answer>(), 'driver')).toBe(3);
    const startsOnLast = await get(reader, '?from=2025-01-01&to=2026-01-10');
    expect(countOf(startsOnLast.json<Answer>(), 'driver')).toBe(1);
  });

  it('reads a role given at 23:30 UTC on 31 May as given on 1 June, the day it was in London (summer time)', async () => {
    const given = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date('2026-05-31T23:30:00Z'));
    expect(given).toBe('2026-06-01');
    const may = await get(reader, '?from=2026-05-31&to=2026-05-31');
    expect(may.json<Answer>().data).toEqual(expected('2026-05-31', '2026-05-31'));
    expect(countOf(may.json<Answer>(), 'driver')).toBe(2);
    const june = await get(reader, '?from=2026-06-01&to=2026-06-01');
    expect(june.json<Answer>().data).toEqual(expected('2026-06-01', '2026-06-01'));
    expect(countOf(june.json<Answer>(), 'driver')).toBe(3);
  });

  it('narrows to the teams asked for, and to role profiles', async () => {
    const north = await get(reader, `?from=2026-01-01&to=2026-12-31&team=${team.north}`);
    expect(north.json<Answer>().data).toEqual(expected('2026-01-01', '2026-12-31', ['north']));
    const both = await get(reader, `?from=2026-01-01&to=2026-12-31&team=${team.north}&team=${team.south}`);
    expect(both.json<Answer>().data).toEqual(expected('2026-01-01', '2026-12-31', ['north', 'south']));
    const stewards = await get(reader, `?from=2025-01-01&to=2026-12-31&role_profile=${role.steward}`);
    expect(stewards.json<Answer>().data).toEqual([{ id: role.steward, label: 'steward', count: 2 }]);
  });

  it('defaults to the twelve months to today', async () => {
    const response = await get(reader, '');
    const { from, to } = response.json<Answer>().meta;
    expect(to).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()));
    expect(from > to.replace(/^\d{4}/, (year) => String(Number(year) - 1))).toBe(true);
  });

  it('never counts another organisation’s people', async () => {
    const response = await get(otherReader, '?from=2025-01-01&to=2026-12-31');
    expect(response.statusCode).toBe(200);
    expect(response.json<Answer>().data).toEqual([]);
  });

  it('401 without a session, 403 without view-reports', async () => {
    expect((await get(a.anonymous, '')).statusCode).toBe(401);
    expect((await get(nobody, '')).statusCode).toBe(403);
  });

  it('422 for a period that ends before it starts, a date that does not exist, or a team that is not an id', async () => {
    const reversed = await get(reader, '?from=2026-05-01&to=2026-04-30');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json<Answer>().errors).toEqual({
      'querystring.to': ['The end of the period must be on or after its start.'],
    });
    const badDate = await get(reader, '?from=2026-02-30');
    expect(badDate.statusCode).toBe(422);
    expect(badDate.json<Answer>().errors['querystring.from']).toEqual([
      'Please enter the start of the period as a date, e.g. 2026-05-01.',
    ]);
    const badTeam = await get(reader, '?team=north');
    expect(badTeam.statusCode).toBe(422);
    expect(Object.keys(badTeam.json<Answer>().errors)).toEqual(['querystring.team.0']);
  });
});
