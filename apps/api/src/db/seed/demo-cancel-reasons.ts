import type { Executor } from '../client.js';
import { residentialCancelReasons } from '../schema/index.js';

/** The demo organisation's reasons for cancelling a stay, in the order they are offered. */
export const DEMO_CANCEL_REASONS = ['My plans have changed', 'Illness', 'Travel problems', 'Other'] as const;

/** Seeds the demo organisation's residential cancel reasons (`/organisation/residential-cancel-reasons`). */
export async function seedDemoCancelReasons(tx: Executor, organisationId: number): Promise<void> {
  await tx
    .insert(residentialCancelReasons)
    .values(DEMO_CANCEL_REASONS.map((name, position) => ({ organisationId, name, position })));
}
