import { z } from 'zod';
import { listReportResponseSchema } from './query.js';

/*
 * `/reports/recruitment/classification` (platform-foundation §7 "Reports"; docs/reports.md
 * "Recruitment"): the applications made in the period, classified by the opportunity applied for
 * (its type, team and role profile) and by where each application stands.
 */

const named = (what: string) =>
  z
    .object({
      id: z.number().int().describe(`The ${what}’s id.`),
      label: z.string().describe(`The ${what}’s name.`),
    })
    .describe(`The opportunity’s ${what}.`);

/** How many of an opportunity's applications stand at each status. */
export const applicationStatusCountsSchema = z.object({
  pending: z.number().int().describe('Created ahead, not yet completed by the applicant.'),
  submitted: z.number().int().describe('Completed by the applicant, waiting for a decision.'),
  accepted: z.number().int().describe('Accepted.'),
  declined: z.number().int().describe('Declined.'),
  withdrawn: z.number().int().describe('Withdrawn by the applicant.'),
});

/** One opportunity with applications made in the period. */
export const recruitmentClassificationRowSchema = z.object({
  id: z.number().int().describe('The opportunity’s id.'),
  label: z.string().describe('The opportunity’s name.'),
  type: z.string().describe('The opportunity’s type (e.g. One-off, Residential-short): its classification.'),
  team: named('team'),
  role_profile: named('role profile'),
  applications: z.number().int().describe('Applications made in the period (the sum of the statuses).'),
  applicants: z.number().int().describe('Different people who made them.'),
  by_status: applicationStatusCountsSchema.describe('The applications by where each stands now.'),
});

export const recruitmentClassificationResponseSchema = listReportResponseSchema(
  recruitmentClassificationRowSchema,
  'One row per opportunity with an application made in the period, most applications first.',
);

export type RecruitmentClassificationRow = z.infer<typeof recruitmentClassificationRowSchema>;
