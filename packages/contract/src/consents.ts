import { z } from 'zod';
import { dataEnvelope } from './api.js';
import { consentQuestionSchema } from './opportunity.js';

/** Messages of the consent calls (platform-foundation §5; applicant-flow §8). */
export const consentMessages = {
  radio: 'Please select an option',
  checkbox: 'You must agree to the above statement',
  'multiple-checkboxes': 'Please select at least one answer',
  notAnOption: 'Please select a valid option',
  onlyOne: 'Please select only one option',
  mismatch: 'The consent in the address and in the body must be the same.',
  notFound: 'This consent does not exist.',
  forbidden: 'You do not have permission to change this user’s consents.',
  saveFailed: 'Something went wrong while updating your information',
} as const;

/** The permission that lets staff change other people's details (applicant-flow §6). */
export const CHANGE_USER_DETAILS = 'changeUserDetails';

/** Path parameters of `/users/{userId}/consents/{consentId}`. */
export const userConsentParamsSchema = z.object({
  userId: z.string().regex(/^\d{1,10}$/, 'A user is named by their number.').describe('User id.'),
  consentId: z.string().regex(/^\d{1,10}$/, 'A consent is named by its number.').describe('Consent id.'),
});

/** Time zone facts of a log entry (platform-foundation §3 "Consent log entry"). */
export const consentTimezoneSchema = z.object({
  alias: z.string().describe('Short name at the time of the change, e.g. `BST`.'),
  offset: z.string().describe('Offset from UTC at the time of the change, e.g. `+01:00`.'),
  name: z.string().describe('IANA time zone name, e.g. `Europe/London`.'),
});

/** One change of a user's consent answer (platform-foundation §3). */
export const consentLogEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string().describe('When the change was made (ISO 8601, UTC).'),
  created_by: z
    .object({ display_name: z.string() })
    .nullable()
    .describe('Who made the change; null means the parent or guardian.'),
  old_value: z.string().nullable().describe('The option text(s) before the change; null when unanswered.'),
  new_value: z.string().nullable().describe('The option text(s) after the change; null when removed.'),
  timezone_data: consentTimezoneSchema,
});
export type ConsentLogEntryData = z.infer<typeof consentLogEntrySchema>;

/** A consent question with the user's answer and its history (platform-foundation §3). */
export const userConsentSchema = consentQuestionSchema.extend({
  answer: z
    .union([z.number().int(), z.array(z.number().int())])
    .nullable()
    .describe('The chosen option id; a list of ids for `multiple-checkboxes`; null when unanswered.'),
  logs: z.array(consentLogEntrySchema).describe('Changes of the answer, newest first.'),
});
export type UserConsent = z.infer<typeof userConsentSchema>;

/** `GET /api/users/{userId}/consents`: the organisation's consent questions (`data.data`). */
export const userConsentListResponseSchema = dataEnvelope(dataEnvelope(z.array(userConsentSchema))).describe(
  'Consents of a user',
);
export type UserConsentListResponse = z.infer<typeof userConsentListResponseSchema>;

/** `PUT /api/users/{userId}/consents/{consentId}`: the new answer to one consent. */
export const userConsentUpdateBodySchema = z.object({
  id: z.number().int().positive().describe('The consent id; must match the address.'),
  compulsory: z.boolean().optional().describe('As the question says; the server reads its own.'),
  answer: z
    .union([z.number().int().positive(), z.array(z.number().int().positive()), z.null()])
    .describe('The chosen option id, a list for `multiple-checkboxes`, or null to remove the answer.'),
});
export type UserConsentUpdateBody = z.infer<typeof userConsentUpdateBodySchema>;

/** The answer to an update: the consent as it now reads. */
export const userConsentUpdateResponseSchema = dataEnvelope(dataEnvelope(userConsentSchema)).describe(
  'Consent of a user',
);
export type UserConsentUpdateResponse = z.infer<typeof userConsentUpdateResponseSchema>;
