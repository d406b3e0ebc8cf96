import { pruneSubmissionRecords } from '../applications/service.js';
import { purgeExpiredEphemeralFiles, type FileStore } from '../files/service.js';
import { pruneOutbox } from '../outbox/service.js';

/**
 * One pass of the periodic housekeeping: expired ephemeral uploads, idempotency records past
 * their replay window and outbox messages past their retention. Each runs even when another
 * fails; the first failure is thrown after.
 */
export async function runMaintenancePass(
  store: FileStore,
  now: Date,
): Promise<{ files: number; submissions: number; outbox: number }> {
  const [files, submissions, outbox] = await Promise.allSettled([
    purgeExpiredEphemeralFiles(store, now),
    pruneSubmissionRecords(store.db, now),
    pruneOutbox(store.db, now),
  ]);
  for (const result of [files, submissions, outbox]) {
    if (result.status === 'rejected') {
      throw result.reason;
    }
  }
  return {
    files: files.status === 'fulfilled' ? files.value : 0,
    submissions: submissions.status === 'fulfilled' ? submissions.value : 0,
    outbox: outbox.status === 'fulfilled' ? outbox.value : 0,
  };
}
