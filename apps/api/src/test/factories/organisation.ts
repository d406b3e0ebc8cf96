import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { organisationHosts, organisations } from '../../db/schema/index.js';
import { assertInserted } from '../../db/rows.js';

type NewOrganisation = typeof organisations.$inferInsert;

/**
 * A unique organisation name that holds no run of digits. Emails name the organisation before
 * the code they carry, and tests read the first six-digit number as the code: a hex suffix that
 * happened to be all digits (one run in sixteen) made them read the name instead.
 */
export function uniqueOrganisationName(): string {
  const letters = [...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
  return `Org ${letters}`;
}

/** An organisation as `createOrganisation` answers it: its row and the hosts it is served at. */
export type TestOrganisation = Awaited<ReturnType<typeof createOrganisation>>;

/** An organisation served at the given hosts (a unique host when none are given). */
export async function createOrganisation(
  db: Executor,
  overrides: Partial<NewOrganisation> & { hosts?: string[] } = {},
) {
  const { hosts, ...fields } = overrides;
  const [organisation] = await db
    .insert(organisations)
    .values({ name: uniqueOrganisationName(), ...fields })
    .returning();
  assertInserted(organisation, 'organisation');
  const hostList = hosts ?? [`org-${organisation.id}.test`];
  if (hostList.length > 0) {
    await db.insert(organisationHosts).values(hostList.map((host) => ({ organisationId: organisation.id, host })));
  }
  return { ...organisation, hosts: hostList };
}
