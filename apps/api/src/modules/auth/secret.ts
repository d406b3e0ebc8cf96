import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config/config.js';

/** Name of the file that keeps a generated signing secret across restarts (next to the database). */
export const GENERATED_SECRET_FILE = 'jwt-secret';

/**
 * The HMAC secret that signs every token. JWT_SECRET when set (required in production). Outside
 * production without it: a random secret, kept in `<data>/jwt-secret` (the directory holding the
 * embedded database) so a restart keeps sessions valid; the test environment and an in-memory
 * database keep it in memory for the process only.
 */
export function resolveJwtSecret(config: AppConfig): string {
  if (config.jwtSecret) {
    return config.jwtSecret;
  }
  if (config.env === 'production') {
    throw new Error('JWT_SECRET must be set in production (at least 32 characters).');
  }
  if (config.env === 'test' || config.dataDir === 'memory') {
    return randomBytes(48).toString('base64url');
  }
  const file = path.join(path.dirname(config.dataDir), GENERATED_SECRET_FILE);
  const existing = readSecret(file);
  if (existing) {
    return existing;
  }
  const secret = randomBytes(48).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written whole under another name, flushed, then linked into place: a process killed while
  // writing never leaves a short or empty secret to sign with (issue 10), and of two processes
  // starting at once the first link wins.
  const partial = `${file}.${String(process.pid)}.partial`;
  try {
    const fd = fs.openSync(partial, 'w', 0o600);
    try {
      fs.writeFileSync(fd, `${secret}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    try {
      fs.linkSync(partial, file);
      return secret;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error;
      }
    }
    const other = readSecret(file);
    if (other) {
      return other;
    }
    // A short file, cut off by a kill while an earlier version wrote it: replaced.
    fs.renameSync(partial, file);
    return secret;
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** The secret kept in `file`, or null when there is none or it is too short to be one. */
function readSecret(file: string): string | null {
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    return existing.length >= 32 ? existing : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return null;
    }
    throw error;
  }
}
