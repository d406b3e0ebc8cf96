// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_MEDIA_TYPE,
  CATALOGUE_OPERATIONS,
  catalogue,
  catalogueEntries,
  organisationSettingsRoutes,
  type CatalogueEntry,
} from '@muster/contract';
import {
  areaApiFor,
  callName,
  camelCase,
  createCatalogueApi,
  lazyAreasApi,
  type CatalogueApi,
} from './catalogue-api';
import { catalogueApiFor } from './catalogue-client';
import { createApiClient, type ApiClient } from './client';
import { createTokenStore } from './token-store';

type Received = { method: string; url: string; type: string | undefined; body: string };
type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

let server: Server;
let origin: string;
let handler: Handler;
let received: Received[];

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': `${API_MEDIA_TYPE}; charset=utf-8` });
  response.end(JSON.stringify(body));
}

/** Answers `{data: 'METHOD url'}`, so a test sees which request a call made. */
const echo: Handler = (request, response) => {
  if (request.method === 'DELETE') {
    response.writeHead(204).end();
    return;
  }
  json(response, 200, { data: `${request.method} ${request.url}` });
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        type: request.headers['content-type'],
        body,
      });
      handler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let client: ApiClient;
let api: CatalogueApi;

beforeEach(() => {
  received = [];
  handler = echo;
  const tokens = createTokenStore({ storage: null });
  tokens.set('abc');
  client = createApiClient({ tokenStore: tokens, baseUrl: `${origin}/api/` });
  api = createCatalogueApi(client, catalogue);
});

const sent = () => received.map(({ method, url }) => `${method} ${url}`);

describe('generic operations', () => {
  it('fill the path parameters and hit the method and path of platform-foundation §7', async () => {
    const attendees = api.events.sessions.attendees;
    const params = { eventId: 4, sessionId: 'a b' };
    await attendees.index(params, { page: 2, include: ['user', 'roles'] });
    await attendees.show(params, 9, { include: 'user' });
    await attendees.store(params, { user_id: 9 });
    await attendees.update(params, 9, { status: 'attended' });
    await expect(attendees.del(params, 9)).resolves.toBeUndefined();
    expect(sent()).toEqual([
      'GET /api/events/4/sessions/a%20b/attendees/?page=2&include=user&include=roles',
      'GET /api/events/4/sessions/a%20b/attendees/9?include=user',
      'POST /api/events/4/sessions/a%20b/attendees/',
      'PUT /api/events/4/sessions/a%20b/attendees/9',
      'DELETE /api/events/4/sessions/a%20b/attendees/9',
    ]);
    expect(received[2]).toMatchObject({ type: 'application/json', body: JSON.stringify({ user_id: 9 }) });
    expect(JSON.parse(received[3]!.body)).toEqual({ status: 'attended' });
  });

  it('take no parameter object when the path has no placeholder, and answer the body', async () => {
    await expect(api.organisation.terms.index({ per_page: 100 })).resolves.toEqual({
      data: 'GET /api/organisation/terms/?per_page=100',
    });
    await api.organisation.terms.show(3);
    await api.organisation.residentialCancelReasons.index();
    expect(sent().slice(1)).toEqual([
      'GET /api/organisation/terms/3',
      'GET /api/organisation/residential-cancel-reasons',
    ]);
  });

  it('address the route itself with a null id (the single-record routes)', async () => {
    await api.users.password.update({ userId: 5 }, null, {
      current_password: 'old',
      password: 'new-password',
      password_confirmation: 'new-password',
    });
    await api.users.twoFactor.trustComputer.update({ userId: 5 }, null, { trust: true });
    expect(sent()).toEqual(['PUT /api/users/5/password/', 'PUT /api/users/5/two-factor/trust-computer']);
  });

  it('send FormData as multipart', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    await api.users.files.store({ userId: 5 }, form);
    expect(received[0]!.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[0]!.body).toContain('name="file"; filename="hello.txt"');
  });

  it('pass request options through (no auth, headers)', async () => {
    const seen: (string | undefined)[] = [];
    handler = (request, response) => {
      seen.push(request.headers.authorization, request.headers['x-email-address'] as string | undefined);
      json(response, 200, { data: null });
    };
    await api.organisation.detailed.index(undefined, { auth: false });
    await api.opportunities.apply.index(
      { opportunityId: 'quick-help' },
      { key: 'k' },
      { headers: { 'X-EMAIL-ADDRESS': 'a@b.c' } },
    );
    expect(seen).toEqual([undefined, undefined, 'Bearer abc', 'a@b.c']);
    expect(sent()).toEqual([
      'GET /api/organisation/detailed/',
      'GET /api/opportunities/quick-help/apply/?key=k',
    ]);
  });

  it('refuse a missing path parameter before sending anything', () => {
    const loose = api.users.consents.index as unknown as (params: object) => Promise<unknown>;
    expect(() => loose({})).toThrow('Missing path parameter "userId"');
    expect(received).toEqual([]);
  });
});

describe('named calls', () => {
  it('are named after the path past their entry, with the method and path of the catalogue', async () => {
    await api.events.sessions.bulkUpdateLocation({ eventId: 3 }, { location: 'Hall' });
    await api.events.sessions.bulkDeleteUsers({ eventId: 3, sessionId: 8 }, { user_ids: [1] });
    await api.events.getUsersSavedList({ eventId: 3 }, { list: 2 });
    await api.exports.resend({ id: 12 });
    await api.users.inductions.selfComplete({ authUserId: 5, id: 2 }, { done: true });
    await api.organisation.teams.recursive({ parent: 1 });
    await api.organisation.queryBuilder.delete({ id: 4 });
    await api.organisation.queryBuilder.preview({ query: 'x' });
    await api.teams.site.get({ id: 6 });
    await api.teams.site.site({ q: 'lake' });
    await api.opportunities.logApplyAction.post({ slug: 'quick-help' });
    await api.reports.users.skillsDynamicSkillCategoryUser({ id: 1, userId: 2 });
    expect(sent()).toEqual([
      'PUT /api/events/3/sessions/bulk-update-location/',
      'PUT /api/events/3/sessions/8/bulk-delete-users/',
      'GET /api/events/3/get-users-saved-list?list=2',
      'POST /api/exports/12/resend',
      'PUT /api/users/5/inductions/self-complete/2',
      'GET /api/organisation/teams/recursive/?parent=1',
      'DELETE /api/organisation/query-builder/?id=4',
      'POST /api/organisation/query-builder/preview',
      'GET /api/teams/6/site',
      'GET /api/teams/site?q=lake',
      'POST /api/opportunities/log-apply-action',
      'GET /api/reports/users/skills/dynamic-skill-category/1/user/2/',
    ]);
    expect(JSON.parse(received[0]!.body)).toEqual({ location: 'Hall' });
    expect(received[3]!.body).toBe('');
  });

  it('read a binary answer as a Blob and a text answer as text', async () => {
    handler = (request, response) => {
      if (request.url?.startsWith('/api/rota/')) {
        response.writeHead(200, { 'Content-Type': 'application/pdf' });
        response.end(Buffer.from('%PDF-1.7 binary \u00ff', 'latin1'));
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Dear {{name}}');
    };
    const pdf = await api.rota.pdf({ date: '2026-01-03' }, { team: 4 });
    expect(pdf).toBeInstanceOf(Blob);
    expect(pdf.type).toBe('application/pdf');
    expect(new Uint8Array(await pdf.arrayBuffer()).at(-1)).toBe(0xff);
    await expect(api.organisation.emailTemplates.newUserPreview({ template: 1 })).resolves.toBe(
      'Dear {{name}}',
    );
    expect(sent()).toEqual([
      'GET /api/rota/2026-01-03/pdf?team=4',
      'GET /api/organisation/email-templates/new-user/preview?template=1',
    ]);
  });
});

describe('href', () => {
  it('answers the URL of the route or of one record without sending anything', () => {
    expect(api.files.href('f-1')).toBe(`${origin}/api/files/f-1`);
    expect(api.users.consents.href({ userId: 5 })).toBe(`${origin}/api/users/5/consents/`);
    expect(api.rota.date.rota.href({ date: '2026-01-03', rotaId: 2 }, null, { team: 1 })).toBe(
      `${origin}/api/rota/2026-01-03/2/?team=1`,
    );
    expect(received).toEqual([]);
  });
});

/** The node of an entry, walked by its camelCased name segments. */
function nodeOf(root: unknown, entry: CatalogueEntry): Record<string, unknown> {
  let node = root as Record<string, unknown>;
  for (const segment of entry.name.split('.')) {
    node = node[camelCase(segment)] as Record<string, unknown>;
    expect(node, entry.name).toBeTypeOf('object');
  }
  return node;
}

describe('the whole catalogue', () => {
  it('has a node per entry with exactly its enabled operations, its named calls and href', () => {
    let calls = 0;
    for (const entry of catalogue) {
      const node = nodeOf(api, entry);
      for (const operation of CATALOGUE_OPERATIONS) {
        expect(typeof node[operation], `${entry.name} ${operation}`).toBe(
          entry.operations.includes(operation) ? 'function' : 'undefined',
        );
      }
      const names = (entry.extra ?? []).map((extra) => callName(entry.path, extra));
      expect(new Set(names).size, `${entry.name} call names ${names.join(', ')}`).toBe(names.length);
      for (const name of names) {
        expect(typeof node[name], `${entry.name}.${name}`).toBe('function');
        calls += 1;
      }
      // Building the client threw on no collision, so every member left is a method or a child.
      const methods = Object.keys(node).filter((key) => typeof node[key] === 'function');
      expect(methods.sort(), entry.name).toEqual([...entry.operations, ...names, 'href'].sort());
    }
    expect(calls).toBe(catalogue.reduce((sum, entry) => sum + (entry.extra?.length ?? 0), 0));
  });

  it('leaves disabled operations out at run time', () => {
    expect(Object.keys(api.users.twoFactor).sort()).toEqual(['href', 'store', 'trustComputer', 'update']);
    expect('index' in api.exports).toBe(false);
    expect('update' in api.exports).toBe(false);
    expect(Object.keys(api.rota.date).sort()).toEqual(['href', 'rota', 'team']);
  });

  it('refuses a catalogue whose names would collide', () => {
    const entries: CatalogueEntry[] = [
      {
        name: 'things',
        path: '/things/',
        operations: ['index'],
        area: 'test',
        extra: [{ method: 'GET', path: '/things/index' }],
      },
    ];
    expect(() => createCatalogueApi(client, entries)).toThrow('two members named "index"');
    const child: CatalogueEntry[] = [
      {
        name: 'things',
        path: '/things/',
        operations: [],
        area: 'test',
        extra: [{ method: 'GET', path: '/things/parts' }],
      },
      { name: 'things.parts', path: '/things/{id}/parts/', operations: ['index'], area: 'test' },
    ];
    expect(() => createCatalogueApi(client, child)).toThrow('two members named "parts"');
  });
});

describe('callName', () => {
  it.each([
    [
      '/events/{eventId}/sessions/',
      '/events/{eventId}/sessions/bulk-update-location/',
      'PUT',
      'bulkUpdateLocation',
    ],
    ['/rota/', '/rota/{date}/pdf', 'GET', 'pdf'],
    [
      '/organisation/email-templates/',
      '/organisation/email-templates/new-user/preview',
      'GET',
      'newUserPreview',
    ],
    [
      '/users/{userId}/inductions/',
      '/users/{authUserId}/inductions/self-complete/{id}',
      'PUT',
      'selfComplete',
    ],
    ['/analytics/starters-leavers/', '/analytics/starters-leavers/leavers/export', 'POST', 'leaversExport'],
    ['/auth/api/', '/auth/api/', 'POST', 'post'],
    ['/teams/{id}/site', '/teams/site', 'GET', 'site'],
  ] as const)('%s + %s → %s', (route, path, method, name) => {
    expect(callName(route, { method, path })).toBe(name);
  });
});

describe('areaApiFor', () => {
  it('holds the area’s entries only, calling the same routes as the whole client', async () => {
    const area = areaApiFor(client, organisationSettingsRoutes);
    expect(Object.keys(area).sort()).toEqual(
      [
        ...new Set(organisationSettingsRoutes.map((entry) => camelCase(entry.name.split('.')[0] ?? ''))),
      ].sort(),
    );
    expect(area).not.toHaveProperty('users');
    await area.organisation.detailed.index();
    await api.organisation.detailed.index();
    expect(sent()).toEqual(['GET /api/organisation/detailed/', 'GET /api/organisation/detailed/']);
  });

  it('is built once per client and area', () => {
    expect(areaApiFor(client, organisationSettingsRoutes)).toBe(
      areaApiFor(client, organisationSettingsRoutes),
    );
    expect(catalogueApiFor(client)).toBe(catalogueApiFor(client));
    expect(catalogueApiFor(client)).not.toBe(areaApiFor(client, organisationSettingsRoutes));
  });
});

describe('lazyAreasApi', () => {
  it('builds nothing until an area is used, then that area alone, once', async () => {
    const build = vi.fn(createCatalogueApi);
    const lazy = lazyAreasApi(client, catalogueEntries, build);
    expect(build).not.toHaveBeenCalled();

    await lazy.organisation.detailed.index();
    await lazy.organisation.detailed.index();
    expect(build).toHaveBeenCalledOnce();
    const built = build.mock.calls[0]?.[1] ?? [];
    expect(built.length).toBeGreaterThan(0);
    expect(built.every((entry) => entry.name.split('.')[0] === 'organisation')).toBe(true);
    expect(sent()).toEqual(['GET /api/organisation/detailed/', 'GET /api/organisation/detailed/']);
  });

  it('has the same members as the client built at once, down to every entry', () => {
    const lazy = lazyAreasApi(client, catalogueEntries);
    expect(Object.keys(lazy).sort()).toEqual(Object.keys(api).sort());
    expect('users' in lazy).toBe(true);
    expect('nothing' in lazy).toBe(false);
    for (const entry of catalogue) {
      expect(Object.keys(nodeOf(lazy, entry)).sort(), entry.name).toEqual(
        Object.keys(nodeOf(api, entry)).sort(),
      );
    }
  });
});
