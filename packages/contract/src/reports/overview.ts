import { z } from 'zod';
import { reportCountRowSchema, reportResponseSchema } from './query.js';

/*
 * `/reports/overview/status` (platform-foundation §7 "Reports"; docs/reports.md "Overview").
 * People by their account status, each split by the teams and role profiles they were in post
 * with on the last day of the period.
 */

/** One user status (Applicant, Active, Inactive, Left, Blocked). */
export const overviewStatusRowSchema = z.object({
  id: z.number().int().describe('The user status’s id.'),
  label: z.string().describe('The user status’s name.'),
  count: z.number().int().describe('People with this status registered by the last day of the period.'),
  in_post: z.number().int().describe('Of them, people holding a role on the last day of the period.'),
  by_team: z
    .array(reportCountRowSchema)
    .describe(
      'Every team (the chosen ones when filtered): how many of them held a role in it on the last day.',
    ),
  by_role_profile: z
    .array(reportCountRowSchema)
    .describe(
      'Every role profile (the chosen ones when filtered): how many of them held it on the last day.',
    ),
});

export const overviewStatusResponseSchema = reportResponseSchema(
  overviewStatusRowSchema,
  'One row per user status, in status order.',
);

export type OverviewStatusRow = z.infer<typeof overviewStatusRowSchema>;
