import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organisationHosts, organisations } from '../../db/schema/index.js';

export type OrganisationRow = typeof organisations.$inferSelect;

/**
 * The organisation served at a host name; when no host matches and exactly one organisation
 * exists, that one (a single-tenant install needs no host list).
 */
export async function findOrganisationForHost(
  db: Executor,
  hostname: string,
): Promise<OrganisationRow | null> {
  const [byHost] = await db
    .select({ organisation: organisations })
    .from(organisationHosts)
    .innerJoin(organisations, eq(organisations.id, organisationHosts.organisationId))
    .where(eq(sql`lower(${organisationHosts.host})`, hostname.toLowerCase()))
    .limit(1);
  if (byHost) {
    return byHost.organisation;
  }
  const only = await db.select().from(organisations).limit(2);
  return only.length === 1 ? (only[0] ?? null) : null;
}

/** One organisation by id. */
export async function findOrganisationById(db: Executor, id: number): Promise<OrganisationRow | null> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row ?? null;
}

/** Changes the organisation's own details; answers the row, or null when there is none. */
export async function updateOrganisation(
  db: Executor,
  id: number,
  changes: Partial<Pick<OrganisationRow, 'name' | 'minorAge' | 'currencySymbol' | 'dateFormat' | 'timezone'>>,
): Promise<OrganisationRow | null> {
  if (Object.keys(changes).length === 0) {
    return findOrganisationById(db, id);
  }
  const [row] = await db.update(organisations).set(changes).where(eq(organisations.id, id)).returning();
  return row ?? null;
}
