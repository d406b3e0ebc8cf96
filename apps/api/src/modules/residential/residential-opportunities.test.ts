import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { residentialOpportunityResponseSchema, type ResidentialOpportunity } from '@muster/contract';
import { opportunities, opportunityTimeslots, opportunitySubLocations } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createApplication } from '../../test/factories/application.js';
import { createAccount } from '../../test/factories/auth.js';
import {
  createRoleProfileRow,
  createTeamRow,
  createTenant,
  loadCountries,
} from '../../test/factories/catalogue.js';
import { createOpportunity } from '../../test/factories/opportunity.js';
import { createChangeoverDay, createRoom } from '../../test/factories/residential.js';

/*
 * Residential opportunities and the places they are in (docs/residential.md "Residential
 * opportunities"): one read as the finder does, written by `manage-residential`.
 */

let ctx: TestContext;
type Caller = { host: string; authorization?: string };

async function tenant() {
  const created = await createTenant(ctx.app, {
    manager: ['manage-residential'],
    reader: ['view-residential-bookings'],
  });
  return { ...created, anonymous: { host: created.host } as Caller };
}

let a: Awaited<ReturnType<typeof tenant>>;
let b: Awaited<ReturnType<typeof tenant>>;

beforeAll(async () => {
  ctx = await createTestContext();
  await loadCountries(ctx.db);
  a = await tenant();
  b = await tenant();
});
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Caller, payload?: object) =>
  ctx.app.inject({ method, url, headers: who, ...(payload === undefined ? {} : { payload }) });
type Reply = Awaited<ReturnType<typeof call>>;
const opportunityOf = (reply: Reply): ResidentialOpportunity =>
  residentialOpportunityResponseSchema.parse(reply.json()).data;
const errorsOf = (reply: Reply) => reply.json<{ errors: Record<string, string[]> }>().errors;

async function residential(
  organisationId: number,
  fields: Partial<{ country: string; county: string; published: boolean; endDate: string }> = {},
) {
  return createOpportunity(ctx.db, organisationId, { type: 'Residential-short', ...fields });
}

async function placeOf(id: number) {
  const [row] = await ctx.db
    .select({ country: opportunities.country, county: opportunities.county })
    .from(opportunities)
    .where(eq(opportunities.id, id));
  return row;
}

describe('a residential opportunity', () => {
  it('is created by staff with its place and stay lengths, then read by anyone once published', async () => {
    const team = await createTeamRow(ctx.db, a.id, { name: 'Lakeside Lodge' });
    await createRoom(ctx.db, a.id, team.id);
    await createRoom(ctx.db, a.id, team.id, { beds: 4, shared: true });
    await createChangeoverDay(ctx.db, a.id, team.id, 6);
    const role = await createRoleProfileRow(ctx.db, a.id);
    const created = await call('POST', '/api/residential-opportunities', a.manager, {
      display_name: 'Lakeside week!',
      team_id: team.id,
      role_profile_id: role.id,
      start_date: '2031-05-01',
      end_date: '2031-09-30',
      country: 'gb',
      county: 'Cumbria',
      min_nights: 7,
      max_nights: 21,
    });
    expect(created.statusCode).toBe(201);
    const opportunity = opportunityOf(created);
    expect(opportunity).toMatchObject({
      slug: 'lakeside-week',
      display_name: 'Lakeside week!',
      type: 'Residential-short',
      published: false,
      team: { id: team.id, name: 'Lakeside Lodge' },
      country: { region: 'GB' },
      county: 'Cumbria',
      min_nights: 7,
      max_nights: 21,
      durations: [7, 14, 21],
      changeover_days: [{ day_of_week: 6 }],
      rooms: { private_rooms: 1, shared_beds: 4 },
    });
    const slots = await ctx.db
      .select({ min: opportunityTimeslots.minDuration, max: opportunityTimeslots.maxDuration })
      .from(opportunitySubLocations)
      .innerJoin(opportunityTimeslots, eq(opportunityTimeslots.subLocationId, opportunitySubLocations.id))
      .where(eq(opportunitySubLocations.opportunityId, opportunity.id));
    expect(slots).toEqual([{ min: 7, max: 21 }]);

    // Unpublished: staff only. By id or slug.
    expect(
      (await call('GET', `/api/residential-opportunities/${opportunity.id}`, a.anonymous)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/residential-opportunities/lakeside-week', a.manager)).statusCode).toBe(
      200,
    );
    const published = await call('PUT', `/api/residential-opportunities/${opportunity.id}`, a.manager, {
      published: true,
      max_nights: 14,
      county: '',
    });
    expect(opportunityOf(published)).toMatchObject({
      published: true,
      max_nights: 14,
      durations: [7, 14],
      county: null,
    });
    expect(
      opportunityOf(await call('GET', '/api/residential-opportunities/lakeside-week', a.anonymous)),
    ).toMatchObject({
      id: opportunity.id,
    });
    // A second one of the same name gets a slug of its own.
    const again = await call('POST', '/api/residential-opportunities', a.manager, {
      display_name: 'Lakeside week!',
      team_id: team.id,
      role_profile_id: role.id,
    });
    expect(opportunityOf(again).slug).toMatch(/^lakeside-week-/);
  });

  it('is refused with 401, 403, 422 keyed by field (another organisation’s team or role too), and 404 across organisations', async () => {
    const team = await createTeamRow(ctx.db, a.id);
    const role = await createRoleProfileRow(ctx.db, a.id);
    const body = { display_name: 'Stay', team_id: team.id, role_profile_id: role.id };
    expect((await call('POST', '/api/residential-opportunities', a.anonymous, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/residential-opportunities', a.reader, body)).statusCode).toBe(403);
    const bad = await call('POST', '/api/residential-opportunities', a.manager, {
      display_name: '',
      country: 'Britain',
      min_nights: 0,
    });
    expect(Object.keys(errorsOf(bad)).sort()).toEqual([
      'country',
      'display_name',
      'min_nights',
      'role_profile_id',
      'team_id',
    ]);
    const theirTeam = await createTeamRow(ctx.db, b.id);
    const theirRole = await createRoleProfileRow(ctx.db, b.id);
    const foreign = await call('POST', '/api/residential-opportunities', a.manager, {
      ...body,
      team_id: theirTeam.id,
      role_profile_id: theirRole.id,
      country: 'ZZ',
      start_date: '2031-05-02',
      end_date: '2031-05-01',
      min_nights: 14,
      max_nights: 7,
    });
    expect(errorsOf(foreign)).toEqual({
      team_id: ['Please choose a team of this organisation.'],
      role_profile_id: ['Please choose a role profile of this organisation.'],
      country: ['Please choose a country from the list.'],
      end_date: ['The end date must not be before the start date.'],
      max_nights: ['The longest stay must not be shorter than the shortest.'],
    });
    const theirs = await residential(b.id);
    expect((await call('GET', `/api/residential-opportunities/${theirs.id}`, a.anonymous)).statusCode).toBe(
      404,
    );
    expect(
      (await call('PUT', `/api/residential-opportunities/${theirs.id}`, a.manager, { published: false }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/residential-opportunities/${theirs.id}`, a.manager)).statusCode).toBe(
      404,
    );
    // A one-off opportunity is not a residential one.
    const oneOff = await createOpportunity(ctx.db, a.id);
    expect((await call('GET', `/api/residential-opportunities/${oneOff.id}`, a.manager)).statusCode).toBe(
      404,
    );
    const taken = await call(
      'PUT',
      `/api/residential-opportunities/${(await residential(a.id)).id}`,
      a.manager,
      { slug: oneOff.slug },
    );
    expect(errorsOf(taken)).toEqual({ slug: ['Another opportunity already has this slug.'] });
    expect(
      (await call('PUT', `/api/residential-opportunities/${oneOff.id}`, a.reader, { published: false }))
        .statusCode,
    ).toBe(403);
  });

  it('is deleted when nobody applied, and kept (409) when someone did', async () => {
    const unused = await residential(a.id);
    expect(
      (await call('DELETE', `/api/residential-opportunities/${unused.id}`, a.anonymous)).statusCode,
    ).toBe(401);
    expect((await call('DELETE', `/api/residential-opportunities/${unused.id}`, a.reader)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/residential-opportunities/${unused.id}`, a.manager)).statusCode).toBe(
      204,
    );
    expect(await ctx.db.select().from(opportunities).where(eq(opportunities.id, unused.id))).toEqual([]);
    const applied = await residential(a.id);
    const person = await createAccount(ctx.db, a.id);
    await createApplication(ctx.db, a.id, { opportunityId: applied.id, userId: person.id });
    const refused = await call('DELETE', `/api/residential-opportunities/${applied.id}`, a.manager);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      'People have applied for this opportunity, so it cannot be deleted; unpublish it instead.',
    );
    expect((await ctx.db.select().from(opportunities).where(eq(opportunities.id, applied.id))).length).toBe(
      1,
    );
  });
});

describe('countries and counties of residential opportunities', () => {
  it('shows a country with its counties, and a county, counting published ones that have not ended', async () => {
    const c = await tenant();
    await residential(c.id, { country: 'GB', county: 'Cumbria' });
    await residential(c.id, { country: 'GB', county: 'cumbria' });
    await residential(c.id, { country: 'GB', county: 'Devon' });
    await residential(c.id, { country: 'GB' });
    await residential(c.id, { country: 'GB', county: 'Kent', published: false });
    await residential(c.id, { country: 'GB', county: 'Kent', endDate: '2001-01-01' });
    await residential(b.id, { country: 'GB', county: 'Cumbria' });
    const country = await call('GET', '/api/residential-opportunities/countries/gb', c.anonymous);
    expect(country.json()).toEqual({
      data: {
        region: 'GB',
        name: 'United Kingdom',
        opportunities: 4,
        counties: [
          { name: 'Cumbria', opportunities: 2 },
          { name: 'Devon', opportunities: 1 },
        ],
      },
    });
    const county = await call(
      'GET',
      '/api/residential-opportunities/counties/CUMBRIA?country=GB',
      c.anonymous,
    );
    expect(county.json()).toEqual({
      data: { name: 'Cumbria', country: { region: 'GB', name: 'United Kingdom' }, opportunities: 2 },
    });
    expect(
      (await call('GET', '/api/residential-opportunities/counties/Kent?country=GB', c.anonymous)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/residential-opportunities/countries/ZZ', c.anonymous)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/residential-opportunities/counties/Kent', c.anonymous)).statusCode).toBe(
      422,
    );
  });

  it('places opportunities in a country, moves a country’s to another, and takes the country off', async () => {
    const c = await tenant();
    const first = await residential(c.id, { country: 'FR', county: 'Normandie' });
    const second = await residential(c.id);
    const theirs = await residential(b.id, { country: 'FR', county: 'Normandie' });
    const placed = await call('POST', '/api/residential-opportunities/countries', c.manager, {
      region: 'fr',
      opportunity_ids: [first.id, second.id],
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ data: { region: 'FR', opportunities: 2 } });
    // Already in the country: its county stays.
    expect(await placeOf(first.id)).toEqual({ country: 'FR', county: 'Normandie' });
    expect(await placeOf(second.id)).toEqual({ country: 'FR', county: null });

    const moved = await call('PUT', '/api/residential-opportunities/countries/FR', c.manager, {
      region: 'BE',
    });
    expect(moved.statusCode).toBe(200);
    expect(await placeOf(first.id)).toEqual({ country: 'BE', county: 'Normandie' });
    expect(await placeOf(theirs.id)).toEqual({ country: 'FR', county: 'Normandie' });
    expect(
      (await call('PUT', '/api/residential-opportunities/countries/FR', c.manager, { region: 'BE' }))
        .statusCode,
    ).toBe(404);

    expect((await call('DELETE', '/api/residential-opportunities/countries/BE', c.manager)).statusCode).toBe(
      204,
    );
    const rows = await ctx.db
      .select({ country: opportunities.country, county: opportunities.county })
      .from(opportunities)
      .where(inArray(opportunities.id, [first.id, second.id]));
    expect(rows).toEqual([
      { country: null, county: null },
      { country: null, county: null },
    ]);
    expect(await placeOf(theirs.id)).toEqual({ country: 'FR', county: 'Normandie' });
  });

  it('places opportunities in a county, renames a county everywhere, and takes it off', async () => {
    const c = await tenant();
    const first = await residential(c.id, { country: 'GB', county: 'cumbria ' });
    const second = await residential(c.id, { country: 'GB', county: 'Cumbria' });
    const third = await residential(c.id);
    const theirs = await residential(b.id, { country: 'GB', county: 'Cumbria' });
    expect(
      (
        await call('POST', '/api/residential-opportunities/counties', c.manager, {
          country: 'GB',
          name: 'Cumbria',
          opportunity_ids: [third.id],
        })
      ).statusCode,
    ).toBe(204);
    expect(await placeOf(third.id)).toEqual({ country: 'GB', county: 'Cumbria' });
    expect(
      (
        await call('PUT', '/api/residential-opportunities/counties/cumbria?country=GB', c.manager, {
          name: 'Cumbria (Lakes)',
        })
      ).statusCode,
    ).toBe(204);
    expect(await placeOf(second.id)).toEqual({ country: 'GB', county: 'Cumbria (Lakes)' });
    expect(await placeOf(third.id)).toEqual({ country: 'GB', county: 'Cumbria (Lakes)' });
    // "cumbria " (with a space) was written differently and is left as it was.
    expect(await placeOf(first.id)).toEqual({ country: 'GB', county: 'cumbria ' });
    expect(await placeOf(theirs.id)).toEqual({ country: 'GB', county: 'Cumbria' });
    expect(
      (
        await call(
          'DELETE',
          '/api/residential-opportunities/counties/Cumbria%20(Lakes)?country=GB',
          c.manager,
        )
      ).statusCode,
    ).toBe(204);
    expect(await placeOf(second.id)).toEqual({ country: 'GB', county: null });
    expect(
      (await call('DELETE', '/api/residential-opportunities/counties/Nowhere?country=GB', c.manager))
        .statusCode,
    ).toBe(404);
  });

  it('needs manage-residential to write, refuses bad input and other organisations’ opportunities', async () => {
    const mine = await residential(a.id);
    const theirs = await residential(b.id);
    const body = { region: 'GB', opportunity_ids: [mine.id] };
    expect(
      (await call('POST', '/api/residential-opportunities/countries', a.anonymous, body)).statusCode,
    ).toBe(401);
    expect((await call('POST', '/api/residential-opportunities/countries', a.reader, body)).statusCode).toBe(
      403,
    );
    expect(
      (await call('PUT', '/api/residential-opportunities/countries/GB', a.reader, { region: 'FR' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', '/api/residential-opportunities/countries/GB', a.anonymous)).statusCode,
    ).toBe(401);
    expect(
      (
        await call('POST', '/api/residential-opportunities/counties', a.reader, {
          country: 'GB',
          name: 'X',
          opportunity_ids: [mine.id],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', '/api/residential-opportunities/counties/X?country=GB', a.reader, { name: 'Y' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', '/api/residential-opportunities/counties/X?country=GB', a.anonymous)).statusCode,
    ).toBe(401);
    const bad = await call('POST', '/api/residential-opportunities/countries', a.manager, {
      region: 'Britain',
      opportunity_ids: [],
    });
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(['opportunity_ids', 'region']);
    expect(
      errorsOf(
        await call('POST', '/api/residential-opportunities/countries', a.manager, {
          region: 'ZZ',
          opportunity_ids: [mine.id],
        }),
      ),
    ).toEqual({
      region: ['Please choose a country from the list.'],
    });
    const foreign = await call('POST', '/api/residential-opportunities/counties', a.manager, {
      country: 'GB',
      name: 'Kent',
      opportunity_ids: [mine.id, theirs.id],
    });
    expect(errorsOf(foreign)).toEqual({
      opportunity_ids: ['Each opportunity must be a residential opportunity of this organisation.'],
    });
    expect(await placeOf(mine.id)).toEqual({ country: null, county: null });
    expect(
      errorsOf(
        await call('PUT', '/api/residential-opportunities/counties/Kent?country=GB', a.manager, { name: '' }),
      ),
    ).toEqual({
      name: ['Please enter a county.'],
    });
  });
});
