import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { callAs, createTenant, type Caller, type Tenant } from '../../../test/tenant.js';
import {
  ASKS,
  buildMovementData,
  buildOtherOrganisation,
  expectations,
  metaOf,
  queryOf,
  type Ask,
  type MovementData,
} from '../starters-leavers/test-support.js';

/*
 * GET /reports/users/by-team and /reports/users/by-team/users over the hand-built organisation of
 * starters-leavers/test-support.ts (its roles): the answers are worked out there in plain
 * JavaScript, and the main period's are also spelt out.
 */

let ctx: TestContext;
let a: Tenant;
let reader: Caller;
let nobody: Caller;
let otherReader: Caller;
let data: MovementData;
let other: Awaited<ReturnType<typeof buildOtherOrganisation>>;
let expected: ReturnType<typeof expectations>;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createTenant(ctx.app);
  const b = await createTenant(ctx.app);
  reader = await a.person(['view-reports']);
  nobody = await a.person([]);
  otherReader = await b.person(['view-reports']);
  data = await buildMovementData(ctx.db, a.id);
  other = await buildOtherOrganisation(ctx.db, b.id);
  expected = expectations(data);
});
afterAll(() => ctx?.close());

const MAIN: Ask = { from: '2026-01-01', to: '2026-06-30' };

type Row = { id: number | null; label: string; count: number };
type UserRow = { id: number; first_name: string; team: { name: string }; role_profile: { name: string } };
type Answer<T> = { data: T[]; meta: ReturnType<typeof metaOf>; errors: Record<string, string[]> };

const get = (caller: Caller | { host: string }, path: string) =>
  callAs(ctx.app, 'headers' in caller ? caller.headers : caller, 'GET', `/api/reports/users/${path}`);

async function answer<T>(path: string, ask: Ask): Promise<Answer<T>> {
  const response = await get(reader, `${path}${queryOf(data, ask)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Answer<T>>();
}

/** The list calls answer one page (the first, of 100) and say how long the whole list is. */
const LIST_CALLS = ['by-team/users'];

/** The `meta` a call answers for an ask: a list call's adds where its page sits. */
function expectedMeta(path: string, ask: Ask, rows: unknown) {
  const meta = metaOf(data, ask);
  return LIST_CALLS.includes(path) && Array.isArray(rows)
    ? { ...meta, current_page: 1, per_page: 100, total: rows.length }
    : meta;
}

const CALLS: [string, (ask: Ask) => unknown][] = [
  ['by-team', (ask) => expected.byTeam(ask)],
  ['by-team/users', (ask) => expected.byTeamUsers(ask)],
];

describe('GET /reports/users/by-team and by-team/users', () => {
  it.each(CALLS)('%s answers what the plan gives, for every period and filter', async (path, model) => {
    for (const ask of ASKS) {
      const body = await answer(path, ask);
      const rows = model(ask);
      expect(body, `${path} ${JSON.stringify(ask)}`).toEqual({ data: rows, meta: expectedMeta(path, ask, rows) });
    }
  });

  it('counts a role ending on the first day or starting on the last; not one a day outside', async () => {
    // North: Ann, Cat, Eve, Gus (twice, counted once), Ivy, Mia. South: Bob (ends on the first
    // day), Dan (starts on the last), Fay, Ivy, Leo, Ned; not Kim (ended the day before).
    const body = await answer<Row>('by-team', MAIN);
    expect(body.data.map((row) => [row.label, row.count])).toEqual([
      ['north', 6],
      ['south', 6],
      ['east', 0],
    ]);
  });

  it('lists the people behind each count: the distinct people of a team are its count', async () => {
    const users = (await answer<UserRow>('by-team/users', MAIN)).data;
    for (const row of (await answer<Row>('by-team', MAIN)).data) {
      const people = new Set(users.filter((user) => user.team.name === row.label).map((user) => user.id));
      expect(people.size, row.label).toBe(row.count);
    }
    // Gus held his north stewardship twice in the period: two rows, one person.
    expect(users.filter((user) => user.first_name === 'Gus')).toHaveLength(2);
  });

  it('narrows to teams and role profiles', async () => {
    const north = await answer<Row>('by-team', { ...MAIN, team: ['north'] });
    expect(north.data).toEqual([{ id: data.team.north, label: 'north', count: 6 }]);
    const stewards = await answer<UserRow>('by-team/users', { ...MAIN, team: ['south'], role: ['steward'] });
    expect(stewards.data.map((row) => [row.first_name, row.team.name, row.role_profile.name])).toEqual([
      ['Bob', 'south', 'steward'],
      ['Leo', 'south', 'steward'],
    ]);
  });

  it('never counts another organisation’s people, nor narrows to its teams', async () => {
    const query = queryOf(data, MAIN);
    const teams = (await get(otherReader, `by-team${query}`)).json<Answer<Row>>();
    expect(teams.data).toEqual([{ id: other.team, label: 'north', count: 1 }]);
    const users = (await get(otherReader, `by-team/users${query}`)).json<Answer<UserRow>>();
    expect(users.data.map((row) => row.id)).toEqual([other.user]);
    const foreignTeam = (await get(reader, `by-team/users${query}&team=${other.team}`)).json<
      Answer<UserRow>
    >();
    expect(foreignTeam.data).toEqual([]);
  });

  it('401 without a session, 403 without view-reports', async () => {
    for (const [path] of CALLS) {
      expect((await get(a.anonymous, path)).statusCode).toBe(401);
      expect((await get(nobody, path)).statusCode).toBe(403);
    }
  });

  it('422 for a period that ends before it starts, a date that does not exist, or a team that is not an id', async () => {
    for (const [path] of CALLS) {
      const reversed = await get(reader, `${path}?from=2026-05-01&to=2026-04-30`);
      expect(reversed.statusCode).toBe(422);
      expect(reversed.json<Answer<Row>>().errors).toEqual({
        'querystring.to': ['The end of the period must be on or after its start.'],
      });
      const badDate = await get(reader, `${path}?to=2026-02-29`);
      expect(badDate.statusCode).toBe(422);
      expect(Object.keys(badDate.json<Answer<Row>>().errors)).toEqual(['querystring.to']);
      const badTeam = await get(reader, `${path}?team=0`);
      expect(badTeam.statusCode).toBe(422);
      expect(Object.keys(badTeam.json<Answer<Row>>().errors)).toEqual(['querystring.team.0']);
    }
  });
});
