import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DocumentScope } from '../../catalogue/document-repository.js';
import type { Executor } from '../../db/client.js';
import { insertedRow } from '../../db/rows.js';
import {
  catalogueRecords,
  messageDeliveries,
  singleUseTokens,
  userBlockProtections,
  type MessageDeliveryKind,
} from '../../db/schema/index.js';
import type { DocumentRow, UserScope } from './repository.js';

/*
 * SQL of the per-user calls seen as records (docs/catalogue.md "Per-user calls"): which copies a
 * sent reply or forward was delivered as, people protected from blocking, and the password reset
 * links an administrator sent. Every query is scoped by organisation (and user where it has one).
 */

export type DeliveryRow = typeof messageDeliveries.$inferSelect;
export type BlockProtectionRow = typeof userBlockProtections.$inferSelect;
export type ResetLinkRow = typeof singleUseTokens.$inferSelect;

function documentsOf(scope: DocumentScope) {
  return and(
    eq(catalogueRecords.organisationId, scope.organisationId),
    eq(catalogueRecords.entry, scope.entry),
    eq(catalogueRecords.parentKey, scope.parentKey),
  );
}

/**
 * One page (newest first) of the scope's documents whose body contains `match` and, with
 * `present`, whose field of that name holds a value other than null; and how many there are.
 */
export async function pageDocumentsWith(
  db: Executor,
  scope: DocumentScope,
  filter: { match: Record<string, unknown>; present?: string },
  page: { page: number; perPage: number },
): Promise<{ rows: DocumentRow[]; total: number }> {
  const where = and(
    documentsOf(scope),
    sql`${catalogueRecords.body} @> ${JSON.stringify(filter.match)}::jsonb`,
    filter.present === undefined
      ? undefined
      : sql`coalesce(${catalogueRecords.body} -> ${filter.present}, 'null'::jsonb) <> 'null'::jsonb`,
  );
  const rows = await db
    .select()
    .from(catalogueRecords)
    .where(where)
    .orderBy(desc(catalogueRecords.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(catalogueRecords)
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** The scope's document with that id whose body contains `match`, optionally locked; or null. */
export async function findDocumentMatching(
  db: Executor,
  scope: DocumentScope,
  id: number,
  match: Record<string, unknown>,
  options: { lock?: boolean } = {},
): Promise<DocumentRow | null> {
  const query = db
    .select()
    .from(catalogueRecords)
    .where(
      and(
        documentsOf(scope),
        eq(catalogueRecords.id, id),
        sql`${catalogueRecords.body} @> ${JSON.stringify(match)}::jsonb`,
      ),
    )
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Sets a document's body (whole) and its update stamp. */
export async function replaceDocumentBody(
  db: Executor,
  organisationId: number,
  id: number,
  body: Record<string, unknown>,
  now: Date,
): Promise<DocumentRow> {
  return insertedRow(
    await db
      .update(catalogueRecords)
      .set({ body, updatedAt: now })
      .where(and(eq(catalogueRecords.organisationId, organisationId), eq(catalogueRecords.id, id)))
      .returning(),
    'catalogue document',
  );
}

/** Deletes documents of the organisation by id (their links go with them). */
export async function deleteDocumentsById(
  db: Executor,
  organisationId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  await db
    .delete(catalogueRecords)
    .where(and(eq(catalogueRecords.organisationId, organisationId), inArray(catalogueRecords.id, [...ids])));
}

/** Deletes the documents of the entries under any of the parent keys (a message's attachments and logs). */
export async function deleteDocumentsUnder(
  db: Executor,
  organisationId: number,
  entries: readonly string[],
  parentKeys: readonly string[],
): Promise<void> {
  if (parentKeys.length === 0) {
    return;
  }
  await db
    .delete(catalogueRecords)
    .where(
      and(
        eq(catalogueRecords.organisationId, organisationId),
        inArray(catalogueRecords.entry, [...entries]),
        inArray(catalogueRecords.parentKey, [...parentKeys]),
      ),
    );
}

// ——— Deliveries ———

/** Records that `sentRecordId` was delivered to each recipient as their copy. */
export async function insertDeliveries(
  db: Executor,
  organisationId: number,
  kind: MessageDeliveryKind,
  sentRecordId: number,
  copies: ReadonlyArray<{ recipientUserId: number; deliveredRecordId: number }>,
): Promise<void> {
  if (copies.length === 0) {
    return;
  }
  await db
    .insert(messageDeliveries)
    .values(copies.map((copy) => ({ organisationId, kind, sentRecordId, ...copy })));
}

/** The recipients' copies of a sent message that are still there, with their documents. */
export async function listDeliveredCopies(
  db: Executor,
  organisationId: number,
  sentRecordId: number,
  options: { lock?: boolean } = {},
): Promise<Array<{ delivery: DeliveryRow; copy: DocumentRow }>> {
  const query = db
    .select({ delivery: messageDeliveries, copy: catalogueRecords })
    .from(messageDeliveries)
    .innerJoin(
      catalogueRecords,
      and(
        eq(catalogueRecords.id, messageDeliveries.deliveredRecordId),
        eq(catalogueRecords.organisationId, messageDeliveries.organisationId),
      ),
    )
    .where(
      and(
        eq(messageDeliveries.organisationId, organisationId),
        eq(messageDeliveries.sentRecordId, sentRecordId),
      ),
    )
    .orderBy(asc(messageDeliveries.id));
  return options.lock ? query.for('update', { of: catalogueRecords }) : query;
}

// ——— Block protections ———

/** The user's protection from blocking, optionally locked; or null. */
export async function findBlockProtection(
  db: Executor,
  scope: UserScope,
  options: { lock?: boolean } = {},
): Promise<BlockProtectionRow | null> {
  const query = db
    .select()
    .from(userBlockProtections)
    .where(
      and(
        eq(userBlockProtections.organisationId, scope.organisationId),
        eq(userBlockProtections.userId, scope.userId),
      ),
    )
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Protects the user from blocking; null when they already are (the unique user index). */
export async function insertBlockProtection(
  db: Executor,
  scope: UserScope,
  values: { reason: string; createdBy: number },
): Promise<BlockProtectionRow | null> {
  const [row] = await db
    .insert(userBlockProtections)
    .values({ organisationId: scope.organisationId, userId: scope.userId, ...values })
    .onConflictDoNothing({ target: userBlockProtections.userId })
    .returning();
  return row ?? null;
}

/** Changes the reason of the user's protection. */
export async function updateBlockProtection(
  db: Executor,
  scope: UserScope,
  id: number,
  reason: string,
): Promise<BlockProtectionRow | null> {
  const [row] = await db
    .update(userBlockProtections)
    .set({ reason })
    .where(
      and(
        eq(userBlockProtections.organisationId, scope.organisationId),
        eq(userBlockProtections.userId, scope.userId),
        eq(userBlockProtections.id, id),
      ),
    )
    .returning();
  return row ?? null;
}

/** Lifts the user's protection; false when there was none with that id. */
export async function deleteBlockProtection(db: Executor, scope: UserScope, id: number): Promise<boolean> {
  const rows = await db
    .delete(userBlockProtections)
    .where(
      and(
        eq(userBlockProtections.organisationId, scope.organisationId),
        eq(userBlockProtections.userId, scope.userId),
        eq(userBlockProtections.id, id),
      ),
    )
    .returning({ id: userBlockProtections.id });
  return rows.length > 0;
}

// ——— Password reset links ———

/** The user's newest password reset link (live or not), or null. */
export async function latestResetLink(db: Executor, scope: UserScope): Promise<ResetLinkRow | null> {
  const [row] = await db
    .select()
    .from(singleUseTokens)
    .where(
      and(
        eq(singleUseTokens.organisationId, scope.organisationId),
        eq(singleUseTokens.userId, scope.userId),
        eq(singleUseTokens.kind, 'password_reset'),
      ),
    )
    .orderBy(desc(singleUseTokens.createdAt))
    .limit(1);
  return row ?? null;
}

/** One password reset link of the user, or null. */
export async function findResetLink(
  db: Executor,
  scope: UserScope,
  id: string,
): Promise<ResetLinkRow | null> {
  const [row] = await db
    .select()
    .from(singleUseTokens)
    .where(
      and(
        eq(singleUseTokens.organisationId, scope.organisationId),
        eq(singleUseTokens.userId, scope.userId),
        eq(singleUseTokens.kind, 'password_reset'),
        eq(singleUseTokens.id, id),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Closes the link if it is still open; answers the link as it now stands, or null if not the user's. */
export async function closeResetLink(
  db: Executor,
  scope: UserScope,
  id: string,
  now: Date,
): Promise<ResetLinkRow | null> {
  await db
    .update(singleUseTokens)
    .set({ consumedAt: now })
    .where(
      and(
        eq(singleUseTokens.organisationId, scope.organisationId),
        eq(singleUseTokens.userId, scope.userId),
        eq(singleUseTokens.kind, 'password_reset'),
        eq(singleUseTokens.id, id),
        isNull(singleUseTokens.consumedAt),
      ),
    );
  return findResetLink(db, scope, id);
}
