import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  geocodeRetrieveResponseSchema,
  geocodeSearchResponseSchema,
  type GeocodedAddress,
  type GeocodeSuggestion,
} from '@muster/contract';
import { seedDemoAddresses } from '../../db/seed/demo-addresses.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAddresses } from '../../test/factories/address.js';
import { createOrganisation } from '../../test/factories/organisation.js';

let ctx: TestContext;
let host: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const organisation = await createOrganisation(ctx.db);
  // With two organisations an unknown host serves neither (a single one would serve every host).
  await createOrganisation(ctx.db);
  host = organisation.hosts[0] ?? '';
  await seedDemoAddresses(ctx.db);
  await createAddresses(ctx.db, [
    // BS14 is a district of its own: "BS1 4" must not find it, "BS14" finds both.
    { number: '3', street: 'Whitchurch Lane', city: 'Bristol', postcode: 'BS14 0AB' },
    // A postcode with a single address is that address, not a container.
    { number: '8', street: 'Lonely Lane', city: 'Bristol', postcode: 'BS1 4ZZ' },
    // Punctuation in names: words to the search, and a slash in a street container's id.
    { number: '2', street: "St. Mary's Road", city: 'Bristol', postcode: 'BS3 1AA' },
    ...Array.from({ length: 60 }, (_, index) => ({
      number: String(index + 1),
      street: 'Mill/Back Lane',
      city: 'Bristol',
      postcode: 'BS3 1AB',
    })),
    // A street too long to list: it opens onto its postcodes.
    ...Array.from({ length: 110 }, (_, index) => ({
      number: String(index + 1),
      street: 'Longmead Avenue',
      city: 'Farbury',
      postcode: ['FA1 1AA', 'FA1 1AB', 'FA1 2AA'][index % 3] ?? 'FA1 1AA',
    })),
  ]);
});
afterAll(() => ctx?.close());

function get(url: string, requestHost = host) {
  return ctx.app.inject({ url, headers: { host: requestHost } });
}

async function search(q: string, extra = ''): Promise<GeocodeSuggestion[]> {
  const response = await get(`/api/geocode/retrieve/?q=${encodeURIComponent(q)}&type=address${extra}`);
  expect(response.statusCode, response.body).toBe(200);
  return geocodeSearchResponseSchema.parse(response.json()).data.data;
}

/** A suggestion as the search answers it, whatever its retrieve link. */
function suggestionNamed(name: string, type: GeocodeSuggestion['type']): GeocodeSuggestion {
  return { name, type, retrieve_url: expect.any(String) as string };
}

async function retrieve(suggestion: GeocodeSuggestion | undefined) {
  expect(suggestion).toBeDefined();
  const response = await get(suggestion?.retrieve_url ?? '');
  expect(response.statusCode, response.body).toBe(200);
  return geocodeRetrieveResponseSchema.parse(response.json()).data.data;
}

async function retrieveAddress(suggestion: GeocodeSuggestion | undefined): Promise<GeocodedAddress> {
  const answer = await retrieve(suggestion);
  if (answer.kind !== 'address') {
    throw new Error(`expected an address, got ${JSON.stringify(answer)}`);
  }
  return answer.address;
}

async function retrieveContainer(suggestion: GeocodeSuggestion | undefined): Promise<GeocodeSuggestion[]> {
  const answer = await retrieve(suggestion);
  if (answer.kind !== 'container') {
    throw new Error(`expected a container, got ${JSON.stringify(answer)}`);
  }
  return answer.suggestions;
}

const welshBack = [
  ...[1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23].map((number) => `${number} Welsh Back, Bristol, BS1 4DJ`),
  'Harbourside Volunteer Centre, 25 Welsh Back, Bristol, BS1 4DJ',
  'The Old Granary, 27 Welsh Back, Bristol, BS1 4DJ',
];

describe('GET /api/geocode/retrieve/ by postcode', () => {
  it('answers the addresses of a whole postcode, in house-number order, however it is typed', async () => {
    for (const q of ['BS1 4DJ', 'bs14dj', ' bs1  4dj ']) {
      const suggestions = await search(q, '&usePca=1');
      expect(
        suggestions.map((suggestion) => suggestion.name),
        q,
      ).toEqual(welshBack);
      expect(suggestions.every((suggestion) => suggestion.type === 'address')).toBe(true);
      expect(suggestions[0]?.retrieve_url).toMatch(/^\/api\/geocode\/retrieve\/[^/?#]+$/);
    }
  });

  it('answers the postcodes under a partial postcode, a space marking the end of the outward code', async () => {
    expect(await search('BS1 4')).toEqual([
      suggestionNamed('BS1 4DJ, Welsh Back, Bristol (14 addresses)', 'postcode'),
      suggestionNamed('BS1 4QA, Queen Square, Bristol (31 addresses)', 'postcode'),
      suggestionNamed('BS1 4RB, King Street, Bristol (20 addresses)', 'postcode'),
      suggestionNamed('8 Lonely Lane, Bristol, BS1 4ZZ', 'address'),
    ]);
    // Without the space BS14 is also a district of its own.
    expect((await search('BS14')).map((suggestion) => suggestion.name)).toEqual([
      '3 Whitchurch Lane, Bristol, BS14 0AB',
      'BS1 4DJ, Welsh Back, Bristol (14 addresses)',
      'BS1 4QA, Queen Square, Bristol (31 addresses)',
      'BS1 4RB, King Street, Bristol (20 addresses)',
      '8 Lonely Lane, Bristol, BS1 4ZZ',
    ]);
    expect((await search('ba2')).map((suggestion) => suggestion.name)).toEqual([
      'BA2 4BU, Great Pulteney Street, Bath (25 addresses)',
      'BA2 4BW, Great Pulteney Street, Bath (25 addresses)',
    ]);
  });

  it('opens a postcode container onto its addresses, and an address onto its fields', async () => {
    const [welsh] = await search('BS1 4');
    const inside = await retrieveContainer(welsh);
    expect(inside.map((suggestion) => suggestion.name)).toEqual(welshBack);
    expect(await retrieveAddress(inside[1])).toEqual({
      company_name: null,
      street: '3 Welsh Back',
      street_second: null,
      street_third: null,
      city: 'Bristol',
      county: 'City of Bristol',
      postcode: 'BS1 4DJ',
      country: 'United Kingdom',
    });
    expect(await retrieveAddress(inside[12])).toMatchObject({
      company_name: 'Harbourside Volunteer Centre',
      street: '25 Welsh Back',
    });
  });

  it('puts a flat on line 1 and its building and street below', async () => {
    const flats = await search('BS1 6UZ');
    expect(flats).toHaveLength(24);
    expect(flats[2]?.name).toBe('Flat 3, Harbour View House, Narrow Quay, Bristol, BS1 6UZ');
    expect(await retrieveAddress(flats[2])).toEqual({
      company_name: null,
      street: 'Flat 3',
      street_second: 'Harbour View House',
      street_third: 'Narrow Quay',
      city: 'Bristol',
      county: 'City of Bristol',
      postcode: 'BS1 6UZ',
      country: 'United Kingdom',
    });
  });

  it('reads a postcode-like query that matches no postcode as words', async () => {
    expect(await search('A1')).toEqual([]);
    expect(await search('ZZ9 9ZZ')).toEqual([]);
  });
});

describe('GET /api/geocode/retrieve/ by words', () => {
  it('finds one address from a house number, an abbreviated street and part of the town', async () => {
    const suggestions = await search('10 high st bris');
    expect(suggestions.map((suggestion) => suggestion.name)).toEqual(['10 High Street, Bristol, BS1 2AW']);
    expect(await retrieveAddress(suggestions[0])).toEqual({
      company_name: null,
      street: '10 High Street',
      street_second: null,
      street_third: null,
      city: 'Bristol',
      county: 'City of Bristol',
      postcode: 'BS1 2AW',
      country: 'United Kingdom',
    });
  });

  it('matches words as prefixes but a house number before the last word exactly', async () => {
    expect((await search('3 welsh')).map((suggestion) => suggestion.name)).toEqual([
      '3 Welsh Back, Bristol, BS1 4DJ',
    ]);
    // Finished words match whole first; failing that, as prefixes too.
    expect((await search('3 wels bac')).map((suggestion) => suggestion.name)).toEqual([
      '3 Welsh Back, Bristol, BS1 4DJ',
    ]);
    expect((await search('weston life')).map((suggestion) => suggestion.name)).toEqual([
      'Weston Beach Lifeguards, Marine Lake Kiosk, Marine Parade, Weston-super-Mare, BS23 1AL',
    ]);
  });

  it('groups many matches by street, the street with most matches first', async () => {
    expect(await search('high street')).toEqual([
      suggestionNamed('High Street, Bristol (40 addresses)', 'street'),
      suggestionNamed('High Street, Weston-super-Mare (24 addresses)', 'street'),
      suggestionNamed('High Street, Bath (20 addresses)', 'street'),
      suggestionNamed('High Street, Clevedon (18 addresses)', 'street'),
    ]);
  });

  it('opens a street onto its addresses across its postcodes', async () => {
    const [beachRoad] = await search('beach road weston');
    expect(beachRoad).toMatchObject({ name: 'Beach Road, Weston-super-Mare (60 addresses)', type: 'street' });
    const inside = await retrieveContainer(beachRoad);
    expect(inside).toHaveLength(60);
    expect(inside.slice(0, 3).map((suggestion) => suggestion.name)).toEqual([
      '1 Beach Road, Weston-super-Mare, BS23 1BA',
      '2 Beach Road, Weston-super-Mare, BS23 1BB',
      '3 Beach Road, Weston-super-Mare, BS23 1BA',
    ]);
  });

  it('opens a street with more than 100 addresses onto its postcodes', async () => {
    const [longmead] = await search('longmead avenue');
    expect(longmead).toMatchObject({ name: 'Longmead Avenue, Farbury (110 addresses)', type: 'street' });
    const postcodes = await retrieveContainer(longmead);
    expect(postcodes.map((suggestion) => [suggestion.name, suggestion.type])).toEqual([
      ['FA1 1AA, Longmead Avenue, Farbury (37 addresses)', 'postcode'],
      ['FA1 1AB, Longmead Avenue, Farbury (37 addresses)', 'postcode'],
      ['FA1 2AA, Longmead Avenue, Farbury (36 addresses)', 'postcode'],
    ]);
    expect(await retrieveContainer(postcodes[2])).toHaveLength(36);
  });

  it('reads punctuation in names as spaces, as it does in queries', async () => {
    expect((await search("2 st mary's rd")).map((suggestion) => suggestion.name)).toEqual([
      "2 St. Mary's Road, Bristol, BS3 1AA",
    ]);
    const [mill] = await search('mill back lane');
    expect(mill).toMatchObject({ name: 'Mill/Back Lane, Bristol (60 addresses)', type: 'street' });
    expect(await retrieveContainer(mill)).toHaveLength(60);
  });

  it('answers nothing when nothing matches, and never reads the query as search syntax', async () => {
    expect(await search('zzqx street')).toEqual([]);
    expect(await search("welsh & ! | :* ( ' back")).toHaveLength(14);
  });
});

describe('GET /api/geocode/retrieve/ refusals', () => {
  it('answers 422 for a query that is too short, missing, not an address search or a bad usePca', async () => {
    const cases: Array<[string, string]> = [
      ['?q=a&type=address', 'querystring.q'],
      ['?q=%20%20a%20&type=address', 'querystring.q'],
      ['?type=address', 'querystring.q'],
      [`?q=${'x'.repeat(201)}`, 'querystring.q'],
      ['?q=BS1&type=postcode', 'querystring.type'],
      ['?q=BS1&type=address&usePca=maybe', 'querystring.usePca'],
    ];
    for (const [query, field] of cases) {
      const response = await get(`/api/geocode/retrieve/${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json(), query).toMatchObject({
        message: expect.any(String) as string,
        errors: { [field]: [expect.any(String) as string] },
      });
    }
    const short = await get('/api/geocode/retrieve/?q=a&type=address');
    expect(short.json()).toMatchObject({
      errors: { 'querystring.q': ['Please type at least 2 characters.'] },
    });
  });

  it('answers 404 JSON for an id it does not know', async () => {
    const ids = [
      'builtin:address:999999',
      'builtin:address:abc',
      'builtin:postcode:ZZ99ZZ',
      'builtin:street:nowhere%7Cnothing',
      'builtin:elsewhere:1',
      'loqate:address:GB%7CRM%7CA%7C1',
      'nonsense',
      'builtin:address:%E0%A4%A',
    ];
    for (const id of ids) {
      const response = await get(`/api/geocode/retrieve/${encodeURIComponent(id)}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json(), id).toEqual({
        message: 'This address could not be found. Please search again.',
      });
    }
    const tooLong = await get(`/api/geocode/retrieve/${'x'.repeat(301)}`);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toMatchObject({ errors: { 'params.id': [expect.any(String) as string] } });
  });

  it('serves only hosts of an organisation', async () => {
    for (const url of [
      '/api/geocode/retrieve/?q=BS1%204DJ&type=address',
      '/api/geocode/retrieve/builtin%3Aaddress%3A1',
    ]) {
      const response = await get(url, 'nobody.test');
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'No organisation is served at this address.' });
    }
  });

  it('limits each client address to 120 look-ups a minute', async () => {
    const from = (remoteAddress: string) =>
      ctx.app.inject({
        url: '/api/geocode/retrieve/?q=BS1%204DJ&type=address',
        headers: { host },
        remoteAddress,
      });
    for (let i = 0; i < 120; i += 1) {
      expect((await from('192.0.2.7')).statusCode).toBe(200);
    }
    const refused = await from('192.0.2.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      message: expect.stringMatching(/^You have tried too many times/) as string,
    });
    expect((await from('192.0.2.8')).statusCode).toBe(200);
  });
});

describe('the kept suggestions of the built-in finder (issue 13)', () => {
  it('are answered from the cache once built, and a new address is found at once', async () => {
    const before = await search('BS5 9QQ');
    expect(before).toEqual([]);
    const kept = await ctx.app.answerCache.remember('geocode-search:BS5 9QQ', () => {
      throw new Error('the suggestions were not kept');
    });
    expect(JSON.parse(String(kept))).toEqual({ data: { data: [] } });
    await createAddresses(ctx.db, [{ number: '12', street: 'Kept Road', city: 'Bristol', postcode: 'BS5 9QQ' }]);
    expect(await search('BS5 9QQ')).toEqual([suggestionNamed('12 Kept Road, Bristol, BS5 9QQ', 'address')]);
    // Kept answers are still refused to a host that serves no organisation.
    expect((await get('/api/geocode/retrieve/?q=BS5%209QQ', 'nobody.test')).statusCode).toBe(404);
  });
});
