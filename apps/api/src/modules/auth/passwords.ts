import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import pLimit from 'p-limit';

/**
 * argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane). The demo seed hashes
 * with these same functions.
 */
// `Algorithm` is an ambient const enum (unusable as a value here); 2 is its Argon2id member.
const argon2Options = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * How many argon2 computations run at once: one per core. Each runs on libuv's thread pool
 * (4 threads by default) and holds 19 MiB while it does; more at once than there are cores buys
 * no throughput, only memory, and leaves no pool thread for file reads and WebCrypto (the
 * session token's signature) while a burst of sign-ins is checked.
 */
export const ARGON2_CONCURRENCY = Math.max(1, availableParallelism());
const argon2Slot = pLimit(ARGON2_CONCURRENCY);

/** The argon2 computations running and those waiting for a slot. */
export function argon2Queue(): { running: number; waiting: number } {
  return { running: argon2Slot.activeCount, waiting: argon2Slot.pendingCount };
}

/** Hashes a password (argon2id, PHC string with its own salt). */
export async function hashPassword(password: string): Promise<string> {
  return argon2Slot(() => hash(password, argon2Options));
}

/** True when `password` matches `passwordHash`; false for a malformed hash rather than throwing. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon2Slot(() => verify(passwordHash, password, argon2Options));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one password check when there is no hash to check against (unknown email,
 * single-sign-on user), so the answer's timing does not tell whether the account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
}
