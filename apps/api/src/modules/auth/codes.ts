import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** A uniformly random 6-digit code (applicant-flow §9: two-factor code 6 digits). */
export function randomSixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * The stored form of a code: an HMAC bound to its challenge, so a leaked table row cannot be
 * brute-forced offline (a million plain SHA-256 guesses would take a second).
 */
export function hashCode(key: string, challengeId: string, code: string): string {
  return createHmac('sha256', key).update(`${challengeId}:${code}`).digest('hex');
}

/** Constant-time comparison of a submitted code with the stored hash. */
export function codeMatches(key: string, challengeId: string, code: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashCode(key, challengeId, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
