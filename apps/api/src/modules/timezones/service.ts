import type { Timezone } from '@muster/contract';
import type { Executor } from '../../db/client.js';
import { listTimezones } from './repository.js';

/** The time zones the timezone picker offers, in the contract's wire shape. */
export async function timezoneOptions(db: Executor): Promise<Timezone[]> {
  const rows = await listTimezones(db);
  return rows.map((row) => ({ name: row.name, display_text: row.displayText }));
}
