import type { Executor } from '../../db/client.js';
import { timezones } from '../../db/schema/index.js';

type NewTimezone = typeof timezones.$inferInsert;

/** Inserts time zones (reference data) and returns the rows as stored. */
export async function createTimezones(db: Executor, rows: NewTimezone[]) {
  return db.insert(timezones).values(rows).returning();
}
