import { getTableName, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deletedFrom } from '../../db/write-watch.js';
import {
  permissionGroupPermissions,
  permissionGroups,
  permissions,
  rolePermissionGrants,
  roleProfilePermissionGroups,
  userDeniedPermissions,
  userPermissionGroups,
  userPermissions,
  userRoles,
  users,
} from '../../db/schema/index.js';
import type { AnswerCache } from '../../plugins/answer-cache.js';
import { loadPermissionNames } from './repository.js';

/**
 * Every table a user's permission names are read from (`loadPermissionNames`), and every table
 * whose deletions reach them by cascade (a permission group, a permission, a user), which the
 * write watch does not see as writes to the tables the rows cascade into. Of `users` only the
 * deletions count: the names read only a person's organisation, which never changes, so a new
 * applicant or a heartbeat forgets nothing. Role profiles, teams and organisations (whose
 * deletions also cascade into user roles and grants) are answer-cache tables: a write to them
 * empties the whole cache. All of these are scoped answer-cache tables
 * (`SCOPED_ANSWER_TABLES`): a committed write to one forgets every user's cached permissions, in
 * every process, before the writer is answered.
 */
export const PERMISSION_TABLES: readonly string[] = [
  ...[
    userRoles,
    rolePermissionGrants,
    roleProfilePermissionGroups,
    permissionGroupPermissions,
    permissionGroups,
    userPermissions,
    userPermissionGroups,
    userDeniedPermissions,
    permissions,
  ].map((table) => getTableName(table)),
  deletedFrom(getTableName(users)),
];

/** The answer-cache key of a user's permission names. */
export function permissionsKey(organisationId: number, userId: number): string {
  return `permissions:${String(organisationId)}:${String(userId)}`;
}

/** A user's permission names and the instant (this process's clock) they may be used until. */
type KeptPermissions = { names: string[]; until: number };

/**
 * Milliseconds from the database's `now()` to its next midnight: a role ends with its end date in
 * the database's time zone (`current_date`), so names read today hold only until then.
 */
async function msToDatabaseMidnight(db: Executor): Promise<number> {
  const [row] = await db
    .select({
      ms: sql<number>`extract(epoch from ((current_date + 1)::timestamptz - now())) * 1000`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row?.ms ?? 0;
}

/**
 * `loadPermissionNames` through the answer cache: the names are read once and kept until a write to
 * a {@link PERMISSION_TABLES} table commits (a grant, a revocation, a denial, a role ending early),
 * the cache's age limit, or the database's midnight (a role's end date passing), whichever comes
 * first. The kept array is frozen: it is shared by every request of the user.
 */
export function cachedPermissionNames(
  cache: AnswerCache,
  db: Executor,
): (organisationId: number, userId: number) => Promise<string[]> {
  return async (organisationId, userId) => {
    const kept = await cache.remember<KeptPermissions>(
      permissionsKey(organisationId, userId),
      async () => {
        // The clock is read before the database's, so `until` is never later than its midnight.
        const readAt = Date.now();
        const untilMidnight = await msToDatabaseMidnight(db);
        const names = await loadPermissionNames(db, organisationId, userId);
        return { names: Object.freeze(names) as string[], until: readAt + untilMidnight };
      },
      { tables: PERMISSION_TABLES },
    );
    if (Date.now() < kept.until) {
      return kept.names;
    }
    // Past the midnight they were read before: read afresh until the kept names are replaced.
    return loadPermissionNames(db, organisationId, userId);
  };
}
