import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertedRow } from '../../db/rows.js';
import { diversityLinks } from '../../db/schema/index.js';

/** A stored diversity link (its secret only as a hash). */
export type DiversityLinkRow = typeof diversityLinks.$inferSelect;

/** Voids the user's unused links: a new link replaces them. */
export async function voidDiversityLinks(db: Executor, organisationId: number, userId: number, now: Date): Promise<void> {
  await db
    .update(diversityLinks)
    .set({ usedAt: now, updatedAt: now })
    .where(
      and(
        eq(diversityLinks.organisationId, organisationId),
        eq(diversityLinks.userId, userId),
        isNull(diversityLinks.usedAt),
      ),
    );
}

export async function insertDiversityLink(
  db: Executor,
  row: { organisationId: number; userId: number; tokenHash: string; createdBy: number; expiresAt: Date },
): Promise<DiversityLinkRow> {
  return insertedRow(await db.insert(diversityLinks).values(row).returning(), 'diversity link');
}

/**
 * The organisation's unused, unexpired link with that secret hash, or null; `lock` holds it until
 * the transaction ends, so two submissions through one link cannot both use it.
 */
export async function findLiveDiversityLink(
  db: Executor,
  organisationId: number,
  tokenHash: string,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<DiversityLinkRow | null> {
  const query = db
    .select()
    .from(diversityLinks)
    .where(
      and(
        eq(diversityLinks.organisationId, organisationId),
        eq(diversityLinks.tokenHash, tokenHash),
        isNull(diversityLinks.usedAt),
        gt(diversityLinks.expiresAt, now),
      ),
    )
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Marks the link used. */
export async function useDiversityLink(db: Executor, organisationId: number, id: number, now: Date): Promise<void> {
  await db
    .update(diversityLinks)
    .set({ usedAt: now, updatedAt: now })
    .where(and(eq(diversityLinks.organisationId, organisationId), eq(diversityLinks.id, id)));
}
