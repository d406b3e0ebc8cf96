import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MEDIA_TYPE, catalogue, pathParams, type CatalogueEntry } from '@muster/contract';
import { userDeniedPermissions } from '../db/schema/index.js';
import { createTestContext, type TestContext } from '../test/context.js';
import {
  createAccount,
  ensurePermissions,
  giveRole,
  grantToRoleProfile,
  sessionTokenFor,
} from '../test/factories/auth.js';
import { createTeamRow } from '../test/factories/catalogue.js';
import { createOpportunity } from '../test/factories/opportunity.js';
import { createOrganisation } from '../test/factories/organisation.js';
import { resourceBindings } from './bindings/index.js';
import { catalogueOutcomesOf, entryPatterns, type CatalogueRouteOutcome } from './generic-routes.js';

/**
 * Walks the whole catalogue (issue 11): every operation the generic module serves makes a full
 * round trip and refuses the anonymous (401), the unpermitted (403), a denied permission that a
 * role grants (403) and another organisation (404); every disabled operation answers 405 with
 * `Allow`. Named calls and module-served entries are tested beside their modules.
 */

let ctx: TestContext;
let outcomes: readonly CatalogueRouteOutcome[];

type Caller = { host: string; authorization: string; userId: number };
type Tenant = { id: number; host: string; full: Caller; none: Caller };

let home: Tenant;
let away: Tenant;

const examples = new Map(resourceBindings.map((binding) => [binding.entry, binding.example]));
const byName = new Map(catalogue.map((entry) => [entry.name, entry]));

function outcomesOf(entry: CatalogueEntry): CatalogueRouteOutcome[] {
  return outcomes.filter((outcome) => outcome.entry === entry.name);
}

/** Every permission any served operation needs: the full caller holds them all. */
function everyPermission(): string[] {
  const names = new Set<string>();
  for (const outcome of outcomes) {
    if (outcome.access && outcome.access !== 'public' && outcome.access !== 'signed-in') {
      names.add(outcome.access);
    }
  }
  return [...names];
}

async function caller(organisationId: number, host: string, permissions: string[]): Promise<Caller> {
  const account = await createAccount(ctx.db, organisationId, { permissions });
  const token = await sessionTokenFor(ctx.app, organisationId, account.id);
  return { host, authorization: `Bearer ${token}`, userId: account.id };
}

async function tenant(): Promise<Tenant> {
  const organisation = await createOrganisation(ctx.db);
  const host = organisation.hosts[0] ?? '';
  return {
    id: organisation.id,
    host,
    full: await caller(organisation.id, host, everyPermission()),
    none: await caller(organisation.id, host, []),
  };
}

function headers(who: Partial<Caller> & { host: string }) {
  return {
    host: who.host,
    accept: API_MEDIA_TYPE,
    ...(who.authorization ? { authorization: who.authorization } : {}),
  };
}

/** `/api/events/:eventId/sessions/:id` with its parameters filled. */
function fill(url: string, params: Record<string, string>): string {
  return url.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    encodeURIComponent(params[name] ?? `missing-${name}`),
  );
}

type Call = { method: string; url: string; who: Partial<Caller> & { host: string }; body?: unknown };

async function call({ method, url, who, body }: Call) {
  const response = await ctx.app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers(who), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const json = () => (response.body === '' ? {} : response.json<Record<string, unknown>>());
  return { status: response.statusCode, json, headers: response.headers };
}

/** The store body the walk uses for an entry: the binding's example, or a small document. */
function exampleOf(
  entry: CatalogueEntry,
  storage: 'table' | 'document' | undefined,
): Record<string, unknown> | undefined {
  if (storage === 'document') {
    return { name: `Walk ${entry.name}`, note: 'catalogue walk', count: 3 };
  }
  // A table whose store needs other records first (a skill's category) has no example: its
  // module's tests store it, and the walk checks the rest.
  const example = examples.get(entry.name);
  if (!example) {
    return undefined;
  }
  // A user the example names is the walk's own caller, the one user known to exist.
  return 'user_id' in example ? { ...example, user_id: home.full.userId } : example;
}

/** How the walk makes records of an entry: its store, generic or hand-written, when it has a body for it. */
function storeOutcome(entry: CatalogueEntry): CatalogueRouteOutcome | undefined {
  const store = outcomesOf(entry).find(
    (outcome) =>
      outcome.operation === 'store' && (outcome.outcome === 'registered' || outcome.outcome === 'skipped'),
  );
  return store && exampleOf(entry, store.storage ?? 'table') ? store : undefined;
}

/** Parent entry of a `{param}`: the entry whose route ends just before it. */
function parentEntryOf(entry: CatalogueEntry, param: string): CatalogueEntry | undefined {
  if (entry.name === 'users.skills.bio' && param === 'categoryId') {
    return byName.get('organisation.skillCategories');
  }
  const prefix = entry.path.slice(0, entry.path.indexOf(`{${param}}`)).replace(/\/$/, '');
  return catalogue.find((candidate) => candidate.path.replace(/\/$/, '') === prefix);
}

/** Makes (through the API where it can) the parents an entry's route names, for one tenant. */
/** The value of a parent the walk could not make; a round trip under it is left to the module's tests. */
const UNRESOLVED = '2147483000';

async function parentsFor(entry: CatalogueEntry, who: Tenant): Promise<Record<string, string>> {
  const params: Record<string, string> = {};
  for (const param of pathParams(entry.path)) {
    const parent = parentEntryOf(entry, param);
    const store = parent ? storeOutcome(parent) : undefined;
    const prefix = entry.path.slice(0, entry.path.indexOf(`{${param}}`));
    if (parent && store) {
      const parentParams = await parentsFor(parent, who);
      Object.assign(params, parentParams, params);
      const created = await call({
        method: 'POST',
        url: fill(store.url, params),
        who: who.full,
        body: exampleOf(parent, store.storage ?? 'table'),
      });
      expect(created.status, `creating the ${param} parent of ${entry.name}`).toBe(201);
      params[param] = String((created.json().data as { id: number }).id);
    } else if (prefix === '/users/') {
      params[param] = String(who.full.userId);
    } else if (prefix === '/teams/' || prefix === '/organisation/teams/') {
      params[param] = String((await createTeamRow(ctx.db, who.id)).id);
    } else if (prefix === '/opportunities/') {
      params[param] = String((await createOpportunity(ctx.db, who.id)).id);
    } else {
      // A catalogue record the walk cannot make (its store needs other records): left unresolved.
      params[param] =
        parent && catalogue.includes(parent) && !prefix.startsWith('/integrations/') ? UNRESOLVED : 'walk-1';
    }
  }
  return params;
}

beforeAll(async () => {
  ctx = await createTestContext();
  outcomes = catalogueOutcomesOf(ctx.app);
  home = await tenant();
  away = await tenant();
}, 120_000);
afterAll(() => ctx?.close());

describe('the catalogue registration', () => {
  it('decides every generic operation of every entry: served, left to a module, or refused', () => {
    const decided = new Set(outcomes.map((outcome) => `${outcome.entry} ${outcome.operation}`));
    const undecided = catalogue.flatMap((entry) =>
      entry.operations
        .filter((operation) => !decided.has(`${entry.name} ${operation}`))
        .map((operation) => `${entry.name} ${operation}`),
    );
    // Two entries of one path shape share their routes (`/rota/{date}/{rotaId}/`, `/rota/{date}/{team}/`).
    expect(undecided.filter((name) => !name.startsWith('rota.date.team'))).toEqual([]);
  });

  it('serves every entry that has enabled operations and no module from a table or the document store', () => {
    const served = new Set(
      outcomes.filter((outcome) => outcome.outcome === 'registered').map((outcome) => outcome.entry),
    );
    expect(served.size).toBeGreaterThan(150);
  });
});

const walked = () => catalogue.filter((entry) => entry.operations.length > 0);

describe.each(walked().map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
  const of = (operation: string) => () =>
    outcomesOf(entry).find((outcome) => outcome.operation === operation && outcome.outcome === 'registered');

  it('answers 405 with Allow for each disabled or unoffered operation', async () => {
    const refused = outcomesOf(entry).filter((outcome) => outcome.outcome === 'refused');
    for (const outcome of refused) {
      const params = Object.fromEntries(pathParams(entry.path).map((param) => [param, '1']));
      const response = await call({
        method: outcome.method,
        url: fill(outcome.url, { ...params, id: '1', itemId: '1' }),
        who: home.full,
      });
      expect(response.status, `${outcome.method} ${outcome.url}`).toBe(405);
      expect(response.json().message).toEqual(expect.any(String));
      expect(response.headers.allow, `${outcome.method} ${outcome.url} Allow`).toBeDefined();
    }
  });

  it('makes a full round trip through its served operations', async () => {
    const generic = of('store')();
    const store = generic && exampleOf(entry, generic.storage) ? generic : undefined;
    const index = of('index')();
    const show = of('show')();
    const update = of('update')();
    const del = of('del')();
    if (!store && !index && !show) {
      return;
    }
    const params = await parentsFor(entry, home);
    if (Object.values(params).includes(UNRESOLVED)) {
      return;
    }
    const { item, idParam } = entryPatterns(entry);
    let id: string | undefined;
    if (store) {
      const body = exampleOf(entry, store.storage) ?? {};
      const created = await call({ method: 'POST', url: fill(store.url, params), who: home.full, body });
      expect(created.status, JSON.stringify(created.json())).toBe(201);
      const data = created.json().data as Record<string, unknown>;
      id = String(data.id);
      for (const [key, value] of Object.entries(body)) {
        expect(data[key], `${key} as stored`).toEqual(value);
      }
    }
    if (index) {
      const listUrl = fill(index.url, params);
      const listed = await call({ method: 'GET', url: `${listUrl}?per_page=100`, who: home.full });
      expect(listed.status, JSON.stringify(listed.json())).toBe(200);
      const data = listed.json().data as Array<Record<string, unknown>>;
      expect(listed.json().meta).toMatchObject({ current_page: 1, per_page: 100 });
      const example = (store ? exampleOf(entry, store.storage) : undefined) ?? {};
      // A field of the stored example to filter and sort by: the one a document always has, or the first plain value.
      const [field, value] =
        store?.storage === 'document'
          ? (['count', 3] as const)
          : (Object.entries(example).find(([, candidate]) =>
              ['string', 'number', 'boolean'].includes(typeof candidate),
            ) ?? []);
      if (id !== undefined && field !== undefined) {
        const ids = (answer: Awaited<ReturnType<typeof call>>) =>
          (answer.json().data as Array<Record<string, unknown>>).map((row) => String(row.id));
        expect(data.map((row) => String(row.id))).toContain(id);
        const filtered = await call({
          method: 'GET',
          url: `${listUrl}?${field}=${encodeURIComponent(String(value))}&sort=-${field}`,
          who: home.full,
        });
        expect(filtered.status, JSON.stringify(filtered.json())).toBe(200);
        expect(ids(filtered)).toContain(id);
        if (store?.storage === 'document') {
          const none = await call({ method: 'GET', url: `${listUrl}?count=4`, who: home.full });
          expect(ids(none)).toEqual([]);
          const searched = await call({
            method: 'GET',
            url: `${listUrl}?q=CATALOGUE%20WALK`,
            who: home.full,
          });
          expect(ids(searched)).toContain(id);
          const badField = await call({ method: 'GET', url: `${listUrl}?sort=Not-A-Field`, who: home.full });
          expect(badField.status).toBe(422);
        } else {
          const badSort = await call({ method: 'GET', url: `${listUrl}?sort=no_such_field`, who: home.full });
          expect(badSort.status).toBe(422);
        }
      }
    }
    if (id === undefined) {
      return;
    }
    const itemUrl = fill(`/api${item}`, { ...params, [idParam]: id });
    if (show) {
      const shown = await call({ method: 'GET', url: itemUrl, who: home.full });
      expect(shown.status).toBe(200);
      expect(String((shown.json().data as Record<string, unknown>).id)).toBe(id);
      // Another organisation never reaches it, even with every permission.
      const elsewhere = await call({ method: 'GET', url: itemUrl, who: { ...away.full } });
      expect(elsewhere.status).toBe(404);
    }
    if (update) {
      const changes =
        store?.storage === 'document' ? { note: 'changed by the walk' } : (exampleOf(entry, 'table') ?? {});
      const changed = await call({ method: 'PUT', url: itemUrl, who: home.full, body: changes });
      expect(changed.status, JSON.stringify(changed.json())).toBe(200);
      const data = changed.json().data as Record<string, unknown>;
      for (const [key, value] of Object.entries(changes)) {
        expect(data[key], `${key} after update`).toEqual(value);
      }
      const elsewhere = await call({ method: 'PUT', url: itemUrl, who: away.full, body: changes });
      expect(elsewhere.status).toBe(404);
    }
    if (del) {
      const elsewhere = await call({ method: 'DELETE', url: itemUrl, who: away.full });
      expect(elsewhere.status).toBe(404);
      const deleted = await call({ method: 'DELETE', url: itemUrl, who: home.full });
      expect(deleted.status, JSON.stringify(deleted.json())).toBe(204);
      if (show) {
        expect((await call({ method: 'GET', url: itemUrl, who: home.full })).status).toBe(404);
      }
    }
  });

  it('refuses the anonymous (401), the unpermitted (403) and a permission a role grants but the user is denied (403)', async () => {
    const served = outcomesOf(entry).filter(
      (outcome) => outcome.outcome === 'registered' && outcome.access !== 'public',
    );
    if (served.length === 0) {
      return;
    }
    const params = await parentsFor(entry, home);
    const denied = await caller(home.id, home.host, []);
    const profile = await giveRole(ctx.db, home.id, denied.userId);
    const permissionsOfEntry = [
      ...new Set(
        served.flatMap((outcome) =>
          outcome.access && outcome.access !== 'signed-in' ? [outcome.access] : [],
        ),
      ),
    ];
    await grantToRoleProfile(ctx.db, profile, permissionsOfEntry);
    const ids = await ensurePermissions(ctx.db, permissionsOfEntry);
    if (ids.length > 0) {
      await ctx.db
        .insert(userDeniedPermissions)
        .values(ids.map((permissionId) => ({ userId: denied.userId, permissionId })));
    }
    for (const outcome of served) {
      const url = fill(outcome.url, { ...params, id: '1', itemId: '1' });
      const body = outcome.method === 'POST' || outcome.method === 'PUT' ? {} : undefined;
      const anonymous = await call({ method: outcome.method, url, who: { host: home.host }, body });
      expect(anonymous.status, `${outcome.method} ${outcome.url} anonymous`).toBe(401);
      if (outcome.access === 'signed-in') {
        continue;
      }
      const refused = await call({ method: outcome.method, url, who: home.none, body });
      expect(refused.status, `${outcome.method} ${outcome.url} without permission`).toBe(403);
      const overridden = await call({ method: outcome.method, url, who: denied, body });
      expect(overridden.status, `${outcome.method} ${outcome.url} denied`).toBe(403);
    }
  });

  it('answers 422 keyed by field for a store body it cannot accept', async () => {
    const store = of('store')();
    const example = store ? exampleOf(entry, store.storage) : undefined;
    if (!store || !example) {
      return;
    }
    const params = await parentsFor(entry, home);
    const body =
      store.storage === 'document'
        ? { id: 5, 'Bad Name': 1 }
        : Object.fromEntries(Object.keys(example).map((key) => [key, { not: 'valid' }]));
    const response = await call({ method: 'POST', url: fill(store.url, params), who: home.full, body });
    expect(response.status).toBe(422);
    const errors = response.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).length).toBeGreaterThan(0);
    if (store.storage === 'document') {
      expect(errors).toMatchObject({ id: ['This field is set by the server.'] });
    }
  });
});
