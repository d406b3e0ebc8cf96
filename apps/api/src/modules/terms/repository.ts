import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { terms } from '../../db/schema/index.js';

/** The organisation's terms, in order. */
export async function listTerms(
  db: Executor,
  organisationId: number,
): Promise<Array<{ id: number; name: string; link: string }>> {
  return db
    .select({ id: terms.id, name: terms.name, link: terms.link })
    .from(terms)
    .where(eq(terms.organisationId, organisationId))
    .orderBy(asc(terms.position), asc(terms.id));
}
