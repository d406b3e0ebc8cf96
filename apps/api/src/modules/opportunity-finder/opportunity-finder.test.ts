import {
  opportunityCountiesResponseSchema,
  opportunityCountriesResponseSchema,
  opportunityListResponseSchema,
  type OpportunityListResponse,
} from '@muster/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FINDER_OPPORTUNITIES } from '../../db/seed/demo-residential-opportunities.js';
import { seedDemo } from '../../db/seed/demo.js';
import { createOrganisationTestContext, type TestContext } from '../../test/context.js';
import { createOpportunity, createTeam } from '../../test/factories/opportunity.js';
import { createOrganisation, type TestOrganisation } from '../../test/factories/organisation.js';

let ctx: TestContext;
let other: TestOrganisation;

beforeAll(async () => {
  ({ ctx } = await createOrganisationTestContext());
  other = await createOrganisation(ctx.db);
});
afterAll(() => ctx?.close());

/** Each test lists its own organisation, so counts and orders are its own. */
async function freshOrganisation() {
  return createOrganisation(ctx.db);
}

/** Who is asked: an organisation, by the first host it is served at. */
type Served = Pick<TestOrganisation, 'hosts'>;

function get(organisation: Served, url: string) {
  return ctx.app.inject({ url, headers: { host: organisation.hosts[0] } });
}

async function list(organisation: Served, url: string): Promise<OpportunityListResponse> {
  const response = await get(organisation, url);
  expect(response.statusCode, response.body).toBe(200);
  return opportunityListResponseSchema.parse(response.json());
}

const FUTURE = { startDate: '2099-06-01', endDate: '2099-06-01' };
const RESIDENTIAL = 'Residential-short';

describe('GET /api/opportunities/', () => {
  it("lists the organisation's published opportunities that have not ended, soonest first, with what a card shows", async () => {
    const organisation = await freshOrganisation();
    const team = await createTeam(ctx.db, organisation.id, 'Coastal Team');
    const later = await createOpportunity(ctx.db, organisation.id, {
      displayName: 'Later clean',
      startDate: '2099-08-01',
      endDate: '2099-08-02',
      teamId: team.id,
      description: 'Litter picking.',
    });
    const sooner = await createOpportunity(ctx.db, organisation.id, {
      displayName: 'Sooner stay',
      type: RESIDENTIAL,
      startDate: '2099-07-01',
      endDate: '2099-12-31',
      country: 'GB',
      county: 'Cumbria',
    });
    const undated = await createOpportunity(ctx.db, organisation.id, {
      displayName: 'Any time',
      description: null,
    });
    // Ongoing: started long ago, no end.
    const ongoing = await createOpportunity(ctx.db, organisation.id, {
      displayName: 'Ongoing',
      startDate: '2020-01-01',
    });
    await createOpportunity(ctx.db, organisation.id, { displayName: 'Draft', ...FUTURE, published: false });
    await createOpportunity(ctx.db, organisation.id, {
      displayName: 'Ended',
      startDate: '2020-01-01',
      endDate: '2020-01-02',
    });
    await createOpportunity(ctx.db, other.id, { displayName: 'Elsewhere', ...FUTURE });

    const { data, meta } = await list(organisation, '/api/opportunities/');
    expect(data.map((item) => item.id)).toEqual([ongoing.id, sooner.id, later.id, undated.id]);
    expect(meta).toEqual({ current_page: 1, per_page: 25, total: 4 });
    expect(data.find((item) => item.id === later.id)).toEqual({
      id: later.id,
      slug: later.slug,
      display_name: 'Later clean',
      type: 'One-off',
      residential: false,
      team: { id: team.id, name: 'Coastal Team' },
      start_date: '2099-08-01',
      end_date: '2099-08-02',
      summary: 'Litter picking.',
      country: null,
      county: null,
    });
    expect(data.find((item) => item.id === sooner.id)).toMatchObject({
      type: RESIDENTIAL,
      residential: true,
      country: { region: 'GB', name: 'United Kingdom' },
      county: 'Cumbria',
    });
    expect(data.find((item) => item.id === undated.id)?.summary).toBeNull();
  });

  it('shortens long descriptions at a word, with an ellipsis', async () => {
    const organisation = await freshOrganisation();
    const long = `${'Pull ragwort from the meadow. '.repeat(20)}The end.`;
    await createOpportunity(ctx.db, organisation.id, { description: long, ...FUTURE });
    const [item] = (await list(organisation, '/api/opportunities/')).data;
    expect(item?.summary?.length).toBeLessThanOrEqual(200);
    expect(item?.summary).toMatch(/^Pull ragwort from the meadow\. Pull .*[a-z]…$/);
    expect(long.startsWith(item?.summary?.slice(0, -1) ?? 'x')).toBe(true);
  });

  it('searches the name and the description in any case; every word must appear', async () => {
    const organisation = await freshOrganisation();
    const beach = await createOpportunity(ctx.db, organisation.id, {
      displayName: 'Beach Clean at Sandy Bay',
      description: 'A morning clearing litter.',
      ...FUTURE,
    });
    const dunes = await createOpportunity(ctx.db, organisation.id, {
      displayName: 'Dune week',
      description: 'Plant marram grass behind the BEACH.',
      ...FUTURE,
      startDate: '2099-06-02',
      endDate: '2099-06-02',
    });
    await createOpportunity(ctx.db, organisation.id, {
      displayName: 'Woodland walk',
      description: 'Trees.',
      ...FUTURE,
    });
    await createOpportunity(ctx.db, organisation.id, {
      displayName: 'Beach draft',
      ...FUTURE,
      published: false,
    });
    await createOpportunity(ctx.db, other.id, { displayName: 'Beach elsewhere', ...FUTURE });

    const ids = async (search: string) =>
      (await list(organisation, `/api/opportunities/?search=${encodeURIComponent(search)}`)).data.map(
        (item) => item.id,
      );
    expect(await ids('beach')).toEqual([beach.id, dunes.id]);
    expect(await ids('  bEaCh  ')).toEqual([beach.id, dunes.id]);
    expect(await ids('clean beach')).toEqual([beach.id]);
    expect(await ids('marram')).toEqual([dunes.id]);
    expect(await ids('volcano')).toEqual([]);
    expect(await ids('')).toHaveLength(3);
  });

  it('takes % and _ in a search literally', async () => {
    const organisation = await freshOrganisation();
    const percent = await createOpportunity(ctx.db, organisation.id, { displayName: '100% fun', ...FUTURE });
    await createOpportunity(ctx.db, organisation.id, { displayName: 'Fun run', ...FUTURE });
    const ids = async (search: string) =>
      (await list(organisation, `/api/opportunities/?search=${encodeURIComponent(search)}`)).data.map(
        (item) => item.id,
      );
    expect(await ids('%')).toEqual([percent.id]);
    expect(await ids('_')).toEqual([]);
  });

  it('pages with page and per_page, telling the total; a page past the end is empty', async () => {
    const organisation = await freshOrganisation();
    const created = [];
    for (const day of ['01', '02', '03', '04', '05']) {
      created.push(
        await createOpportunity(ctx.db, organisation.id, {
          startDate: `2099-01-${day}`,
          endDate: `2099-01-${day}`,
        }),
      );
    }
    const second = await list(organisation, '/api/opportunities/?page=2&per_page=2');
    expect(second.data.map((item) => item.id)).toEqual([created[2]?.id, created[3]?.id]);
    expect(second.meta).toEqual({ current_page: 2, per_page: 2, total: 5 });
    const last = await list(organisation, '/api/opportunities/?page=3&per_page=2');
    expect(last.data.map((item) => item.id)).toEqual([created[4]?.id]);
    const past = await list(organisation, '/api/opportunities/?page=4&per_page=2');
    expect(past).toEqual({ data: [], meta: { current_page: 4, per_page: 2, total: 5 } });
  });

  it('answers 422 keyed by field for bad query values', async () => {
    const organisation = await freshOrganisation();
    const cases: Array<[string, string]> = [
      ['page=0', 'querystring.page'],
      ['page=abc', 'querystring.page'],
      ['page=1.5', 'querystring.page'],
      ['per_page=0', 'querystring.per_page'],
      ['per_page=51', 'querystring.per_page'],
      [`search=${'a'.repeat(101)}`, 'querystring.search'],
    ];
    for (const [query, field] of cases) {
      const response = await get(organisation, `/api/opportunities/?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json(), query).toEqual({
        message: 'The given data was invalid.',
        errors: { [field]: [expect.any(String)] },
      });
    }
    const tooMany = await get(organisation, '/api/opportunities/?per_page=51');
    expect(tooMany.json<{ errors: Record<string, string[]> }>().errors['querystring.per_page']).toEqual([
      'The number per page may be at most 50.',
    ]);
  });

  it('answers 404 at a host that serves no organisation', async () => {
    const response = await ctx.app.inject({ url: '/api/opportunities/', headers: { host: 'nobody.test' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/residential-opportunities/', () => {
  it('lists only residential ones, filtered by country and county in any case', async () => {
    const organisation = await freshOrganisation();
    const cumbria = await createOpportunity(ctx.db, organisation.id, {
      displayName: 'Lakes week',
      type: RESIDENTIAL,
      country: 'GB',
      county: 'Cumbria',
      ...FUTURE,
    });
    const highland = await createOpportunity(ctx.db, organisation.id, {
      displayName: 'Glen fortnight',
      type: 'Residential-long',
      country: 'GB',
      county: 'Highland',
      ...FUTURE,
      startDate: '2099-06-02',
      endDate: '2099-06-30',
    });
    const kerry = await createOpportunity(ctx.db, organisation.id, {
      displayName: 'Bog week',
      type: RESIDENTIAL,
      country: 'IE',
      county: 'Kerry',
      ...FUTURE,
      startDate: '2099-06-03',
      endDate: '2099-06-30',
    });
    await createOpportunity(ctx.db, organisation.id, {
      displayName: 'Day in Cumbria',
      country: 'GB',
      county: 'Cumbria',
      ...FUTURE,
    });
    await createOpportunity(ctx.db, organisation.id, {
      displayName: 'Draft stay',
      type: RESIDENTIAL,
      country: 'GB',
      county: 'Cumbria',
      ...FUTURE,
      published: false,
    });
    await createOpportunity(ctx.db, other.id, {
      type: RESIDENTIAL,
      country: 'GB',
      county: 'Cumbria',
      ...FUTURE,
    });

    const ids = async (query: string) =>
      (await list(organisation, `/api/residential-opportunities/?${query}`)).data.map((item) => item.id);
    expect(await ids('')).toEqual([cumbria.id, highland.id, kerry.id]);
    expect(await ids('country=GB')).toEqual([cumbria.id, highland.id]);
    expect(await ids('country=gb&county=cUMBRIA')).toEqual([cumbria.id]);
    expect(await ids('country=IE')).toEqual([kerry.id]);
    expect(await ids('country=IE&county=Cumbria')).toEqual([]);
    expect(await ids('country=&county=&search=')).toEqual([cumbria.id, highland.id, kerry.id]);
    expect(await ids('country=GB&search=glen')).toEqual([highland.id]);
    expect(await ids('country=FR')).toEqual([]);
    const paged = await list(organisation, '/api/residential-opportunities/?per_page=1&page=2');
    expect(paged.meta).toEqual({ current_page: 2, per_page: 1, total: 3 });
  });

  it('answers 422 keyed by field for a bad country, county or page', async () => {
    const organisation = await freshOrganisation();
    const cases: Array<[string, string]> = [
      ['country=GBR', 'querystring.country'],
      ['country=1', 'querystring.country'],
      [`county=${'a'.repeat(101)}`, 'querystring.county'],
      ['page=0', 'querystring.page'],
    ];
    for (const [query, field] of cases) {
      const response = await get(organisation, `/api/residential-opportunities/?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors, query).toEqual({
        [field]: [expect.any(String)],
      });
    }
    const response = await get(organisation, '/api/residential-opportunities/?country=GBR');
    expect(response.json<{ errors: Record<string, string[]> }>().errors['querystring.country']).toEqual([
      'The country must be a two-letter code, e.g. GB.',
    ]);
  });
});

describe('GET /api/residential-opportunities/countries and counties/', () => {
  it('lists the countries and counties of published residential opportunities that have not ended, by name', async () => {
    const organisation = await freshOrganisation();
    const stay = (country: string, county: string | null, overrides: Record<string, unknown> = {}) =>
      createOpportunity(ctx.db, organisation.id, {
        type: RESIDENTIAL,
        country,
        county,
        ...FUTURE,
        ...overrides,
      });
    await stay('GB', 'Highland');
    await stay('GB', 'Cumbria');
    await stay('GB', 'cumbria');
    await stay('GB', null);
    await stay('IE', 'Kerry');
    await stay('FR', 'Haute-Savoie', { published: false });
    await stay('DE', 'Bayern', { startDate: '2020-01-01', endDate: '2020-01-10' });
    await stay('GB', 'Gwynedd', { published: false });
    await createOpportunity(ctx.db, organisation.id, { country: 'ES', county: 'Madrid', ...FUTURE });
    await createOpportunity(ctx.db, other.id, {
      type: RESIDENTIAL,
      country: 'IT',
      county: 'Lazio',
      ...FUTURE,
    });

    const countries = await get(organisation, '/api/residential-opportunities/countries');
    expect(countries.statusCode).toBe(200);
    expect(opportunityCountriesResponseSchema.parse(countries.json())).toEqual({
      data: [
        { region: 'IE', name: 'Ireland' },
        { region: 'GB', name: 'United Kingdom' },
      ],
    });

    const counties = await get(organisation, '/api/residential-opportunities/counties/?country=gb');
    expect(counties.statusCode).toBe(200);
    expect(opportunityCountiesResponseSchema.parse(counties.json())).toEqual({
      data: [{ name: 'Cumbria' }, { name: 'Highland' }],
    });
    const irish = await get(organisation, '/api/residential-opportunities/counties?country=IE');
    expect(irish.json()).toEqual({ data: [{ name: 'Kerry' }] });
    const none = await get(organisation, '/api/residential-opportunities/counties/?country=FR');
    expect(none.json()).toEqual({ data: [] });
  });

  it('answers 422 at country when counties are asked without a country or with a bad one', async () => {
    const organisation = await freshOrganisation();
    for (const query of ['', '?country=', '?country=United%20Kingdom']) {
      const response = await get(organisation, `/api/residential-opportunities/counties/${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors, query).toEqual({
        'querystring.country': [expect.any(String)],
      });
    }
    const missing = await get(organisation, '/api/residential-opportunities/counties/');
    expect(missing.json<{ errors: Record<string, string[]> }>().errors['querystring.country']).toEqual([
      'Choose a country to list its counties.',
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents the finder routes with their query fields', async () => {
    const organisation = await freshOrganisation();
    const response = await get(organisation, '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    type Operation = { parameters?: Array<{ name: string; in: string; description?: string }> };
    const { paths } = response.json<{ paths: Record<string, { get?: Operation }> }>();
    const parameters = (path: string) =>
      (paths[path]?.get?.parameters ?? []).filter((parameter) => parameter.in === 'query');
    expect(parameters('/api/opportunities/').map((parameter) => parameter.name)).toEqual([
      'page',
      'per_page',
      'search',
    ]);
    expect(parameters('/api/residential-opportunities/').map((parameter) => parameter.name)).toEqual([
      'page',
      'per_page',
      'search',
      'country',
      'county',
    ]);
    expect(parameters('/api/residential-opportunities/counties/').map((parameter) => parameter.name)).toEqual(
      ['country'],
    );
    expect(paths['/api/residential-opportunities/countries']?.get).toBeDefined();
    for (const parameter of parameters('/api/residential-opportunities/')) {
      expect(parameter.description, parameter.name).toBeTruthy();
    }
  });
});

describe('the demo organisation', () => {
  const demo: Served = { hosts: ['localhost'] };
  beforeAll(async () => {
    await seedDemo(ctx.db);
  });

  it('finds beach-clean by searching "beach"', async () => {
    const { data } = await list(demo, '/api/opportunities/?search=beach');
    expect(data.map((item) => item.slug)).toEqual(['beach-clean']);
    expect(data[0]).toMatchObject({
      display_name: 'Beach Clean at Sandy Bay',
      team: { name: 'Coastal Team' },
    });
  });

  it('has residential opportunities in two countries and several counties, and never lists its draft', async () => {
    const published = DEMO_FINDER_OPPORTUNITIES.filter((opportunity) => opportunity.published);
    const all = await list(demo, '/api/opportunities/?per_page=50');
    expect(all.meta.total).toBe(3 + published.length);
    expect(all.data.map((item) => item.slug)).not.toContain('alpine-refuge');
    const countries = await get(demo, '/api/residential-opportunities/countries');
    expect(countries.json()).toEqual({
      data: [
        { region: 'IE', name: 'Ireland' },
        { region: 'GB', name: 'United Kingdom' },
      ],
    });
    const counties = await get(demo, '/api/residential-opportunities/counties/?country=GB');
    expect(counties.json()).toEqual({
      data: [{ name: 'Cornwall' }, { name: 'Cumbria' }, { name: 'Gwynedd' }, { name: 'Highland' }],
    });
    const cumbria = await list(demo, '/api/residential-opportunities/?country=GB&county=Cumbria');
    expect(cumbria.data.map((item) => item.slug)).toEqual(['residential-week', 'borrowdale-walls']);
  });
});
