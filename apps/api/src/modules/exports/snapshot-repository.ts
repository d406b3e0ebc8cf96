import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../reports/sql.js';

/*
 * The snapshot of a list report's rows that one export build streams from (`export_snapshot_rows`,
 * docs/exports.md "Large exports"). One statement copies the report's records into it, numbered
 * in the report's order, so the rows are those of one instant and nothing holds them in memory;
 * the build then reads them a page at a time by position and deletes them when it ends. No
 * transaction stays open meanwhile: the embedded database has a single connection, and a long
 * transaction (or a cursor, which needs one) would hold up every other request until the file
 * was written.
 */

/** Whose rows: one build (a fresh id each time) of one export of one organisation. */
export type SnapshotKey = { organisationId: number; exportId: number; build: string };

/** One snapshotted record: its place in the report's order (from 1) and its `to_json` object. */
export type SnapshotRecord = { position: number; record: Record<string, unknown> };

/**
 * Copies the records of `query` (a list report's query, see `ReportRows`) into the build's
 * snapshot in one statement, numbered by `order` (over the query's columns, as the GET call
 * orders them); answers how many.
 */
export async function writeSnapshot(db: Database, key: SnapshotKey, query: SQL, order: SQL): Promise<number> {
  const [result] = await rowsOf<{ total: number }>(
    db,
    sql`
      with written as (
        insert into export_snapshot_rows (export_id, organisation_id, build, position, record)
        select ${key.exportId}::int, ${key.organisationId}::int, ${key.build}::text,
               row_number() over (order by ${order}), to_json(q)
        from (${query}) q
        returning 1
      )
      select count(*)::int as total from written`,
  );
  return result?.total ?? 0;
}

/** Up to `limit` records of the build's snapshot after position `after`, in order (keyset). */
export async function readSnapshotPage(
  db: Database,
  key: SnapshotKey,
  after: number,
  limit: number,
): Promise<SnapshotRecord[]> {
  return rowsOf<SnapshotRecord>(
    db,
    sql`
      select s.position, s.record
      from export_snapshot_rows s
      where s.organisation_id = ${key.organisationId}
        and s.export_id = ${key.exportId}
        and s.build = ${key.build}
        and s.position > ${after}
      order by s.position
      limit ${limit}`,
  );
}

/** Deletes the build's snapshot. */
export async function deleteSnapshot(db: Database, key: SnapshotKey): Promise<void> {
  await db.execute(sql`
    delete from export_snapshot_rows s
    where s.organisation_id = ${key.organisationId}
      and s.export_id = ${key.exportId}
      and s.build = ${key.build}`);
}

/**
 * Deletes what builds that did not clean up left in the organisation (the process died, or the
 * build stopped before reading its rows): other builds' rows of this export (the build taking
 * it over has superseded them), and the rows of its exports that are no longer queued or
 * running. A running export's rows belong to a live build and stay.
 */
export async function deleteLeftoverSnapshots(db: Database, key: SnapshotKey): Promise<void> {
  await db.execute(sql`
    delete from export_snapshot_rows s
    where s.organisation_id = ${key.organisationId}
      and ((s.export_id = ${key.exportId} and s.build <> ${key.build})
        or s.export_id in (
          select e.id from exports e
          where e.organisation_id = ${key.organisationId}
            and e.status not in ('queued', 'running')))`);
}
