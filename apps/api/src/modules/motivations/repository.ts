import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { motivations } from '../../db/schema/index.js';

/** The organisation's public motivations (offered on the application form), in order. */
export async function listPublicMotivations(
  db: Executor,
  organisationId: number,
  limit: number,
): Promise<Array<{ id: number; content: string }>> {
  return db
    .select({ id: motivations.id, content: motivations.content })
    .from(motivations)
    .where(and(eq(motivations.organisationId, organisationId), eq(motivations.public, true)))
    .orderBy(asc(motivations.position), asc(motivations.id))
    .limit(limit);
}
