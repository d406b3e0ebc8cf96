import { parseRowId } from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { documentScope, documentWire, ENTRIES, type DocumentWire } from './documents.js';
import {
  entryDocuments,
  findTeam,
  firstScopeDocument,
  insertScopeDocument,
  replaceDocumentBody,
} from './repository.js';
import { teamMessages } from '@muster/contract';

/*
 * POST /organisation/teams/{teamId}/hide (platform-foundation §7 "Teams", the store of
 * `organisation.teams.hide`): hides a team (and so everything under it) from the team tree, or
 * shows it again. The teams table has no such column, so each team's state is one
 * `organisation.teams.hide` document under the team (`teamId={id}`), which the generic show
 * (`GET …/hide/{id}`) reads and `teams/recursive` honours.
 */

/** The organisation's team named by a path value; 404 for anything else (another organisation's team included). */
export async function teamOf(
  db: Executor,
  organisationId: number,
  rawId: string,
  options: { lock?: boolean } = {},
): Promise<{ id: number; name: string; parentId: number | null }> {
  const id = parseRowId(rawId);
  const team = id === null ? null : await findTeam(db, organisationId, id, options);
  if (!team) {
    throw new HttpError(404, teamMessages.teamNotFound);
  }
  return team;
}

/** The ids of the organisation's teams that are hidden themselves (not only through a parent). */
export async function hiddenTeamIds(db: Executor, organisationId: number): Promise<Set<number>> {
  const documents = await entryDocuments(db, organisationId, ENTRIES.teamHide, { hidden: true });
  const ids = new Set<number>();
  for (const document of documents) {
    const id = Number(/^teamId=(\d+)$/.exec(document.parentKey)?.[1]);
    if (Number.isInteger(id)) {
      ids.add(id);
    }
  }
  return ids;
}

/**
 * Hides or shows the organisation's team: creates its hide document or changes the one it has
 * (the team row is locked meanwhile, so a team never gets two). Answers the document and
 * whether it was created.
 */
export async function setTeamHidden(
  db: Database,
  scope: { organisationId: number; userId: number },
  rawTeamId: string,
  hidden: boolean,
): Promise<{ created: boolean; document: DocumentWire }> {
  return db.transaction(async (tx) => {
    const team = await teamOf(tx, scope.organisationId, rawTeamId, { lock: true });
    const documents = documentScope(scope.organisationId, ENTRIES.teamHide, { teamId: team.id });
    const body = { team_id: team.id, hidden };
    const current = await firstScopeDocument(tx, documents, { lock: true });
    if (current) {
      const row = await replaceDocumentBody(tx, documents, current.id, { ...current.body, ...body });
      return { created: false, document: documentWire(row ?? current) };
    }
    return {
      created: true,
      document: documentWire(await insertScopeDocument(tx, documents, body, scope.userId)),
    };
  });
}
