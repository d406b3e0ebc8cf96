import { pruneSubmissionRecords } from '../applications/service.js';
import { purgeExpiredEphemeralFiles, type FileStore } from '../files/service.js';

/**
 * One pass of the periodic housekeeping: expired ephemeral uploads and idempotency records past
 * their replay window. Both run even when the other fails; the first failure is thrown after.
 */
export async function runMaintenancePass(
  store: FileStore,
  now: Date,
): Promise<{ files: number; submissions: number }> {
  const [files, submissions] = await Promise.allSettled([
    purgeExpiredEphemeralFiles(store, now),
    pruneSubmissionRecords(store.db, now),
  ]);
  if (files.status === 'rejected') {
    throw files.reason;
  }
  if (submissions.status === 'rejected') {
    throw submissions.reason;
  }
  return { files: files.value, submissions: submissions.value };
}
