import { z } from 'zod';
import { optionalText, requiredText, rowReference as reference } from './fields.js';

/*
 * Vetting (platform-foundation §7: `/vetting/`, `/users/{userId}/vetting/`,
 * `/organisation/disclosure-types/`): the kinds of background check an organisation asks for and
 * each check of a person. Wire names are snake_case; dates are `YYYY-MM-DD`. Write schemas carry
 * no defaults: a store leaves an omitted field to the database default, an update leaves it as it is.
 */

export const VETTING_STATUSES = ['requested', 'in_progress', 'cleared', 'rejected', 'expired'] as const;
export type VettingStatusName = (typeof VETTING_STATUSES)[number];

const id = z.number().int().positive().describe('Identifier.');

/** Years a vetting date may fall in: the database and the wire agree on every one of them. */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2999;

/** A calendar date `YYYY-MM-DD` within the years above. */
function writeDate(label: string) {
  return z.iso
    .date({ error: `Please enter the ${label} as a date, e.g. 2026-05-01.`, abort: true })
    .refine((value) => Number(value.slice(0, 4)) >= FIRST_YEAR && Number(value.slice(0, 4)) <= LAST_YEAR, {
      error: `The ${label} must be between the years ${FIRST_YEAR} and ${LAST_YEAR}.`,
    });
}

// ——— Disclosure types ———

export const disclosureTypeSchema = z
  .object({
    id,
    name: z.string().describe('The kind of check as offered, e.g. "Enhanced DBS with barred list".'),
    description: z.string().nullable().describe('What the check covers and who needs it.'),
    validity_months: z
      .number()
      .int()
      .nullable()
      .describe('A cleared check of this kind is redone this many months after clearance; null for never.'),
    position: z.number().int().describe('Sort order within the list, smallest first.'),
    active: z.boolean().describe('Offered for new checks; an inactive type stays on the checks that use it.'),
  })
  .describe('Disclosure type: a kind of background check');
export type DisclosureType = z.infer<typeof disclosureTypeSchema>;

export const disclosureTypeBodySchema = z.object({
  name: requiredText('a name', 255).describe('The kind of check as offered.'),
  description: optionalText('description', 2000).describe('What the check covers and who needs it.'),
  validity_months: z
    .number({ error: 'The validity must be a whole number of months.' })
    .int({ error: 'The validity must be a whole number of months.' })
    .min(1, { error: 'The validity must be at least 1 month.' })
    .max(600, { error: 'The validity may be at most 600 months.' })
    .nullable()
    .optional()
    .describe('Months until a cleared check is redone; null for never.'),
  position: z
    .number({ error: 'The position must be a whole number.' })
    .int({ error: 'The position must be a whole number.' })
    .min(0, { error: 'The position must be 0 or more.' })
    .max(1_000_000, { error: 'The position may be at most 1000000.' })
    .optional()
    .describe('Sort order within the list, smallest first (default 0).'),
  active: z
    .boolean({ error: 'Active must be true or false.' })
    .optional()
    .describe('Offered for new checks (default true).'),
});
export type DisclosureTypeBody = z.infer<typeof disclosureTypeBodySchema>;

// ——— Vetting checks ———

export const vettingCheckSchema = z
  .object({
    id,
    user_id: z.number().int().describe('The person checked.'),
    disclosure_type_id: z.number().int().describe('The kind of check (a disclosure type).'),
    reference_number: z
      .string()
      .nullable()
      .describe('The certificate or application number the checking body gave; null while unknown.'),
    status: z
      .enum(VETTING_STATUSES)
      .describe('requested, in_progress, cleared, rejected, or expired (cleared once, since lapsed).'),
    requested_on: z.string().describe('The day the check was asked for (YYYY-MM-DD).'),
    cleared_on: z
      .string()
      .nullable()
      .describe('The day it was cleared (YYYY-MM-DD); set exactly when the status is cleared or expired.'),
    expires_on: z
      .string()
      .nullable()
      .describe(
        'The last day a cleared check is valid (YYYY-MM-DD); null for no end. Required once expired.',
      ),
    notes: z.string().nullable().describe('Anything else about the check.'),
    created_by: z
      .number()
      .int()
      .nullable()
      .describe('The user who recorded the check; null when unknown or since erased.'),
  })
  .describe('Vetting check: one background check of one person');
export type VettingCheck = z.infer<typeof vettingCheckSchema>;

const checkFields = {
  disclosure_type_id: reference('The disclosure type must be one of this organisation’s.').describe(
    'The kind of check (a disclosure type of the organisation).',
  ),
  reference_number: optionalText('reference number', 100).describe(
    'The certificate or application number (once per disclosure type); null for none yet.',
  ),
  status: z
    .enum(VETTING_STATUSES, {
      error: 'The status must be requested, in_progress, cleared, rejected or expired.',
    })
    .optional()
    .describe('Where the check stands (default requested). Cleared and expired need `cleared_on`.'),
  requested_on: writeDate('request date').optional().describe('The day it was asked for (default today).'),
  cleared_on: writeDate('clearance date')
    .nullable()
    .optional()
    .describe('The day it was cleared, on or after the request; given exactly when cleared or expired.'),
  expires_on: writeDate('expiry date')
    .nullable()
    .optional()
    .describe('The last day it is valid, on or after clearance; required once expired.'),
  notes: optionalText('notes', 5000).describe('Anything else about the check.'),
};

/** A check recorded at `/vetting/`: whose it is, and the check. */
export const vettingCheckBodySchema = z.object({
  user_id: reference('The person must be a user of this organisation.').describe(
    'The person checked (a user of the organisation).',
  ),
  ...checkFields,
});
export type VettingCheckBody = z.infer<typeof vettingCheckBodySchema>;

/** A check recorded under `/users/{userId}/vetting/`: the person is the path's. */
export const userVettingCheckBodySchema = z.object(checkFields);
export type UserVettingCheckBody = z.infer<typeof userVettingCheckBodySchema>;
