import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  geocodeRetrieveResponseSchema,
  geocodeSearchResponseSchema,
  type GeocodeSuggestion,
} from '@muster/contract';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAddresses } from '../../../test/factories/address.js';
import { createOrganisation } from '../../../test/factories/organisation.js';
import { createLoqateProvider } from './loqate.js';
import { FAKE_LOQATE_KEY, startFakeLoqate, type FakeLoqate } from './loqate-fake-server.js';
import { AddressProviderError } from './provider.js';

let ctx: TestContext;
let fake: FakeLoqate;
let host: string;

beforeAll(async () => {
  fake = await startFakeLoqate();
  ctx = await createTestContext({ loqate: { key: FAKE_LOQATE_KEY, url: fake.url, timeoutMs: 300 } });
  const organisation = await createOrganisation(ctx.db);
  host = organisation.hosts[0] ?? '';
  await createAddresses(ctx.db, [
    { number: '10', street: 'High Street', city: 'Bristol', postcode: 'BS1 2AW' },
  ]);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
afterEach(() => {
  fake.failure = null;
  fake.validKey = FAKE_LOQATE_KEY;
  fake.requests = [];
});

function get(url: string) {
  return ctx.app.inject({ url, headers: { host } });
}

async function search(q: string, usePca = '1'): Promise<GeocodeSuggestion[]> {
  const response = await get(
    `/api/geocode/retrieve/?q=${encodeURIComponent(q)}&type=address&usePca=${usePca}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return geocodeSearchResponseSchema.parse(response.json()).data.data;
}

async function retrieve(suggestion: GeocodeSuggestion | undefined) {
  const response = await get(suggestion?.retrieve_url ?? '/api/geocode/retrieve/missing');
  expect(response.statusCode, response.body).toBe(200);
  return geocodeRetrieveResponseSchema.parse(response.json()).data.data;
}

describe('the Loqate provider behind the geocode routes', () => {
  it('searches Loqate Find when the request says usePca=1', async () => {
    expect(await search('NW10 6RB')).toEqual([
      {
        name: 'NW10 6RB, Scrubs Lane, London - 3 Addresses',
        type: 'postcode',
        retrieve_url: expect.any(String) as string,
      },
    ]);
    expect(fake.requests).toEqual([
      {
        path: '/Capture/Interactive/Find/v1.10/json3.ws',
        params: {
          Key: FAKE_LOQATE_KEY,
          Text: 'NW10 6RB',
          IsMiddleware: 'true',
          Countries: 'GB',
          Limit: '50',
          Language: 'en',
        },
      },
    ]);
  });

  it('keeps to the built-in finder without usePca', async () => {
    for (const usePca of ['0', 'false']) {
      expect((await search('10 high st bris', usePca)).map((suggestion) => suggestion.name)).toEqual([
        '10 High Street, Bristol, BS1 2AW',
      ]);
    }
    const response = await get('/api/geocode/retrieve/?q=10%20high%20st%20bris&type=address');
    expect(response.json()).toMatchObject({ data: { data: [{ name: '10 High Street, Bristol, BS1 2AW' }] } });
    expect(fake.requests).toEqual([]);
  });

  it('maps Loqate types: Address, Postcode and Street as such, any other container as a group', async () => {
    expect((await search('128 queen')).map((suggestion) => suggestion.type)).toEqual([
      'address',
      'street',
      'group',
    ]);
  });

  it('opens a container with another Find naming it, and retrieves an address in English', async () => {
    const [postcode] = await search('NW10 6RB');
    fake.requests = [];
    const container = await retrieve(postcode);
    expect(fake.requests).toEqual([
      {
        path: '/Capture/Interactive/Find/v1.10/json3.ws',
        params: expect.objectContaining({
          Container: 'GB|RM|ENG|6RB-NW10',
          Text: 'NW10 6RB',
          Key: FAKE_LOQATE_KEY,
        }) as object,
      },
    ]);
    if (container.kind !== 'container') {
      throw new Error('expected a container');
    }
    expect(container.suggestions.map((suggestion) => [suggestion.name, suggestion.type])).toEqual([
      ['1 Scrubs Lane, London NW10 6RB', 'address'],
      ['2 Scrubs Lane, London NW10 6RB', 'address'],
      ['3 Scrubs Lane, London NW10 6RB', 'address'],
    ]);
    fake.requests = [];
    expect(await retrieve(container.suggestions[0])).toEqual({
      kind: 'address',
      address: {
        company_name: 'Scrubs Lane Studios',
        street: 'Unit 4',
        street_second: '1 Scrubs Lane',
        street_third: null,
        city: 'London',
        county: 'Greater London',
        postcode: 'NW10 6RB',
        country: 'United Kingdom',
      },
    });
    expect(fake.requests).toEqual([
      {
        path: '/Capture/Interactive/Retrieve/v1.20/json3.ws',
        params: { Key: FAKE_LOQATE_KEY, Id: 'GB|RM|A|1001' },
      },
    ]);
  });

  it('puts lines beyond the second on line 3, and falls back to Province for the county', async () => {
    const [flat] = await search('128 queen');
    expect(await retrieve(flat)).toEqual({
      kind: 'address',
      address: {
        company_name: null,
        street: 'Flat 2',
        street_second: 'Evermore House',
        street_third: '128 Queen Victoria Street, Blackfriars',
        city: 'London',
        county: 'London',
        postcode: 'EC4V 4BJ',
        country: 'United Kingdom',
      },
    });
  });

  it('answers 404 for an Id Loqate reports invalid (error 1001)', async () => {
    const response = await get(
      `/api/geocode/retrieve/${encodeURIComponent('loqate:address:GB%7CRM%7CA%7C999')}`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'This address could not be found. Please search again.' });
    expect(fake.requests).toMatchObject([{ params: { Id: 'GB|RM|A|999' } }]);
  });

  it('answers 502 JSON when Loqate answers with an error item', async () => {
    fake.validKey = 'ZZ99-ZZ99-ZZ99-ZZ99';
    const found = await get('/api/geocode/retrieve/?q=NW10%206RB&type=address&usePca=1');
    expect(found.statusCode).toBe(502);
    expect(found.json()).toEqual({
      message: 'The address finder could not answer. Please try again, or enter the address by hand.',
    });
    const retrieved = await get(
      `/api/geocode/retrieve/${encodeURIComponent('loqate:address:GB%7CRM%7CA%7C1001')}`,
    );
    expect(retrieved.statusCode).toBe(502);
  });

  it('answers 502 when Loqate answers something that is not JSON, 503 when it fails or does not answer', async () => {
    const cases: Array<[FakeLoqate['failure'], number]> = [
      ['not-json', 502],
      ['http-500', 503],
      ['hang', 503],
    ];
    for (const [failure, status] of cases) {
      fake.failure = failure;
      for (const url of [
        '/api/geocode/retrieve/?q=NW10%206RB&type=address&usePca=1',
        `/api/geocode/retrieve/${encodeURIComponent('loqate:container:GB%7CRM%7CENG%7C6RB-NW10:NW10%206RB')}`,
      ]) {
        const response = await get(url);
        expect(response.statusCode, `${failure} ${url}`).toBe(status);
        expect(response.json<{ message: string }>().message).toMatch(/enter the address by hand\.$/);
      }
    }
    fake.failure = 'hang';
    expect((await get('/api/geocode/retrieve/?q=NW10%206RB&type=address&usePca=1')).json()).toEqual({
      message:
        'The address finder is not answering at the moment. Please try again, or enter the address by hand.',
    });
  });
});

describe('createLoqateProvider', () => {
  it('reports an unreachable service as unavailable', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const provider = createLoqateProvider({
      key: FAKE_LOQATE_KEY,
      url: `http://127.0.0.1:${port}`,
      timeoutMs: 1000,
    });
    const failure = await provider.search('NW10 6RB').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AddressProviderError);
    expect(failure).toMatchObject({ reason: 'unavailable' });
  });

  it('reports the error item with its number and description for the log', async () => {
    const provider = createLoqateProvider({ key: 'WRONG-KEY', url: fake.url, timeoutMs: 1000 });
    const failure = await provider.search('NW10 6RB').catch((error: unknown) => error);
    expect(failure).toMatchObject({
      reason: 'failed',
      detail: expect.stringContaining('error 2: Unknown key') as string,
    });
  });

  it('knows only its own ids', async () => {
    const provider = createLoqateProvider({ key: FAKE_LOQATE_KEY, url: fake.url, timeoutMs: 1000 });
    expect(await provider.retrieve('builtin:address:1')).toBeNull();
    expect(await provider.retrieve('loqate:elsewhere:X')).toBeNull();
    expect(fake.requests).toEqual([]);
  });
});
