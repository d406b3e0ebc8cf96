import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { insertedRow } from '../../../db/rows.js';
import { savedReports } from '../../../db/schema/index.js';

export type SavedReportRow = typeof savedReports.$inferSelect;
export type SavedReportValues = Pick<SavedReportRow, 'name' | 'report' | 'params' | 'query'>;

/** A page of the saved reports kept under a route, newest first, with the route's total. */
export async function listSavedReports(
  db: Executor,
  organisationId: number,
  route: string,
  page: { offset: number; limit: number },
): Promise<{ rows: SavedReportRow[]; total: number }> {
  const where = and(eq(savedReports.organisationId, organisationId), eq(savedReports.route, route));
  const [rows, totals] = await Promise.all([
    db.select().from(savedReports).where(where).orderBy(desc(savedReports.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(savedReports).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** One saved report under a route of the organisation, or null. */
export async function findSavedReport(
  db: Executor,
  organisationId: number,
  route: string,
  id: number,
): Promise<SavedReportRow | null> {
  const [row] = await db
    .select()
    .from(savedReports)
    .where(
      and(eq(savedReports.organisationId, organisationId), eq(savedReports.route, route), eq(savedReports.id, id)),
    );
  return row ?? null;
}

/** Saves a report under a route. */
export async function insertSavedReport(
  db: Executor,
  organisationId: number,
  route: string,
  createdBy: number,
  values: SavedReportValues,
): Promise<SavedReportRow> {
  const rows = await db
    .insert(savedReports)
    .values({ organisationId, route, createdBy, ...values })
    .returning();
  return insertedRow(rows, 'saved report');
}

/** Replaces a saved report's name, report, path values and filters. */
export async function updateSavedReport(
  db: Executor,
  organisationId: number,
  id: number,
  values: SavedReportValues,
): Promise<SavedReportRow> {
  const rows = await db
    .update(savedReports)
    .set(values)
    .where(and(eq(savedReports.organisationId, organisationId), eq(savedReports.id, id)))
    .returning();
  return insertedRow(rows, 'saved report');
}

/** Deletes a saved report. */
export async function deleteSavedReport(db: Executor, organisationId: number, id: number): Promise<void> {
  await db
    .delete(savedReports)
    .where(and(eq(savedReports.organisationId, organisationId), eq(savedReports.id, id)));
}
