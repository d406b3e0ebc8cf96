import type { Executor } from '../../db/client.js';
import { deleteSubmissionsBefore } from '../applications/repository.js';
import { purgeExpiredEphemeralFiles, type FileStore } from './service.js';

/**
 * How long the first answer to an `Idempotency-Key` submit is kept for replay: 24 hours. A client
 * retries within seconds or minutes (a dropped connection, a double click), so a day covers every
 * real retry with room to spare (it matches the 24 hours an ephemeral upload waits to be attached),
 * while the stored answers do not pile up for ever. After that the key is no longer replayed.
 */
export const SUBMISSION_REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the idempotency records of application submits older than
 * {@link SUBMISSION_REPLAY_WINDOW_MS} as judged at `now`. Returns how many were deleted.
 */
export async function pruneSubmissionRecords(db: Executor, now: Date): Promise<number> {
  return deleteSubmissionsBefore(db, new Date(now.getTime() - SUBMISSION_REPLAY_WINDOW_MS));
}

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
