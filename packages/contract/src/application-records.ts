import { z } from 'zod';
import { dataEnvelope } from './api.js';
import { MAX_ROW_ID } from './ids.js';
import { opportunityParamsSchema } from './opportunity.js';

/** Where an application stands (the API's statuses; applicant-flow §4 shows none). */
export const APPLICATION_STATUSES = ['pending', 'submitted', 'accepted', 'declined', 'withdrawn'] as const;
export type ApplicationStatusName = (typeof APPLICATION_STATUSES)[number];

/** Statuses in which the applicant may still change their answers. */
export const EDITABLE_APPLICATION_STATUSES: readonly ApplicationStatusName[] = ['pending', 'submitted'];

/** Statuses a holder of the applications permission may give (withdrawing is the applicant's delete). */
export const DECIDED_APPLICATION_STATUSES = ['submitted', 'accepted', 'declined'] as const;

/** Longest free-text answer of an application. */
export const MAX_APPLICATION_TEXT = 10_000;

/** Sentences of the application calls. */
export const applicationRecordMessages = {
  notFound: 'This application does not exist.',
  notEditable: 'This application can no longer be changed.',
  statusNotYours: 'Only someone who manages applications may change the status.',
  answersNotYours: 'Only the applicant may change their answers.',
  declined: 'This application was declined, so it cannot be withdrawn.',
  unknownMotivation: 'Please choose one of the motivations offered.',
  withdrawnBooking: 'Application withdrawn',
} as const;

/** `…/apply/{id}` path parameters: the opportunity (id or slug) and the application's id. */
export const applyItemParamsSchema = opportunityParamsSchema.extend({
  id: z.string().max(20).describe('The application’s id; anything that names no application is 404.'),
});

/** One application as its applicant and the organisation's staff see it. */
export const applicationRecordSchema = z.object({
  id: z.number().int().describe('Application id.'),
  opportunity_id: z.number().int().describe('The opportunity applied for.'),
  user_id: z.number().int().describe('The applicant.'),
  status: z.enum(APPLICATION_STATUSES).describe('Where the application stands.'),
  active: z.boolean().describe('False once withdrawn.'),
  editable: z.boolean().describe('Whether the applicant may still change their answers.'),
  submitted_by_user_id: z
    .number()
    .int()
    .nullable()
    .describe('The supervisor who applied on the applicant’s behalf.'),
  completed_at: z
    .string()
    .nullable()
    .describe('When the applicant completed it (ISO 8601), null while pending.'),
  why: z.string().nullable().describe('Why the applicant wants to volunteer.'),
  motivation_id: z.number().int().nullable().describe('The motivation chosen.'),
  special_requirements_bool: z
    .boolean()
    .nullable()
    .describe('Whether the applicant has special requirements.'),
  special_requirements: z.string().nullable().describe('What they are.'),
  right_to_volunteer: z.enum(['yes', 'no', 'unsure']).nullable().describe('The right-to-volunteer answer.'),
  created_at: z.string().describe('When it was created (ISO 8601).'),
  updated_at: z.string().describe('When it last changed (ISO 8601).'),
});
export type ApplicationRecord = z.infer<typeof applicationRecordSchema>;

/** `GET`/`PUT …/apply/{id}` (200): the application. */
export const applicationRecordResponseSchema = dataEnvelope(applicationRecordSchema).describe('Application');

const text = (what: string) =>
  z
    .string()
    .trim()
    .max(MAX_APPLICATION_TEXT, `At most ${MAX_APPLICATION_TEXT} characters`)
    .nullable()
    .optional()
    .describe(what);

/**
 * `PUT …/apply/{id}`: the applicant's answers still editable (while pending or submitted), or the
 * status a holder of `manage-applications` gives. Omitted fields keep their value.
 */
export const applicationUpdateBodySchema = z.object({
  why: text('Why the applicant wants to volunteer (applicant only).'),
  motivation_id: z
    .number()
    .int()
    .min(1)
    .max(MAX_ROW_ID)
    .nullable()
    .optional()
    .describe('One of the organisation’s motivations (applicant only).'),
  special_requirements_bool: z
    .boolean()
    .nullable()
    .optional()
    .describe('Has special requirements (applicant only).'),
  special_requirements: text('What they are (applicant only).'),
  right_to_volunteer: z
    .enum(['yes', 'no', 'unsure'])
    .nullable()
    .optional()
    .describe('Right to volunteer (applicant only).'),
  status: z
    .enum(DECIDED_APPLICATION_STATUSES)
    .optional()
    .describe(
      'The decision: `submitted` (back to undecided), `accepted` or `declined` (manage-applications only).',
    ),
});
export type ApplicationUpdateBody = z.infer<typeof applicationUpdateBodySchema>;
