import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { insertedRow } from '../../db/rows.js';
import { disclosureTypes, vettingChecks } from '../../db/schema/index.js';

/* Vetting rows (db/schema/vetting.ts) for tests: what the test cares about, the rest plausible. */

const suffix = () => randomBytes(3).toString('hex');

/** A disclosure type of the organisation. */
export async function createDisclosureType(
  db: Executor,
  organisationId: number,
  fields: Partial<Omit<typeof disclosureTypes.$inferInsert, 'organisationId'>> = {},
) {
  return insertedRow(
    await db
      .insert(disclosureTypes)
      .values({ organisationId, name: `Disclosure ${suffix()}`, ...fields })
      .returning(),
    'disclosure type',
  );
}

/** A vetting check of the user, requested on 1 March 2026 unless told otherwise. */
export async function createVettingCheck(
  db: Executor,
  organisationId: number,
  userId: number,
  disclosureTypeId: number,
  fields: Partial<
    Omit<typeof vettingChecks.$inferInsert, 'organisationId' | 'userId' | 'disclosureTypeId'>
  > = {},
) {
  return insertedRow(
    await db
      .insert(vettingChecks)
      .values({ organisationId, userId, disclosureTypeId, requestedOn: '2026-03-01', ...fields })
      .returning(),
    'vetting check',
  );
}
