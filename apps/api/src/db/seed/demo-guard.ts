import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { userEmailAddresses } from '../schema/index.js';
import { DEMO_ACCOUNTS, DEMO_INVITATION } from './demo.js';

/** True when any demo account (published password) exists in the database. */
export async function demoAccountsExist(db: Executor): Promise<boolean> {
  const emails = [...Object.values(DEMO_ACCOUNTS), DEMO_INVITATION.email];
  const rows = await db
    .select({ id: userEmailAddresses.id })
    .from(userEmailAddresses)
    .where(inArray(sql`lower(${userEmailAddresses.email})`, emails))
    .limit(1);
  return rows.length > 0;
}

/**
 * A production server refuses to start while demo accounts exist, unless the demo was asked for
 * by name (`SEED_DEMO=demo`): their passwords are in the README.
 */
export async function assertNoDemoInProduction(
  db: Executor,
  config: { env: string; demoRequested: boolean },
): Promise<void> {
  if (config.env === 'production' && !config.demoRequested && (await demoAccountsExist(db))) {
    throw new Error(
      'Muster will not start in production: this database holds the demo accounts, whose passwords are published. ' +
        'Remove them, or set SEED_DEMO=demo to run the demo knowingly.',
    );
  }
}
