import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane). The demo seed hashes
 * with these same functions.
 */
// `Algorithm` is an ambient const enum (unusable as a value here); 2 is its Argon2id member.
const argon2Options = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Hashes a password (argon2id, PHC string with its own salt). */
export async function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

/** True when `password` matches `passwordHash`; false for a malformed hash rather than throwing. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password, argon2Options);
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
