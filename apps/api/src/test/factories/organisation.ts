import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { organisationHosts, organisations } from '../../db/schema/index.js';
import { assertInserted } from '../../db/rows.js';

type NewOrganisation = typeof organisations.$inferInsert;

/** An organisation served at the given hosts (a unique host when none are given). */
export async function createOrganisation(
  db: Executor,
  overrides: Partial<NewOrganisation> & { hosts?: string[] } = {},
) {
  const { hosts, ...fields } = overrides;
  const [organisation] = await db
    .insert(organisations)
    .values({ name: `Org ${randomBytes(3).toString('hex')}`, ...fields })
    .returning();
  assertInserted(organisation, 'organisation');
  const hostList = hosts ?? [`org-${organisation.id}.test`];
  if (hostList.length > 0) {
    await db.insert(organisationHosts).values(hostList.map((host) => ({ organisationId: organisation.id, host })));
  }
  return { ...organisation, hosts: hostList };
}
