import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRecords } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createTeamRow, createTenant } from '../../test/factories/catalogue.js';
import { ENTRIES } from './documents.js';
import {
  teamHideResponseSchema,
  teamSubtreeResponseSchema,
  teamsTreeResponseSchema,
  type TeamNode,
} from '@muster/contract';

let ctx: TestContext;

type Headers = { host: string; authorization?: string };
type Errors = { message: string; errors: Record<string, string[]> };

async function tenant() {
  const created = await createTenant(ctx.app, {
    viewer: ['view-users', 'view-teams'],
    hider: ['view-users', 'view-teams', 'manage-teams'],
    nobody: [],
  });
  return { ...created, anonymous: { host: created.host } as Headers };
}

let a: Awaited<ReturnType<typeof tenant>>;
let b: Awaited<ReturnType<typeof tenant>>;
/** a's teams: North ⊃ (Bangor ⊃ Menai, Conwy), South. */
let north: { id: number };
let bangor: { id: number };
let menai: { id: number };
let conwy: { id: number };
let south: { id: number };
let foreign: { id: number };

beforeAll(async () => {
  ctx = await createTestContext();
  a = await tenant();
  b = await tenant();
  north = await createTeamRow(ctx.db, a.id, { name: 'North' });
  south = await createTeamRow(ctx.db, a.id, { name: 'South' });
  bangor = await createTeamRow(ctx.db, a.id, { name: 'Bangor', parentId: north.id });
  conwy = await createTeamRow(ctx.db, a.id, { name: 'Conwy', parentId: north.id });
  menai = await createTeamRow(ctx.db, a.id, { name: 'Menai', parentId: bangor.id });
  foreign = await createTeamRow(ctx.db, b.id, { name: 'Elsewhere' });
});
afterAll(() => ctx?.close());

/** The tree as names, for readable expectations. */
function shape(nodes: readonly TeamNode[]): unknown[] {
  return nodes.map((node) =>
    node.children.length === 0 ? node.name : { [node.name]: shape(node.children) },
  );
}

const tree = async (headers: Headers, query = '') => {
  const response = await ctx.app.inject({ url: `/api/organisation/teams/recursive/${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return teamsTreeResponseSchema.parse(response.json()).data;
};
const hide = (headers: Headers, teamId: number | string, payload?: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/organisation/teams/${teamId}/hide`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('GET /organisation/teams/recursive/ and /recursive/{id}', () => {
  it('reaches its own handler and answers the organisation’s teams as a tree, by name', async () => {
    expect(shape(await tree(a.viewer))).toEqual([{ North: [{ Bangor: ['Menai'] }, 'Conwy'] }, 'South']);
    expect(shape(await tree(b.viewer))).toEqual(['Elsewhere']);
    const [first] = await tree(a.viewer);
    expect(first).toMatchObject({ id: north.id, parent_id: null, hidden: false });
  });

  it('answers the subtree under one team, 404 for another organisation’s team', async () => {
    const response = await ctx.app.inject({
      url: `/api/organisation/teams/recursive/${north.id}`,
      headers: a.viewer,
    });
    expect(response.statusCode).toBe(200);
    expect(shape([teamSubtreeResponseSchema.parse(response.json()).data])).toEqual([
      { North: [{ Bangor: ['Menai'] }, 'Conwy'] },
    ]);
    for (const id of [foreign.id, 'abc', 0]) {
      const missing = await ctx.app.inject({
        url: `/api/organisation/teams/recursive/${id}`,
        headers: a.viewer,
      });
      expect(missing.statusCode, String(id)).toBe(404);
    }
  });

  it('refuses 401 anonymous, 403 without view-users, 422 for a bad include_hidden', async () => {
    expect(
      (await ctx.app.inject({ url: '/api/organisation/teams/recursive/', headers: a.anonymous })).statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/organisation/teams/recursive/', headers: a.nobody })).statusCode,
    ).toBe(403);
    const bad = await ctx.app.inject({
      url: '/api/organisation/teams/recursive/?include_hidden=yes',
      headers: a.viewer,
    });
    expect(Object.keys(bad.json<Errors>().errors)).toEqual(['querystring.include_hidden']);
  });
});

describe('POST /organisation/teams/{teamId}/hide', () => {
  it('hides a team and its subtree from the tree until shown again, keeping one document per team', async () => {
    const hidden = await hide(a.hider, bangor.id);
    expect(hidden.statusCode).toBe(201);
    const document = teamHideResponseSchema.parse(hidden.json()).data;
    expect(document).toMatchObject({ team_id: bangor.id, hidden: true });
    expect(shape(await tree(a.viewer))).toEqual([{ North: ['Conwy'] }, 'South']);
    expect(shape(await tree(a.viewer, '?include_hidden=1'))).toEqual([
      { North: [{ Bangor: ['Menai'] }, 'Conwy'] },
      'South',
    ]);
    const withHidden = await tree(a.viewer, '?include_hidden=true');
    expect(withHidden[0]?.children[0]).toMatchObject({ name: 'Bangor', hidden: true });
    // Asked for by id, a hidden team still answers; its hidden descendants follow include_hidden.
    const subtree = await ctx.app.inject({
      url: `/api/organisation/teams/recursive/${bangor.id}`,
      headers: a.viewer,
    });
    expect(teamSubtreeResponseSchema.parse(subtree.json()).data).toMatchObject({
      name: 'Bangor',
      hidden: true,
    });
    // The generic show of organisation.teams.hide reads the same document.
    const shown = await ctx.app.inject({
      url: `/api/organisation/teams/${bangor.id}/hide/${document.id}`,
      headers: a.viewer,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ data: { id: document.id, hidden: true } });

    const shownAgain = await hide(a.hider, bangor.id, { hidden: false });
    expect(shownAgain.statusCode).toBe(200);
    expect(teamHideResponseSchema.parse(shownAgain.json()).data).toMatchObject({
      id: document.id,
      hidden: false,
    });
    expect(shape(await tree(a.viewer))).toEqual([{ North: [{ Bangor: ['Menai'] }, 'Conwy'] }, 'South']);
    const documents = await ctx.db
      .select()
      .from(catalogueRecords)
      .where(
        and(
          eq(catalogueRecords.entry, ENTRIES.teamHide),
          eq(catalogueRecords.parentKey, `teamId=${bangor.id}`),
        ),
      );
    expect(documents).toHaveLength(1);
  });

  it('hides a top-level team with everything under it', async () => {
    expect((await hide(a.hider, north.id, { hidden: true })).statusCode).toBe(201);
    expect(shape(await tree(a.viewer))).toEqual(['South']);
    expect((await hide(a.hider, north.id, { hidden: false })).statusCode).toBe(200);
    expect(shape(await tree(a.viewer))).toHaveLength(2);
    expect(menai.id).toBeGreaterThan(0);
    expect(conwy.id).toBeGreaterThan(0);
    expect(south.id).toBeGreaterThan(0);
  });

  it('never reaches another organisation’s team (404) and leaves its tree alone', async () => {
    const response = await hide(a.hider, foreign.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'The team was not found.' });
    expect(shape(await tree(b.viewer))).toEqual(['Elsewhere']);
    const documents = await ctx.db
      .select()
      .from(catalogueRecords)
      .where(eq(catalogueRecords.parentKey, `teamId=${foreign.id}`));
    expect(documents).toEqual([]);
  });

  it('refuses 401 anonymous, 403 without manage-teams, 422 for a hidden that is not true or false', async () => {
    expect((await hide(a.anonymous, south.id)).statusCode).toBe(401);
    expect((await hide(a.viewer, south.id)).statusCode).toBe(403);
    const bad = await hide(a.hider, south.id, { hidden: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<Errors>().errors).toEqual({ hidden: ['Hidden must be true or false.'] });
  });

  it('leaves the catalogue’s disabled index of hide as a 405', async () => {
    const response = await ctx.app.inject({
      url: `/api/organisation/teams/${south.id}/hide`,
      headers: a.hider,
    });
    expect(response.statusCode).toBe(405);
  });
});
