import { and, eq, gte, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { applications, motivations, residentialBookings } from '../../db/schema/index.js';

export type ApplicationRecordRow = typeof applications.$inferSelect;

/**
 * One application of the organisation under one opportunity, or null (another organisation's, or
 * another opportunity's, is not found). With `lock` (in a transaction) the row is held until it ends.
 */
export async function findApplicationRecord(
  db: Executor,
  organisationId: number,
  opportunityId: number,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<ApplicationRecordRow | null> {
  const query = db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.organisationId, organisationId),
        eq(applications.opportunityId, opportunityId),
        eq(applications.id, id),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Changes an application's columns; answers the row. */
export async function updateApplicationRecord(
  db: Executor,
  organisationId: number,
  id: number,
  changes: Partial<typeof applications.$inferInsert>,
): Promise<ApplicationRecordRow | null> {
  const [row] = await db
    .update(applications)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(applications.organisationId, organisationId), eq(applications.id, id)))
    .returning();
  return row ?? null;
}

/** Whether the motivation is one of the organisation's. */
export async function motivationExists(db: Executor, organisationId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: motivations.id })
    .from(motivations)
    .where(and(eq(motivations.organisationId, organisationId), eq(motivations.id, id)))
    .limit(1);
  return row !== undefined;
}

/**
 * Cancels the stays booked with an application that have not begun (from `today`, YYYY-MM-DD), so
 * a withdrawn application frees its room; answers how many.
 */
export async function cancelUpcomingBookingsOf(
  db: Executor,
  organisationId: number,
  applicationId: number,
  input: { today: string; at: Date; byUserId: number; note: string },
): Promise<number> {
  const rows = await db
    .update(residentialBookings)
    .set({
      status: 'cancelled',
      cancelledAt: input.at,
      cancelledByUserId: input.byUserId,
      cancelNote: input.note,
      updatedAt: input.at,
    })
    .where(
      and(
        eq(residentialBookings.organisationId, organisationId),
        eq(residentialBookings.applicationId, applicationId),
        ne(residentialBookings.status, 'cancelled'),
        gte(residentialBookings.startDate, input.today),
      ),
    )
    .returning({ id: residentialBookings.id });
  return rows.length;
}
