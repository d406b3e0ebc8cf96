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
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) {
      return existing;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw error;
    }
  }
  const secret = randomBytes(48).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // `wx` fails if another process wrote it first; then that one's secret is the one to use.
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return fs.readFileSync(file, 'utf8').trim();
    }
    throw error;
  }
}
