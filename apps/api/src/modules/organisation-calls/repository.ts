import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertedRow } from '../../db/rows.js';
import {
  catalogueRecords,
  organisations,
  roleProfiles,
  teams,
  userEmailAddresses,
  users,
} from '../../db/schema/index.js';
import type { DocumentRow, DocumentScope } from '../../catalogue/document-repository.js';

/*
 * The SQL of the organisation-level named calls. Every query is scoped by organisation id; the
 * document queries also by catalogue entry and parent key, as the generic document store is.
 */

/** Most documents one call reads from a scope (a category's stages, an organisation's team sites). */
export const MAX_SCOPE_DOCUMENTS = 1000;

function inScope(scope: DocumentScope): SQL | undefined {
  return and(
    eq(catalogueRecords.organisationId, scope.organisationId),
    eq(catalogueRecords.entry, scope.entry),
    eq(catalogueRecords.parentKey, scope.parentKey),
  );
}

/** Containment (`body @> {...}`), which the GIN index on the body answers. */
function bodyContains(fields: Record<string, unknown>): SQL {
  return sql`${catalogueRecords.body} @> ${JSON.stringify(fields)}::jsonb`;
}

/** The scope's documents, oldest first. */
export async function listScopeDocuments(db: Executor, scope: DocumentScope): Promise<DocumentRow[]> {
  return db
    .select()
    .from(catalogueRecords)
    .where(inScope(scope))
    .orderBy(asc(catalogueRecords.id))
    .limit(MAX_SCOPE_DOCUMENTS);
}

/** The scope's most recently changed document whose body holds any of `candidates`, or null. */
export async function latestDocumentContaining(
  db: Executor,
  scope: DocumentScope,
  candidates: ReadonlyArray<Record<string, unknown>>,
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(catalogueRecords)
    .where(and(inScope(scope), or(...candidates.map(bodyContains))))
    .orderBy(desc(catalogueRecords.updatedAt), desc(catalogueRecords.id))
    .limit(1);
  return row ?? null;
}

/**
 * The scope's first document (the one document of a per-team or per-organisation setting), or
 * null; with `lock`, locked until the transaction ends.
 */
export async function firstScopeDocument(
  db: Executor,
  scope: DocumentScope,
  { lock = false }: { lock?: boolean } = {},
): Promise<DocumentRow | null> {
  const query = db
    .select()
    .from(catalogueRecords)
    .where(inScope(scope))
    .orderBy(asc(catalogueRecords.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Replaces the body of the scope's document `id`; null when the scope has no such document. */
export async function replaceDocumentBody(
  db: Executor,
  scope: DocumentScope,
  id: number,
  body: Record<string, unknown>,
): Promise<DocumentRow | null> {
  const [row] = await db
    .update(catalogueRecords)
    .set({ body })
    .where(and(inScope(scope), eq(catalogueRecords.id, id)))
    .returning();
  return row ?? null;
}

/** Stores several documents in the scope in one statement, in the order given. */
export async function insertDocuments(
  db: Executor,
  scope: DocumentScope,
  bodies: ReadonlyArray<Record<string, unknown>>,
  createdBy: number | null,
): Promise<DocumentRow[]> {
  if (bodies.length === 0) {
    return [];
  }
  const rows = await db
    .insert(catalogueRecords)
    .values(bodies.map((body) => ({ ...scope, body, createdBy })))
    .returning();
  return rows.sort((left, right) => left.id - right.id);
}

/** Stores one document in the scope. */
export async function insertScopeDocument(
  db: Executor,
  scope: DocumentScope,
  body: Record<string, unknown>,
  createdBy: number | null,
): Promise<DocumentRow> {
  return insertedRow(await insertDocuments(db, scope, [body], createdBy), 'catalogue document');
}

/** The ids among `ids` that name documents of the scope, locked until the transaction ends. */
export async function lockScopeDocumentIds(
  db: Executor,
  scope: DocumentScope,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .select({ id: catalogueRecords.id })
    .from(catalogueRecords)
    .where(and(inScope(scope), inArray(catalogueRecords.id, [...ids])))
    .for('update');
  return rows.map((row) => row.id);
}

/** Deletes the scope's documents (only those among `ids` when given); answers how many went. */
export async function deleteScopeDocuments(
  db: Executor,
  scope: DocumentScope,
  ids: readonly number[] | null,
): Promise<number> {
  const deleted = await db
    .delete(catalogueRecords)
    .where(and(inScope(scope), ids === null ? undefined : inArray(catalogueRecords.id, [...ids])))
    .returning({ id: catalogueRecords.id });
  return deleted.length;
}

/**
 * The distinct strings held in the array field `field` across the scope's documents, each with
 * how many documents hold it, alphabetically. Documents whose field is missing or not an array,
 * and elements that are not strings, are left out.
 */
export async function distinctArrayStrings(
  db: Executor,
  scope: DocumentScope,
  field: string,
): Promise<Array<{ value: string; count: number }>> {
  const result = await db.execute(sql`
    select element #>> '{}' as value, count(distinct ${catalogueRecords.id})::int as count
    from ${catalogueRecords}
    cross join lateral jsonb_array_elements(
      case when jsonb_typeof(${catalogueRecords.body} -> ${field}) = 'array'
        then ${catalogueRecords.body} -> ${field}
        else '[]'::jsonb
      end
    ) as element
    where ${catalogueRecords.organisationId} = ${scope.organisationId}
      and ${catalogueRecords.entry} = ${scope.entry}
      and ${catalogueRecords.parentKey} = ${scope.parentKey}
      and jsonb_typeof(element) = 'string'
    group by 1
    order by 1
  `);
  // Both drivers answer `{rows}`; the shared Database type leaves the result untyped.
  return (result as { rows: Array<{ value: string; count: number | string }> }).rows.map((row) => ({
    value: row.value,
    count: Number(row.count),
  }));
}

/**
 * Documents of `entry` under any parent of the organisation (every team's site), optionally only
 * those whose body holds `contains`, oldest first.
 */
export async function entryDocuments(
  db: Executor,
  organisationId: number,
  entry: string,
  contains?: Record<string, unknown>,
): Promise<DocumentRow[]> {
  return db
    .select()
    .from(catalogueRecords)
    .where(
      and(
        eq(catalogueRecords.organisationId, organisationId),
        eq(catalogueRecords.entry, entry),
        contains === undefined ? undefined : bodyContains(contains),
      ),
    )
    .orderBy(asc(catalogueRecords.id))
    .limit(MAX_SCOPE_DOCUMENTS);
}

/** A team as the tree and the sites need it. */
export type TeamNodeRow = { id: number; name: string; parentId: number | null };

/** Every team of the organisation, by name. */
export async function organisationTeams(db: Executor, organisationId: number): Promise<TeamNodeRow[]> {
  return db
    .select({ id: teams.id, name: teams.name, parentId: teams.parentId })
    .from(teams)
    .where(eq(teams.organisationId, organisationId))
    .orderBy(asc(teams.name), asc(teams.id));
}

/**
 * The organisation's team `id`, or null; with `lock`, the row is locked until the transaction
 * ends, which serialises writers of the team's one site or hide document.
 */
export async function findTeam(
  db: Executor,
  organisationId: number,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<TeamNodeRow | null> {
  const query = db
    .select({ id: teams.id, name: teams.name, parentId: teams.parentId })
    .from(teams)
    .where(and(eq(teams.organisationId, organisationId), eq(teams.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('no key update') : await query;
  return row ?? null;
}

/** The organisation's teams among `ids`. */
export async function teamsAmong(
  db: Executor,
  organisationId: number,
  ids: readonly number[],
): Promise<TeamNodeRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return db
    .select({ id: teams.id, name: teams.name, parentId: teams.parentId })
    .from(teams)
    .where(and(eq(teams.organisationId, organisationId), inArray(teams.id, [...ids])));
}

/**
 * Locks the organisation's row until the transaction ends (without blocking rows that refer to
 * it), so that writers of its one settings document take turns.
 */
export async function lockOrganisation(db: Executor, organisationId: number): Promise<void> {
  await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('no key update');
}

/** A role profile as the bulk update answers it. */
export type RoleProfileRow = {
  id: number;
  displayName: string;
  disclaimer: string | null;
  enforceTwoFactor: boolean;
};

const roleProfileColumns = {
  id: roleProfiles.id,
  displayName: roleProfiles.displayName,
  disclaimer: roleProfiles.disclaimer,
  enforceTwoFactor: roleProfiles.enforceTwoFactor,
};

/** The organisation's role profiles among `ids`, by id; with `lock`, locked until the transaction ends. */
export async function roleProfilesAmong(
  db: Executor,
  organisationId: number,
  ids: readonly number[],
  { lock = false }: { lock?: boolean } = {},
): Promise<RoleProfileRow[]> {
  if (ids.length === 0) {
    return [];
  }
  const query = db
    .select(roleProfileColumns)
    .from(roleProfiles)
    .where(and(eq(roleProfiles.organisationId, organisationId), inArray(roleProfiles.id, [...ids])))
    .orderBy(asc(roleProfiles.id));
  return lock ? query.for('update') : query;
}

/** Every role profile id of the organisation. */
export async function roleProfileIds(db: Executor, organisationId: number): Promise<number[]> {
  const rows = await db
    .select({ id: roleProfiles.id })
    .from(roleProfiles)
    .where(eq(roleProfiles.organisationId, organisationId));
  return rows.map((row) => row.id);
}

/** Sets the same columns on the organisation's role profiles among `ids`; answers them as stored. */
export async function updateRoleProfiles(
  db: Executor,
  organisationId: number,
  ids: readonly number[],
  changes: Partial<Pick<RoleProfileRow, 'disclaimer' | 'enforceTwoFactor'>>,
): Promise<RoleProfileRow[]> {
  if (ids.length === 0 || Object.keys(changes).length === 0) {
    return roleProfilesAmong(db, organisationId, ids);
  }
  const rows = await db
    .update(roleProfiles)
    .set(changes)
    .where(and(eq(roleProfiles.organisationId, organisationId), inArray(roleProfiles.id, [...ids])))
    .returning(roleProfileColumns);
  return rows.sort((left, right) => left.id - right.id);
}

/** A user as a saved list shows them. */
export type ListedUserRow = { id: number; firstName: string; lastName: string; email: string | null };

/** The organisation's users among `ids` with their primary email address, by last and first name. */
export async function usersAmong(
  db: Executor,
  organisationId: number,
  ids: readonly number[],
): Promise<ListedUserRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: userEmailAddresses.email,
    })
    .from(users)
    .leftJoin(
      userEmailAddresses,
      and(
        eq(userEmailAddresses.userId, users.id),
        eq(userEmailAddresses.organisationId, organisationId),
        eq(userEmailAddresses.primary, true),
      ),
    )
    .where(and(eq(users.organisationId, organisationId), inArray(users.id, [...ids])))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}
