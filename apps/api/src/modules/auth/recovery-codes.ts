import { randomInt, randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { codeMatches, hashCode } from './codes.js';
import { listUnusedRecoveryCodes, replaceRecoveryCodes, type RecoveryCodeRow } from './repository.js';

/** How many recovery codes a user gets at set-up or regeneration. */
export const RECOVERY_CODE_COUNT = 10;

// No 0/o, 1/l/i: codes are read off paper and typed by hand.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `abcde-fghij`: 10 characters (about 50 bits), hyphenated for reading. */
function randomRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(0, ALPHABET.length)] ?? 'a');
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A typed recovery code as stored: lower case, without spaces or hyphens. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Issues a fresh set of recovery codes for the user, replacing (and so voiding) any earlier set;
 * answers the plain codes, which are shown once and never stored. Pass a transaction as `db`.
 */
export async function issueRecoveryCodes(
  db: Executor,
  codeKey: string,
  user: { organisationId: number; id: number },
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, randomRecoveryCode);
  const now = new Date();
  await replaceRecoveryCodes(
    db,
    user.organisationId,
    user.id,
    codes.map((code) => {
      const id = randomUUID();
      return {
        id,
        organisationId: user.organisationId,
        userId: user.id,
        codeHash: hashCode(codeKey, id, normaliseRecoveryCode(code)),
        createdAt: now,
      };
    }),
  );
  return codes;
}

/** The user's unused recovery code matching `code`, or null. Each stored hash is compared in constant time. */
export async function findRecoveryCode(
  db: Executor,
  codeKey: string,
  user: { organisationId: number; id: number },
  code: string,
): Promise<RecoveryCodeRow | null> {
  const typed = normaliseRecoveryCode(code);
  if (typed.length !== 10) {
    return null;
  }
  const rows = await listUnusedRecoveryCodes(db, user.organisationId, user.id);
  return rows.find((row) => codeMatches(codeKey, row.id, typed, row.codeHash)) ?? null;
}
