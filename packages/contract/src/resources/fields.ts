import { z } from 'zod';

/**
 * Field schemas the resource bodies share: the same rule and the same sentence wherever a name,
 * a note, a reference to another row or a date is written.
 */

/** A required single-line text of at most `max` characters, trimmed. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `Please enter ${label}.` })
    .trim()
    .min(1, { error: `Please enter ${label}.` })
    .max(max, { error: `The ${label.replace(/^(a|an|the) /, '')} may be at most ${max} characters.` });
}

/** Optional text that may be cleared with null; an empty string is stored as null. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(max, { error: `The ${label} may be at most ${max} characters.` })
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
}

/** A body field naming a row by its integer id; `message` is the 422 sentence for anything else. */
export function rowReference(message: string) {
  return z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2_147_483_647, { error: message });
}

/** A calendar date as `YYYY-MM-DD` that exists (no 31 April). */
export function writeDate(label: string) {
  return z.iso.date({ error: `Please enter the ${label} as a date, e.g. 2026-05-01.` });
}

/** A list of row ids for a bulk call: at least one, at most `max`. */
export function idList(what: string, max: number) {
  return z
    .array(rowReference(`Each ${what} must be named by its id.`), {
      error: `Please list the ${what}s by id.`,
    })
    .min(1, { error: `Please choose at least one ${what}.` })
    .max(max, { error: `At most ${max} ${what}s at a time.` });
}

/** A lookup's sort order (write side): optional, 0 to 1,000,000. */
export const writePosition = z
  .number({ error: 'The position must be a whole number.' })
  .int({ error: 'The position must be a whole number.' })
  .min(0, { error: 'The position must be 0 or more.' })
  .max(1_000_000, { error: 'The position may be at most 1000000.' })
  .optional()
  .describe('Sort order within the list, smallest first (default 0).');

/** Whether a lookup entry is still offered (write side). */
export const writeActive = z
  .boolean({ error: 'Active must be true or false.' })
  .optional()
  .describe('Offered for new records (default true).');

/** Who created a record, as rows answer it. */
export const createdBy = z
  .number()
  .int()
  .nullable()
  .describe('The user who created the record; null when unknown or since erased.');

/**
 * A link that reads an attached file, valid for an hour, handed to whoever may read the record the
 * file is attached to (the file itself is otherwise its owner's and `view-users`').
 */
export const fileUrl = z
  .string()
  .optional()
  .describe('A link to read the attached file, valid for one hour, for whoever may read this record.');
