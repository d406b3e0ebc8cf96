import { z } from 'zod';

/** Largest value of a PostgreSQL `integer`, the type of every serial row id. */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A path id as an integer row id, or null when it cannot name one (not digits, zero, or beyond
 * the `integer` range, which PostgreSQL would refuse with an error instead of finding nothing).
 */
export function parseRowId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) {
    return null;
  }
  const value = Number(raw);
  return value <= MAX_ROW_ID ? value : null;
}

/** A `{param}` naming a row by its integer id; `message` is the 422 sentence for anything else. */
export function rowIdParam(message: string) {
  return z.string().refine((raw) => parseRowId(raw) !== null, { error: message });
}
