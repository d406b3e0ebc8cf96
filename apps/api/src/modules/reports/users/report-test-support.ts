import { expect } from 'vitest';
import { roleProfiles, teams, userRoles } from '../../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../../test/tenant.js';

/*
 * What the tests of the people reports share: two organisations, a reader of the first, someone
 * without view-reports, a reader of the second, the GET as each of them, the refusals every
 * report gives, and the roles that put people in teams for the team filter.
 */

/** The envelope every report answers, with its rows typed by the test. */
export type Answer<Row, Totals = undefined> = {
  data: Row[];
  meta: { from: string; to: string; team: number[]; role_profile: number[] };
  totals: Totals;
  errors: Record<string, string[]>;
  message: string;
};

export type ReportWorld = {
  ctx: TestContext;
  a: Tenant;
  b: Tenant;
  reader: Caller;
  nobody: Caller;
  otherReader: Caller;
  /** GET `/api{path}{query}` as the caller (or anonymously with `{host}`). */
  get: (caller: Caller | { host: string }, path: string, query?: string) => ReturnType<typeof callAs>;
  /** A team of the organisation, made on first use by name. */
  team: (organisationId: number, name: string) => Promise<number>;
  /**
   * Gives the person a role in the named team (and a role profile named after it) from `from`
   * (09:00 UTC) to `until` (null: still held).
   */
  holdRole: (
    organisationId: number,
    userId: number,
    teamName: string,
    from: string,
    until?: string | null,
  ) => Promise<void>;
};

/** Builds the two organisations and their callers for one test file. */
export async function createReportWorld(): Promise<ReportWorld> {
  const ctx = await createTestContext();
  const a = await createTenant(ctx.app);
  const b = await createTenant(ctx.app);
  const reader = await a.person(['view-reports']);
  const nobody = await a.person([]);
  const otherReader = await b.person(['view-reports']);
  const teamIds = new Map<string, number>();
  const profileIds = new Map<string, number>();

  const team = async (organisationId: number, name: string) => {
    const key = `${organisationId}:${name}`;
    const known = teamIds.get(key);
    if (known) {
      return known;
    }
    const [row] = await ctx.db.insert(teams).values({ organisationId, name }).returning();
    teamIds.set(key, row?.id ?? 0);
    return row?.id ?? 0;
  };

  const profile = async (organisationId: number, name: string) => {
    const key = `${organisationId}:${name}`;
    const known = profileIds.get(key);
    if (known) {
      return known;
    }
    const [row] = await ctx.db
      .insert(roleProfiles)
      .values({ organisationId, displayName: `${name} volunteer` })
      .returning();
    profileIds.set(key, row?.id ?? 0);
    return row?.id ?? 0;
  };

  return {
    ctx,
    a,
    b,
    reader,
    nobody,
    otherReader,
    get: (caller, path, query = '') =>
      callAs(ctx.app, 'headers' in caller ? caller.headers : caller, 'GET', `/api${path}${query}`),
    team,
    holdRole: async (organisationId, userId, teamName, from, until = null) => {
      await ctx.db.insert(userRoles).values({
        organisationId,
        userId,
        teamId: await team(organisationId, teamName),
        roleProfileId: await profile(organisationId, teamName),
        endDate: until,
        createdAt: new Date(`${from}T09:00:00Z`),
      });
    },
  };
}

/** 401 anonymous, 403 without view-reports, and the 422s of the query, for one report path. */
export async function expectRefusals(world: ReportWorld, path: string): Promise<void> {
  const { a, nobody, reader, get } = world;
  expect((await get(a.anonymous, path)).statusCode).toBe(401);
  expect((await get(nobody, path)).statusCode).toBe(403);
  // Without the permission the query is not even looked at.
  expect((await get(nobody, path, '?from=2026-02-30')).statusCode).toBe(403);
  const reversed = await get(reader, path, '?from=2026-05-01&to=2026-04-30');
  expect(reversed.statusCode).toBe(422);
  expect(reversed.json<Answer<unknown>>().errors).toEqual({
    'querystring.to': ['The end of the period must be on or after its start.'],
  });
  const badDate = await get(reader, path, '?from=2026-02-30');
  expect(badDate.statusCode).toBe(422);
  expect(Object.keys(badDate.json<Answer<unknown>>().errors)).toEqual(['querystring.from']);
  const badTeam = await get(reader, path, '?team=north');
  expect(badTeam.statusCode).toBe(422);
  expect(Object.keys(badTeam.json<Answer<unknown>>().errors)).toEqual(['querystring.team.0']);
  const badRole = await get(reader, path, '?role_profile=0');
  expect(badRole.statusCode).toBe(422);
  expect(Object.keys(badRole.json<Answer<unknown>>().errors)).toEqual(['querystring.role_profile.0']);
}

/** The test organisations' time zone (the default one): the calendar the reports read days in. */
export const ZONE = 'Europe/London';

/**
 * The day (YYYY-MM-DD) an ISO instant falls on in the organisation's calendar, worked out by
 * `Intl` rather than the reports' SQL: 23:30 UTC on 31 May is 1 June in London.
 */
export function localDayOf(instant: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );
}

/** True when `day` (YYYY-MM-DD) is within [from, to], both included. */
export function within(day: string | null | undefined, from: string, to: string): boolean {
  return day !== null && day !== undefined && day >= from && day <= to;
}

/**
 * The people a team filter keeps: those who held a role in one of the teams on some day of the
 * period, from the roles the test gave (plain data, not the report's SQL).
 */
export function inTeams(
  roles: ReadonlyArray<{ user: number; team: string; from: string; until: string | null }>,
  teamNames: readonly string[],
  from: string,
  to: string,
): Set<number> {
  return new Set(
    roles
      .filter(
        (role) =>
          teamNames.includes(role.team) && role.from <= to && (role.until === null || role.until >= from),
      )
      .map((role) => role.user),
  );
}
