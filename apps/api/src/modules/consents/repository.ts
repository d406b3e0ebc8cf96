import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { consentChangeLogs, consentOptions, consents, users } from '../../db/schema/index.js';

/** Whether the user belongs to the organisation. */
export async function userExists(db: Executor, organisationId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** The organisation's consent questions in display order. */
export async function listConsents(db: Executor, organisationId: number) {
  return db
    .select()
    .from(consents)
    .where(eq(consents.organisationId, organisationId))
    .orderBy(asc(consents.position), asc(consents.id));
}

/** One consent question of the organisation, or null. */
export async function findConsent(db: Executor, organisationId: number, consentId: number) {
  const [row] = await db
    .select()
    .from(consents)
    .where(and(eq(consents.organisationId, organisationId), eq(consents.id, consentId)))
    .limit(1);
  return row ?? null;
}

/** The options of the organisation's consents (all, or those of one consent), in order. */
export async function listConsentOptions(db: Executor, organisationId: number, consentId?: number) {
  return db
    .select()
    .from(consentOptions)
    .where(
      and(
        eq(consentOptions.organisationId, organisationId),
        consentId === undefined ? undefined : eq(consentOptions.consentId, consentId),
      ),
    )
    .orderBy(asc(consentOptions.position), asc(consentOptions.id));
}

/** The user's consent change log (of all consents, or one), newest first, with who made each change. */
export async function listConsentLogs(db: Executor, organisationId: number, userId: number, consentId?: number) {
  return db
    .select({
      log: consentChangeLogs,
      author: { firstName: users.firstName, lastName: users.lastName, preferredName: users.preferredName },
    })
    .from(consentChangeLogs)
    .leftJoin(
      users,
      and(eq(users.id, consentChangeLogs.createdByUserId), eq(users.organisationId, consentChangeLogs.organisationId)),
    )
    .where(
      and(
        eq(consentChangeLogs.organisationId, organisationId),
        eq(consentChangeLogs.userId, userId),
        consentId === undefined ? undefined : eq(consentChangeLogs.consentId, consentId),
      ),
    )
    .orderBy(desc(consentChangeLogs.createdAt), desc(consentChangeLogs.id));
}

/**
 * Holds off other changes of the same user's answer to the same consent until this transaction
 * ends, so two racing saves each log the value they really replaced.
 */
export async function lockUserConsent(db: Executor, userId: number, consentId: number): Promise<void> {
  // One key per (user, consent), hashed into its own space so it never meets other modules' locks.
  const key = `user-consent:${userId}:${consentId}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
