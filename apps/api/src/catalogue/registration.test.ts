import Fastify, { type FastifyInstance, type preHandlerAsyncHookHandler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CATALOGUE_OPERATIONS,
  catalogue,
  isOperationEnabled,
  organisationTeamBodySchema,
  organisationTeamSchema,
  organisationTermBodySchema,
  organisationTermSchema,
  type CatalogueEntry,
} from '@muster/contract';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { teams, terms } from '../db/schema/index.js';
import { createTestDatabase } from '../test/context.js';
import { bearerFor, createTeamRow } from '../test/factories/catalogue.js';
import { createOrganisation } from '../test/factories/organisation.js';
import type { DatabaseHandle } from '../db/client.js';
import { resourceBindings, type ResourceBinding } from './bindings/index.js';
import {
  catalogueOutcomesOf,
  fastifyPattern,
  registerCatalogueBindings,
  type CatalogueRouteOutcome,
} from './generic-routes.js';
import { listQuerySchema } from './list-query.js';
import { camelKey, isForeignKeyViolation } from './service.js';

let database: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop?.());

const termsBinding: ResourceBinding = {
  entry: 'organisation.terms',
  label: 'term',
  table: terms,
  row: organisationTermSchema,
  body: organisationTermBodySchema,
  read: null,
  write: 'manage-organisation',
  orderBy: ['position'],
};

/**
 * A bare server with only what registration touches: the zod compilers, the database and a
 * `requirePermission` that lets everything through (these tests are about which routes exist).
 */
async function bareApp(setup: (app: FastifyInstance) => void | Promise<void> = () => undefined) {
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  const allow: preHandlerAsyncHookHandler = async () => undefined;
  app.decorate('requirePermission', () => allow);
  await setup(app);
  return app;
}

async function registerUnderApi(
  app: FastifyInstance,
  bindings: ResourceBinding[],
  entries?: CatalogueEntry[],
): Promise<CatalogueRouteOutcome[]> {
  let outcomes: CatalogueRouteOutcome[] = [];
  await app.register(
    async (api) => {
      outcomes = await registerCatalogueBindings(api, bindings, entries);
    },
    { prefix: '/api' },
  );
  return outcomes;
}

describe('schemas the routes keep', () => {
  it('are built once and shared: a resource\'s routes share their path and row schemas, and indexes alike their query', async () => {
    const schemas: Array<{ method: string; url: string; schema: Record<string, unknown> }> = [];
    const app = await bareApp((server) => {
      server.addHook('onRoute', (route) => {
        if (route.schema && route.method !== 'HEAD') {
          schemas.push({ method: String(route.method), url: route.url, schema: route.schema as Record<string, unknown> });
        }
      });
    });
    const otherBinding: ResourceBinding = { ...termsBinding, entry: 'organisation.teams', label: 'team', table: teams, row: organisationTeamSchema, body: organisationTeamBodySchema, orderBy: ['name'] };
    await registerUnderApi(app, [termsBinding, otherBinding]);
    await app.ready();
    const of = (method: string, url: string) => {
      const found = schemas.find((route) => route.method === method && route.url === url);
      if (!found) {
        throw new Error(`no route ${method} ${url}`);
      }
      return found.schema as { params: unknown; querystring?: unknown; response: Record<number, unknown> };
    };
    const terms = '/api/organisation/terms';
    const show = of('GET', `${terms}/:id`);
    const update = of('PUT', `${terms}/:id`);
    const del = of('DELETE', `${terms}/:id`);
    expect(update.params).toBe(show.params);
    expect(del.params).toBe(show.params);
    expect(of('POST', terms).params).toBe(of('GET', terms).params);
    expect(update.response[200]).toBe(show.response[200]);
    expect(of('POST', terms).response[201]).toBe(show.response[200]);
    const teamsPath = '/api/organisation/teams';
    expect(of('DELETE', `${teamsPath}/:id`).response[204]).toBe(del.response[204]);
    // Indexes with the same page size and filters take one query schema.
    expect(listQuerySchema(50, ['name', 'status'])).toBe(listQuerySchema(50, ['name', 'status']));
    expect(listQuerySchema(50, null)).toBe(listQuerySchema(50, null));
    expect(listQuerySchema(50, ['name'])).not.toBe(listQuerySchema(50, ['name', 'status']));
    expect(listQuerySchema(100, ['name'])).not.toBe(listQuerySchema(50, ['name']));
    await app.close();
  });
});

describe('hand-written routes take precedence', () => {
  it('skips exactly the method and path a module registered, whatever its parameter is called', async () => {
    const app = await bareApp((instance) => {
      instance.get('/api/organisation/terms/', async () => ({ handWritten: 'index' }));
      instance.put('/api/organisation/terms/:termId', async () => ({ handWritten: 'update' }));
    });
    const outcomes = await registerUnderApi(app, [termsBinding]);
    await app.ready();
    expect(outcomes.map((o) => [o.operation, o.method, o.url, o.outcome])).toEqual([
      ['index', 'GET', '/api/organisation/terms', 'skipped'],
      ['show', 'GET', '/api/organisation/terms/:id', 'registered'],
      ['store', 'POST', '/api/organisation/terms', 'registered'],
      ['update', 'PUT', '/api/organisation/terms/:id', 'skipped'],
      ['del', 'DELETE', '/api/organisation/terms/:id', 'registered'],
    ]);
    expect((await app.inject({ url: '/api/organisation/terms' })).json()).toEqual({ handWritten: 'index' });
    expect(
      (await app.inject({ method: 'PUT', url: '/api/organisation/terms/4', payload: {} })).json(),
    ).toEqual({
      handWritten: 'update',
    });
    await app.close();
  });

  it('sees routes of modules that registered child plugins without awaiting them', async () => {
    const app = await bareApp();
    await app.register(
      async (api) => {
        // A module that forgot to await its own child plugin.
        void api.register(async (child) => {
          child.post('/organisation/terms', async () => ({ handWritten: 'store' }));
        });
        await registerCatalogueBindings(api, [termsBinding]);
      },
      { prefix: '/api' },
    );
    await app.ready();
    const response = await app.inject({ method: 'POST', url: '/api/organisation/terms/', payload: {} });
    expect(response.json()).toEqual({ handWritten: 'store' });
    await app.close();
  });
});

describe('the real application', () => {
  it('serves exactly the enabled operations of every binding and refuses the others with 405', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { webDist: '/nonexistent' });
    const app = await buildApp({ config, database });
    await app.ready();
    const methods = { index: 'GET', show: 'GET', store: 'POST', update: 'PUT', del: 'DELETE' } as const;
    for (const binding of resourceBindings) {
      const entry = catalogue.find((candidate) => candidate.name === binding.entry);
      if (!entry) {
        throw new Error(`no entry ${binding.entry}`);
      }
      const collection = `/api${fastifyPattern(entry.path)}`;
      for (const operation of CATALOGUE_OPERATIONS) {
        const url = operation === 'index' || operation === 'store' ? collection : `${collection}/:id`;
        const outcome = catalogueOutcomesOf(app).find(
          (candidate) => candidate.entry === binding.entry && candidate.operation === operation,
        );
        expect(app.hasRoute({ method: methods[operation], url }), `${binding.entry} ${operation}`).toBe(true);
        expect(outcome?.outcome === 'refused', `${binding.entry} ${operation}`).toBe(
          !isOperationEnabled(entry, operation),
        );
      }
    }
    await app.close();
  });

  it('refuses no operation the spec enables, on any entry: every one is served by a binding or a module', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { webDist: '/nonexistent' });
    const app = await buildApp({ config, database });
    await app.ready();
    const byName = new Map(catalogue.map((entry) => [entry.name, entry]));
    const refusedButEnabled = catalogueOutcomesOf(app)
      .filter((outcome) => outcome.outcome === 'refused')
      .filter((outcome) => {
        const entry = byName.get(outcome.entry);
        return entry !== undefined && isOperationEnabled(entry, outcome.operation);
      })
      .map((outcome) => `${outcome.entry} ${outcome.operation}`);
    expect(refusedButEnabled).toEqual([]);
    // And the refusals that remain are exactly the disabled operations of entries nothing serves.
    expect(catalogueOutcomesOf(app).some((outcome) => outcome.outcome === 'refused')).toBe(true);
    await app.close();
  });
});

describe('bindings that do not fit stop the server at start', () => {
  const bad: Array<[string, ResourceBinding, RegExp]> = [
    [
      'an unknown entry',
      { ...termsBinding, entry: 'no.such.entry' },
      /unknown catalogue entry no\.such\.entry/,
    ],
    ['a global binding with writes', { ...termsBinding, global: true }, /global reference data is read-only/],
    ['writes without a body schema', { ...termsBinding, body: undefined }, /no body schema/],
    [
      'a row field with no column',
      { ...termsBinding, row: organisationTermSchema.extend({ colour: z.string() }) },
      /row field colour has no column colour/,
    ],
    [
      'a body field setting the organisation',
      { ...termsBinding, body: organisationTermBodySchema.extend({ organisation_id: z.number() }) },
      /body field organisation_id does not map to a writable column/,
    ],
    [
      'a path parameter without a parent binding',
      { ...termsBinding, entry: 'users.consents' },
      /path parameters userId have no parent binding/,
    ],
  ];
  it.each(bad)('%s', async (_what, binding, message) => {
    const app = await bareApp();
    await expect(registerUnderApi(app, [binding])).rejects.toThrow(message);
    await app.close();
  });
});

describe('a binding with a parent row in its path', () => {
  const entry: CatalogueEntry = {
    name: 'test.teams.children',
    path: '/test/teams/{teamId}/children/',
    operations: ['index', 'show', 'store', 'update', 'del'],
    area: 'test',
  };
  const children: ResourceBinding = {
    entry: entry.name,
    label: 'team',
    table: teams,
    row: organisationTeamSchema,
    body: organisationTeamBodySchema.omit({ parent_id: true }),
    read: null,
    write: 'manage-organisation',
    orderBy: ['name'],
    parent: { param: 'teamId', table: teams, column: 'parentId', label: 'parent team' },
  };
  let app: FastifyInstance;
  let host: string;
  let headers: { host: string; authorization: string };
  let parentA: { id: number };
  let otherParentA: { id: number };
  let childOfOther: { id: number };
  let teamOfB: { id: number };

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { webDist: '/nonexistent' });
    app = await buildApp({ config, database });
    await registerUnderApi(app, [children], [entry]);
    await app.ready();
    const a = await createOrganisation(database.db);
    const b = await createOrganisation(database.db);
    host = a.hosts[0] ?? '';
    headers = { host, ...(await bearerFor(app, a.id, ['manage-organisation'])) };
    parentA = await createTeamRow(database.db, a.id, { name: 'Parent' });
    otherParentA = await createTeamRow(database.db, a.id, { name: 'Other parent' });
    await createTeamRow(database.db, a.id, { name: 'B child', parentId: parentA.id });
    await createTeamRow(database.db, a.id, { name: 'A child', parentId: parentA.id });
    childOfOther = await createTeamRow(database.db, a.id, { name: 'Not mine', parentId: otherParentA.id });
    teamOfB = await createTeamRow(database.db, b.id);
  });
  afterAll(() => app?.close());

  it('lists only the rows under the parent named in the path', async () => {
    const response = await app.inject({ url: `/api/test/teams/${parentA.id}/children/`, headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Array<{ name: string }> }>().data.map((team) => team.name)).toEqual([
      'A child',
      'B child',
    ]);
  });

  it('answers 404 when the parent is another organisation’s, missing or malformed', async () => {
    for (const teamId of [String(teamOfB.id), '999999', 'abc']) {
      const response = await app.inject({ url: `/api/test/teams/${teamId}/children/`, headers: { host } });
      expect(response.statusCode, teamId).toBe(404);
      expect(response.json(), teamId).toEqual({ message: 'The parent team was not found.' });
    }
    const store = await app.inject({
      method: 'POST',
      url: `/api/test/teams/${teamOfB.id}/children/`,
      headers,
      payload: { name: 'Sneaky' },
    });
    expect(store.statusCode).toBe(404);
  });

  it('answers 404 for a row under another parent', async () => {
    const response = await app.inject({
      url: `/api/test/teams/${parentA.id}/children/${childOfOther.id}`,
      headers: { host },
    });
    expect(response.statusCode).toBe(404);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/test/teams/${parentA.id}/children/${childOfOther.id}`,
      headers,
    });
    expect(del.statusCode).toBe(404);
  });

  it('stores new rows under the parent of the path', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/test/teams/${parentA.id}/children/`,
      headers,
      payload: { name: 'C child', parent_id: otherParentA.id },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ data: unknown }>().data).toMatchObject({ name: 'C child', parent_id: parentA.id });
  });
});

describe('helpers', () => {
  it('turns catalogue paths into router patterns', () => {
    expect(fastifyPattern('/organisation/terms/')).toBe('/organisation/terms');
    expect(fastifyPattern('/organisation/countries')).toBe('/organisation/countries');
    expect(fastifyPattern('/users/{userId}/two-factor/trust-computer')).toBe(
      '/users/:userId/two-factor/trust-computer',
    );
  });

  it('maps wire names to column keys', () => {
    expect(camelKey('enforce_two_factor')).toBe('enforceTwoFactor');
    expect(camelKey('parent_id')).toBe('parentId');
    expect(camelKey('public')).toBe('public');
  });

  it('recognises a refused delete through the driver error chain', () => {
    expect(isForeignKeyViolation(new Error('query failed', { cause: { code: '23001' } }))).toBe(true);
    expect(isForeignKeyViolation({ code: '23503' })).toBe(true);
    expect(isForeignKeyViolation(new Error('query failed', { cause: { code: '23505' } }))).toBe(false);
    expect(isForeignKeyViolation(null)).toBe(false);
  });
});
