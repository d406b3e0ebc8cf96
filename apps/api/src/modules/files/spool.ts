import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes still allowed in one request; every spooled file of the request takes from it. */
export type ByteBudget = { remaining: number };

/** A request's files together went over the request's byte cap. */
export class ByteBudgetExceededError extends Error {
  constructor() {
    super('The upload is larger than allowed.');
    this.name = 'ByteBudgetExceededError';
  }
}

/** Where uploads wait while they are received and checked: `.incoming` inside the files directory. */
export function incomingDirectoryOf(filesDirectory: string): string {
  return path.join(filesDirectory, '.incoming');
}

/** A new, unused path in the incoming directory (created if missing). */
export async function incomingPath(filesDirectory: string): Promise<string> {
  const directory = incomingDirectoryOf(filesDirectory);
  await fs.promises.mkdir(directory, { recursive: true, mode: 0o700 });
  return path.join(directory, randomUUID());
}

/**
 * Streams `source` into a new file in the incoming directory, a chunk at a time (never the whole
 * upload in memory), counting bytes against `budget`: over it, the stream is abandoned with a
 * {@link ByteBudgetExceededError}. The partial file is removed whenever this fails.
 */
export async function spoolToDisk(
  source: Readable | ReadableStream<Uint8Array>,
  filesDirectory: string,
  budget: ByteBudget = { remaining: Number.POSITIVE_INFINITY },
): Promise<{ path: string; size: number }> {
  const target = await incomingPath(filesDirectory);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      budget.remaining -= chunk.length;
      callback(budget.remaining < 0 ? new ByteBudgetExceededError() : null, chunk);
    },
  });
  try {
    await pipeline(source, counter, fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
    return { path: target, size };
  } catch (error) {
    await fs.promises.rm(target, { force: true });
    throw error;
  }
}

/**
 * Removes waiting uploads older than `maxAgeMs` (left by a crash or a connection cut mid-way);
 * answers how many were removed.
 */
export async function removeStaleIncoming(filesDirectory: string, now: Date, maxAgeMs: number): Promise<number> {
  const directory = incomingDirectoryOf(filesDirectory);
  let names: string[];
  try {
    names = await fs.promises.readdir(directory);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(directory, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && now.getTime() - stat.mtimeMs > maxAgeMs) {
      await fs.promises.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
