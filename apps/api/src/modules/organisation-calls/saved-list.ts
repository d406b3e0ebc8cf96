import { parseRowId } from '@muster/contract';
import { findDocument, type DocumentRow } from '../../catalogue/document-repository.js';
import type { Database, Executor } from '../../db/client.js';
import { HttpError, validationError } from '../../plugins/errors.js';
import { documentScope, documentWire, ENTRIES } from './documents.js';
import { insertScopeDocument, usersAmong } from './repository.js';
import { savedListMessages, type SavedListStoreBody, type SavedList } from '@muster/contract';

/*
 * /organisation/saved-list/ (platform-foundation §7: show and store only): a named list of the
 * organisation's users kept to email, export or act on later, in the shape
 * `GET /events/{eventId}/get-users-saved-list` answers, so that an event's people can be saved as
 * they are. Stored as `organisation.saved-list` documents; show lists the people as they are now.
 */

/** The list with its people as they are now (users deleted since are left out). */
async function savedListWire(db: Executor, organisationId: number, row: DocumentRow): Promise<SavedList> {
  const saved = Array.isArray(row.body.user_ids)
    ? row.body.user_ids.filter((id): id is number => typeof id === 'number')
    : [];
  const people = await usersAmong(db, organisationId, saved);
  const existing = new Set(people.map((person) => person.id));
  const wire = documentWire(row);
  return {
    id: wire.id,
    name: typeof row.body.name === 'string' ? row.body.name : '',
    type: 'users',
    user_ids: saved.filter((id) => existing.has(id)),
    users: people.map((person) => ({
      id: person.id,
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
    })),
    created_by: wire.created_by,
    created_at: wire.created_at,
    updated_at: wire.updated_at,
  };
}

/**
 * Saves a list of the organisation's users (each once, in the order given); 422 at
 * `user_ids.{i}` for a user who is not the organisation's, and nothing is saved.
 */
export async function storeSavedList(
  db: Database,
  scope: { organisationId: number; userId: number },
  body: SavedListStoreBody,
): Promise<SavedList> {
  return db.transaction(async (tx) => {
    const found = new Set((await usersAmong(tx, scope.organisationId, body.user_ids)).map((user) => user.id));
    const errors: Record<string, string[]> = {};
    body.user_ids.forEach((id, index) => {
      if (!found.has(id)) {
        errors[`user_ids.${index}`] = [savedListMessages.notOrganisationUser];
      }
    });
    if (Object.keys(errors).length > 0) {
      throw validationError(errors);
    }
    const row = await insertScopeDocument(
      tx,
      documentScope(scope.organisationId, ENTRIES.savedList),
      { name: body.name, type: 'users', user_ids: [...new Set(body.user_ids)] },
      scope.userId,
    );
    return savedListWire(tx, scope.organisationId, row);
  });
}

/** The organisation's saved list `rawId`; 404 for one that is not the organisation's. */
export async function showSavedList(db: Database, organisationId: number, rawId: string): Promise<SavedList> {
  const id = parseRowId(rawId);
  const row =
    id === null ? null : await findDocument(db, documentScope(organisationId, ENTRIES.savedList), id);
  if (!row) {
    throw new HttpError(404, savedListMessages.notFound);
  }
  return savedListWire(db, organisationId, row);
}
