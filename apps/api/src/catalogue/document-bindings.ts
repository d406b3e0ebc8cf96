import type { CatalogueEntry } from '@muster/contract';
import { pathParams } from '@muster/contract';
import { teams, users } from '../db/schema/index.js';
import { parentsOf, type ResourceBinding } from './bindings/index.js';
import type { DocumentBinding } from './document-service.js';
import { OWN_RECORDS } from './own-records.js';
import {
  documentParent,
  freeParent,
  opportunityParent,
  tableParent,
  type ParentResolver,
} from './parents.js';

/**
 * Entries a hand-written module answers (behaviour the spec describes, or the next issue's reports):
 * the document store never serves them. An enabled operation the module does not offer answers
 * 405 with the methods it does (see docs/catalogue.md).
 */
export const MODULE_ENTRIES: ReadonlySet<string> = new Set([
  'auth.api',
  'auth.mobile.organisations',
  'auth.mobile.request-token',
  'auth.mobile.verify-token',
  'opportunities.application-form',
  'opportunities.apply',
  'opportunities.log-apply-action',
  'organisation.detailed',
  'organisation.timezones',
  'organisation.diversity',
  'organisation.permissions',
  'organisation.permission-categories',
  'organisation.permission-groups',
  'files',
  'files.types',
  'geocode.retrieve',
  'heartbeat',
  'exports',
  'exports.fields',
  'exports.fields.users',
  'residential-availability.team',
  'residential-bookings',
  'residential-opportunities',
  'residential-opportunities.countries',
  'residential-opportunities.counties',
  'users.consents',
  'users.contact-change',
  'users.denied-permissions',
  'users.diversity',
  'users.password',
  'organisation.teams.residential.rooms.unavailable-periods',
  'users.residential-bookings',
  'users.two-factor',
  'users.two-factor.trust-computer',
  'users.messaging.mark-read',
  'users.messaging.reply',
  'users.messaging.attachments.forward',
  'users.notifications.dismiss',
  'users.login-messages.acknowledge',
  'users.notes.sub-notes',
  'users.blocked.can-be-blocked',
  'users.forgot-password',
  'users.supervisors',
  'reference',
  'rota.date',
  'rota.date.rota',
  'rota.date.team',
  'mobile.dashboard.stats',
  'analytics',
  'analytics.organisation-stats',
]);

/** Areas whose routes are computed answers built by the reports issue, never stored records. */
const COMPUTED_AREAS: ReadonlySet<string> = new Set(['reports', 'analytics']);

/** Parents whose `{param}` does not name the record of the route before it. */
const PARENT_OVERRIDES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // `/users/{userId}/skills/{categoryId}/bio`: the bio of one skill category of the user.
  'users.skills.bio': { categoryId: 'organisation.skillCategories' },
};

/** `/users/{userId}/notes/` → `/users/{userId}/notes`: the router ignores a trailing slash. */
function normalised(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** A readable singular name of an entry's record: `users.phone-numbers` → `phone number`. */
export function recordLabel(entryName: string): string {
  const last = entryName.split('.').at(-1) ?? entryName;
  const words = last
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/-/g, ' ');
  return words.endsWith('ies')
    ? `${words.slice(0, -3)}y`
    : words.endsWith('s') && !words.endsWith('ss')
      ? words.slice(0, -1)
      : words;
}

/** True when the document store serves the entry: it has operations, no table and no module. */
export function isDocumentEntry(entry: CatalogueEntry, tableBound: ReadonlySet<string>): boolean {
  return (
    entry.operations.length > 0 &&
    !tableBound.has(entry.name) &&
    !MODULE_ENTRIES.has(entry.name) &&
    !COMPUTED_AREAS.has(entry.area)
  );
}

/**
 * One document binding per catalogue entry that no table binding or module serves. Each `{param}`
 * resolves through the entry whose route ends just before it: a table binding's table, another
 * document entry, the users, teams or opportunities tables, or (when no record stands behind it)
 * a free value that only scopes the records.
 */
export function documentBindings(
  entries: readonly CatalogueEntry[],
  tableBindings: readonly ResourceBinding[],
): DocumentBinding[] {
  const tableBound = new Map(tableBindings.map((binding) => [binding.entry, binding]));
  const documentEntries = entries.filter((entry) => isDocumentEntry(entry, new Set(tableBound.keys())));
  const documentNames = new Set(documentEntries.map((entry) => entry.name));
  const byPath = new Map(entries.map((entry) => [normalised(entry.path), entry]));
  const byName = new Map(entries.map((entry) => [entry.name, entry]));

  const resolverFor = (entry: CatalogueEntry, param: string, earlier: readonly string[]): ParentResolver => {
    const overridden = PARENT_OVERRIDES[entry.name]?.[param];
    const prefix = entry.path.slice(0, entry.path.indexOf(`{${param}}`));
    const parentEntry = overridden ? byName.get(overridden) : byPath.get(normalised(prefix));
    if (parentEntry) {
      const label = recordLabel(parentEntry.name);
      const binding = tableBound.get(parentEntry.name);
      if (binding) {
        const parentColumns = new Map(parentsOf(binding).map((parent) => [parent.param, parent.column]));
        return tableParent(
          param,
          label,
          binding.table,
          earlier.map((name) => parentColumns.get(name) ?? null),
        );
      }
      if (documentNames.has(parentEntry.name)) {
        return documentParent(param, label, parentEntry.name, pathParams(parentEntry.path));
      }
    }
    if (prefix === '/users/') {
      return tableParent(param, 'user', users);
    }
    if (prefix === '/teams/' || prefix === '/organisation/teams/') {
      return tableParent(param, 'team', teams);
    }
    if (prefix === '/opportunities/') {
      return opportunityParent(param);
    }
    return freeParent(
      param,
      param
        .replace(/Id$/, '')
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase(),
    );
  };

  return documentEntries.map((entry) => {
    const params = pathParams(entry.path);
    const itemPrefix = `${normalised(entry.path)}/{`;
    const children = documentEntries.filter((other) => other.path.startsWith(itemPrefix));
    const firstChild = children[0];
    const itemParam = firstChild ? (pathParams(firstChild.path)[params.length] ?? '') : '';
    const own = OWN_RECORDS[entry.name];
    return {
      entry,
      label: recordLabel(entry.name),
      parents: params.map((param, index) => resolverFor(entry, param, params.slice(0, index))),
      childEntries: children.map((child) => child.name),
      itemParam,
      ...(own ? { ownRecords: own } : {}),
    };
  });
}
