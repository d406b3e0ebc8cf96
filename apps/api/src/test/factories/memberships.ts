import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { insertedRow } from '../../db/rows.js';
import { leavingReasons, userMemberships } from '../../db/schema/index.js';

/*
 * Periods of volunteering (db/schema/memberships.ts) and the leaving reasons they end with, for
 * tests of starters, leavers and length of service.
 */

const suffix = () => randomBytes(3).toString('hex');

type Fields<Table extends { $inferInsert: object }> = Partial<Omit<Table['$inferInsert'], 'organisationId'>>;

/** A period of volunteering of the user, from 1 January 2026 and still going unless told otherwise. */
export async function createMembership(
  db: Executor,
  organisationId: number,
  userId: number,
  fields: Omit<Fields<typeof userMemberships>, 'userId'> = {},
) {
  return insertedRow(
    await db
      .insert(userMemberships)
      .values({ organisationId, userId, joinedOn: '2026-01-01', ...fields })
      .returning(),
    'membership',
  );
}

/** A leaving reason of the organisation (unique name unless given). */
export async function createLeavingReason(
  db: Executor,
  organisationId: number,
  fields: Fields<typeof leavingReasons> = {},
) {
  return insertedRow(
    await db
      .insert(leavingReasons)
      .values({ organisationId, name: `Reason ${suffix()}`, ...fields })
      .returning(),
    'leaving reason',
  );
}
