import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationFormResponse, Opportunity, Organisation } from '@muster/contract';
import {
  opportunities,
  opportunityApplyActions,
  organisationHosts,
  organisations,
  teamRooms,
  terms,
} from '../db/schema/index.js';
import { tablesOfMessage } from './answer-cache.js';
import { createTestContext, type TestContext } from '../test/context.js';
import { createOpportunity } from '../test/factories/opportunity.js';
import { callAs, createTenant, type Caller, type Tenant } from '../test/tenant.js';
import { assertInserted } from '../db/rows.js';

/*
 * Issue 13 point 2: the organisation detail, the opportunity and its application form are kept
 * per organisation (and id or slug), and a committed change to anything they are built from is
 * served at once, whichever way it was written (through the API or straight to the database).
 */

let ctx: TestContext;

/** An organisation with one published opportunity whose review step shows one term. */
type Setup = { tenant: Tenant; admin: Caller; slug: string; opportunityId: number; termId: number; teamId: number };

async function setUp(): Promise<Setup> {
  const tenant = await createTenant(ctx.app);
  const admin = await tenant.person(['manage-organisation', 'view-users']);
  const [term] = await ctx.db
    .insert(terms)
    .values({ organisationId: tenant.id, name: 'Volunteer agreement', link: 'https://example.org/a', position: 1 })
    .returning();
  assertInserted(term, 'term');
  const opportunity = await createOpportunity(ctx.db, tenant.id, {
    sections: [{ type: 'basic-details' }, { type: 'review-apply', termIds: [term.id] }],
  });
  return {
    tenant,
    admin,
    slug: opportunity.slug,
    opportunityId: opportunity.id,
    termId: term.id,
    teamId: opportunity.teamId,
  };
}

async function termNames(setup: Setup, reference = setup.slug): Promise<string[]> {
  const answer = await ctx.app.inject({
    url: `/api/opportunities/${reference}/application-form/`,
    headers: setup.tenant.anonymous,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ApplicationFormResponse>().data.flatMap((section) => section.terms.map((term) => term.name));
}

async function opportunity(setup: Setup): Promise<{ status: number; data?: Opportunity }> {
  const answer = await ctx.app.inject({ url: `/api/opportunities/${setup.slug}`, headers: setup.tenant.anonymous });
  return { status: answer.statusCode, data: answer.statusCode === 200 ? answer.json<{ data: Opportunity }>().data : undefined };
}

async function organisationDetail(host: string): Promise<Organisation> {
  const answer = await ctx.app.inject({ url: '/api/organisation/detailed/', headers: { host } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: Organisation }>().data;
}

let north: Setup;
let south: Setup;

beforeAll(async () => {
  ctx = await createTestContext();
  north = await setUp();
  south = await setUp();
  // A shared 2-core machine can take a minute to copy the template database.
}, 300_000);
afterAll(() => ctx?.close());

describe('the kept public answers', () => {
  it('serve a term changed through the API at once, and only to its organisation', async () => {
    expect(await termNames(north)).toEqual(['Volunteer agreement']);
    expect(await termNames(south)).toEqual(['Volunteer agreement']);
    const changed = await callAs(ctx.app, north.admin.headers, 'PUT', `/api/organisation/terms/${String(north.termId)}`, {
      name: 'North agreement',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await termNames(north)).toEqual(['North agreement']);
    expect(await termNames(north, String(north.opportunityId))).toEqual(['North agreement']);
    expect(await termNames(south)).toEqual(['Volunteer agreement']);
  });

  it('serve a team renamed through the API at once in the opportunity', async () => {
    expect((await opportunity(north)).data?.team.name).not.toBe('North wardens');
    const before = await opportunity(south);
    const renamed = await callAs(ctx.app, north.admin.headers, 'PUT', `/api/organisation/teams/${String(north.teamId)}`, {
      name: 'North wardens',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await opportunity(north)).data?.team.name).toBe('North wardens');
    expect(await opportunity(south)).toEqual(before);
  });

  it('never serve an opportunity once it is unpublished, nor keep its absence once published', async () => {
    expect((await opportunity(north)).status).toBe(200);
    await termNames(north);
    await ctx.db.update(opportunities).set({ published: false }).where(eq(opportunities.id, north.opportunityId));
    expect((await opportunity(north)).status).toBe(404);
    const form = await ctx.app.inject({
      url: `/api/opportunities/${north.slug}/application-form/`,
      headers: north.tenant.anonymous,
    });
    expect(form.statusCode).toBe(404);
    expect(form.body).not.toContain('North agreement');
    await ctx.db.update(opportunities).set({ published: true }).where(eq(opportunities.id, north.opportunityId));
    expect((await opportunity(north)).status).toBe(200);
    expect(await termNames(north)).toEqual(['North agreement']);
  });

  it('serve a changed organisation and a new host at once, as JSON text that is not kept by browsers', async () => {
    const host = north.tenant.host;
    expect((await organisationDetail(host)).currency_symbol).toBe('£');
    const southBefore = await organisationDetail(south.tenant.host);
    await ctx.db.update(organisations).set({ currencySymbol: '€' }).where(eq(organisations.id, north.tenant.id));
    expect((await organisationDetail(host)).currency_symbol).toBe('€');
    expect(await organisationDetail(south.tenant.host)).toEqual(southBefore);

    const unknown = await ctx.app.inject({ url: '/api/organisation/detailed/', headers: { host: 'later.test' } });
    expect(unknown.statusCode).toBe(404);
    await ctx.db.insert(organisationHosts).values({ organisationId: north.tenant.id, host: 'later.test' });
    const answer = await ctx.app.inject({ url: '/api/organisation/detailed/', headers: { host: 'Later.Test' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/\+?json; charset=utf-8$/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json<{ data: Organisation }>().data.id).toBe(north.tenant.id);
  });

  it('does not keep an answer built from what a write committed during its building replaced', async () => {
    let builds = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = ctx.app.answerCache.remember('test:slow', async () => {
      builds += 1;
      await held;
      return 'built before the change';
    });
    await ctx.db.update(terms).set({ name: 'North agreement' }).where(eq(terms.id, north.termId));
    release();
    expect(await slow).toBe('built before the change');
    const again = await ctx.app.answerCache.remember('test:slow', async () => {
      builds += 1;
      return 'built after the change';
    });
    expect(again).toBe('built after the change');
    expect(builds).toBe(2);
  });

  it('is not emptied by a transaction rolled back, nor by writes to tables it is not built from', async () => {
    let builds = 0;
    const build = async () => {
      builds += 1;
      return builds;
    };
    expect(await ctx.app.answerCache.remember('test:kept', build)).toBe(1);
    await ctx.db
      .transaction(async (tx) => {
        await tx.update(terms).set({ name: 'Never' }).where(eq(terms.id, north.termId));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await ctx.db
      .insert(opportunityApplyActions)
      .values({ organisationId: north.tenant.id, opportunityId: north.opportunityId, userId: null });
    expect(await ctx.app.answerCache.remember('test:kept', build)).toBe(1);
  });
});

describe('answers scoped to tables of their own (issue 13: residential availability)', () => {
  const counter = () => {
    let builds = 0;
    return async () => {
      builds += 1;
      return builds;
    };
  };

  it('forget only the answers built from a scoped table written, and keep every other', async () => {
    const scoped = counter();
    const plain = counter();
    expect(await ctx.app.answerCache.remember('test:scoped', scoped, { tables: ['team_rooms'] })).toBe(1);
    expect(await ctx.app.answerCache.remember('test:plain', plain)).toBe(1);
    expect(await ctx.app.answerCache.remember('test:scoped', scoped, { tables: ['team_rooms'] })).toBe(1);
    await ctx.db.insert(teamRooms).values({ organisationId: north.tenant.id, teamId: north.teamId, name: 'Heron', beds: 1 });
    expect(await ctx.app.answerCache.remember('test:scoped', scoped, { tables: ['team_rooms'] })).toBe(2);
    expect(await ctx.app.answerCache.remember('test:plain', plain)).toBe(1);
    // A write to a table every answer is built from still forgets the scoped ones too.
    await ctx.db.update(terms).set({ name: 'North agreement' }).where(eq(terms.id, north.termId));
    expect(await ctx.app.answerCache.remember('test:scoped', scoped, { tables: ['team_rooms'] })).toBe(3);
    expect(await ctx.app.answerCache.remember('test:plain', plain)).toBe(2);
  });

  it('do not keep an answer whose scoped table was written while it was being built', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = ctx.app.answerCache.remember(
      'test:scoped-slow',
      async () => {
        await held;
        return 'built before the change';
      },
      { tables: ['team_rooms'] },
    );
    await ctx.db.insert(teamRooms).values({ organisationId: north.tenant.id, teamId: north.teamId, name: 'Otter', beds: 1 });
    release();
    expect(await slow).toBe('built before the change');
    const again = await ctx.app.answerCache.remember('test:scoped-slow', async () => 'built after the change', {
      tables: ['team_rooms'],
    });
    expect(again).toBe('built after the change');
  });

  it('refuse a table that no write would forget them for', async () => {
    // The sign-in bookkeeping is written as sessions are used, and no answer is scoped to it.
    await expect(
      ctx.app.answerCache.remember('test:bad', async () => 1, { tables: ['two_factor_challenges'] }),
    ).rejects.toThrow(/two_factor_challenges is not a table answers may be scoped to/);
  });

  it('read the tables a Redis message names, and nothing from an older process’s message', () => {
    expect(tablesOfMessage(JSON.stringify({ origin: 'a', tables: ['team_rooms', 'terms'] }))).toEqual([
      'team_rooms',
      'terms',
    ]);
    expect(tablesOfMessage('0b7c6c1e-5d0a-4f55-9d1c-5a4b7e9b2f10')).toBeNull();
    expect(tablesOfMessage('{"origin":"a"}')).toBeNull();
  });
});
