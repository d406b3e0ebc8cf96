import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_OPERATIONS,
  catalogue,
  fillPath,
  findCatalogueEntry,
  isOperationEnabled,
  pathParams,
  resourcePath,
  type CatalogueEntry,
  type CatalogueOperation,
} from './index.js';

function entry(name: string): CatalogueEntry {
  const found = findCatalogueEntry(name);
  if (!found) {
    throw new Error(`no catalogue entry ${name}`);
  }
  return found;
}

function byPath(path: string): CatalogueEntry {
  const found = catalogue.filter((candidate) => candidate.path === path);
  expect(found, path).toHaveLength(1);
  return found[0] as CatalogueEntry;
}

describe('the catalogue', () => {
  it('has unique names', () => {
    const names = catalogue.map((candidate) => candidate.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has unique paths', () => {
    const paths = catalogue.map((candidate) => candidate.path);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });

  it('writes every path and extra path relative to /api/, starting with a slash, without the base path', () => {
    for (const candidate of catalogue) {
      expect(candidate.path, candidate.name).toMatch(/^\/[^/]/);
      expect(candidate.path.startsWith('/api/'), candidate.name).toBe(false);
      for (const extra of candidate.extra ?? []) {
        expect(extra.path, candidate.name).toMatch(/^\/[^/]/);
        expect(['GET', 'POST', 'PUT', 'DELETE']).toContain(extra.method);
      }
    }
  });

  it('lists each operation at most once, in the canonical order, and only known ones', () => {
    for (const candidate of catalogue) {
      const ordered = CATALOGUE_OPERATIONS.filter((operation) => candidate.operations.includes(operation));
      expect(candidate.operations, candidate.name).toEqual(ordered);
    }
  });

  it('tags every entry with an area', () => {
    for (const candidate of catalogue) {
      expect(candidate.area, candidate.name).toMatch(/^[a-z-]+$/);
    }
  });

  it('has balanced, named placeholders', () => {
    for (const candidate of catalogue) {
      for (const path of [candidate.path, ...(candidate.extra ?? []).map((extra) => extra.path)]) {
        expect(path.replace(/\{[A-Za-z]+\}/g, ''), path).not.toMatch(/[{}]/);
      }
    }
  });

  it('covers the spec sections (a sample of routes from each)', () => {
    for (const path of [
      '/auth/api/',
      '/analytics/activities/',
      '/bulk/imports/{importId}/records/',
      '/events/{eventId}/sessions/{sessionId}/attendees/',
      '/auth/mobile/verify-token',
      '/organisation/recruitment/categories/{categoryId}/stages/',
      '/organisation/teams/{teamId}/residential/rooms/{roomId}/unavailable-periods/',
      '/organisation/skillCategories/',
      '/tasks/{taskId}/history/',
      '/organisation/teams/{teamId}/hide',
      '/team-site-hero',
      '/organisation/query-builder/',
      '/reports/users/',
      '/analytics/training/',
      '/users/{userId}/applications/{applicationId}/references/',
      '/vetting/',
    ]) {
      byPath(path);
    }
  });
});

describe('operations disabled by the spec', () => {
  const cases: Array<[path: string, enabled: CatalogueOperation[]]> = [
    ['/analytics/organisation-stats', ['index']],
    ['/organisation/permission-categories/', ['index', 'show']],
    ['/organisation/permissions/', ['index', 'show', 'update']],
    ['/contact-us/', ['store']],
    ['/bulk/imports/{importId}/records/', ['index', 'show', 'update']],
    ['/exports/', ['show', 'store', 'del']],
    ['/exports/fields/', ['index']],
    ['/exports/fields/users', ['index']],
    ['/organisation/countries', ['index']],
    ['/users/{userId}/two-factor/', ['store', 'update']],
    ['/users/{userId}/two-factor/trust-computer', ['store', 'update']],
    ['/heartbeat/', ['index']],
    ['/mobile/', ['show', 'store', 'del']],
    ['/files/', ['show', 'store', 'update', 'del']],
    ['/files/types', ['index']],
    ['/geocode/retrieve/', ['index', 'show']],
    ['/dashboard/', ['index', 'show', 'store', 'del']],
    ['/activities/overlapping', ['store']],
    ['/integrations/service/{integrationId}/events', ['index', 'store']],
    ['/organisation/detailed/', ['index', 'update']],
    ['/rota/{date}/', []],
    ['/rota/{date}/{rotaId}/', ['index', 'update', 'del']],
    ['/organisation/safeguarding/', ['show', 'update']],
    ['/organisation/saved-list/', ['show', 'store']],
    ['/organisation/teams/{teamId}/hide', ['show', 'store']],
    ['/teams/', ['index', 'show']],
    ['/team-site-hero', ['index', 'show']],
    ['/telemetry/', ['store']],
    ['/reports/activities/', ['show', 'store', 'del']],
    ['/users/{userId}/forgot-password', ['store', 'update']],
    ['/users/{userId}/login-messages/', ['index', 'store']],
    ['/users/{userId}/password/', ['update']],
    ['/users/{userId}/profile-photo/', ['index', 'store', 'del']],
    ['/users/{userId}/role-consents/', ['index']],
    ['/users/{userId}/messaging/mark-read/', ['show', 'store', 'update', 'del']],
    ['/users/{userId}/notes/{noteId}/sub-notes', ['store']],
    ['/organisation/leaving-reasons/', ['index', 'show', 'store', 'del']],
    ['/organisation/terms/', ['index', 'show', 'store', 'update', 'del']],
  ];
  it.each(cases)('%s enables exactly %j', (path, enabled) => {
    const found = byPath(path);
    expect(found.operations).toEqual(enabled);
    for (const operation of CATALOGUE_OPERATIONS) {
      expect(isOperationEnabled(found, operation), `${path} ${operation}`).toBe(enabled.includes(operation));
    }
  });
});

describe('named calls', () => {
  it('keeps the non-generic calls of the spec', () => {
    expect(entry('exports').extra).toContainEqual({ method: 'POST', path: '/exports/{id}/resend' });
    expect(entry('organisation.email-templates').extra).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/organisation/email-templates/new-user/preview' }),
    );
    expect(entry('events.sessions').extra?.map((extra) => extra.path)).toContain(
      '/events/{eventId}/sessions/{sessionId}/bulk-delete-users/',
    );
    expect(entry('reports.users').extra?.map((extra) => extra.path)).toContain(
      '/reports/users/skills/dynamic-skill-category/{id}/user/{userId}/',
    );
    expect(entry('teams.site').extra).toHaveLength(7);
  });
});

describe('findCatalogueEntry', () => {
  it('finds an entry by name and answers undefined for an unknown one', () => {
    expect(findCatalogueEntry('organisation.terms')?.path).toBe('/organisation/terms/');
    expect(findCatalogueEntry('users.consents')?.path).toBe('/users/{userId}/consents/');
    expect(findCatalogueEntry('no.such.thing')).toBeUndefined();
  });
});

describe('resourcePath', () => {
  it('answers the route itself when it has no parameters', () => {
    expect(resourcePath(entry('organisation.terms'))).toBe('/organisation/terms/');
  });

  it('appends the id for one item, adding a slash when the route has none', () => {
    expect(resourcePath(entry('organisation.terms'), {}, 7)).toBe('/organisation/terms/7');
    expect(resourcePath(entry('organisation.countries'), {}, 'GB')).toBe('/organisation/countries/GB');
  });

  it('fills and URL-encodes parameters and the id', () => {
    expect(resourcePath(entry('users.consents'), { userId: 12 }, 3)).toBe('/users/12/consents/3');
    expect(resourcePath(entry('events.sessions.attendees'), { eventId: 'a b', sessionId: 'x/y' }, 'ü?')).toBe(
      '/events/a%20b/sessions/x%2Fy/attendees/%C3%BC%3F',
    );
  });

  it('throws on a missing or empty parameter, and on an empty id', () => {
    expect(() => resourcePath(entry('users.consents'))).toThrow('Missing path parameter "userId"');
    expect(() => resourcePath(entry('users.consents'), { userId: '' })).toThrow('userId');
    expect(() => resourcePath(entry('organisation.terms'), {}, '')).toThrow('Empty id');
  });

  it('fills extra paths too', () => {
    expect(fillPath('/exports/{id}/resend', { id: 5 })).toBe('/exports/5/resend');
    expect(pathParams('/organisation/teams/{teamId}/residential/rooms/{roomId}/')).toEqual([
      'teamId',
      'roomId',
    ]);
  });
});
