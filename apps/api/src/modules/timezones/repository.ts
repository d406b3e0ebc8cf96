import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { timezones } from '../../db/schema/index.js';

export type TimezoneRow = typeof timezones.$inferSelect;

/**
 * Every time zone, ordered by what the picker shows. The table is global reference data
 * (no organisation owns a time zone), so this is the one query here not scoped by organisation.
 */
export async function listTimezones(db: Executor): Promise<TimezoneRow[]> {
  return db.select().from(timezones).orderBy(asc(timezones.displayText), asc(timezones.name));
}
