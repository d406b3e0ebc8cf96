import { z } from 'zod';
import { listReportResponseSchema } from './query.js';

/*
 * GET /reports/users/by-team/users (platform-foundation §7 "Reports"): the people behind the
 * counts of /reports/users/by-team, one row per role they held (docs/reports.md).
 */

/** A team or role profile named on a report row. */
export const reportNamedRefSchema = z
  .object({
    id: z.number().int().describe('Its id.'),
    name: z.string().describe('Its name.'),
  })
  .describe('A team or role profile.');

/** One role a person held in a team on some day of the period. */
export const usersByTeamUserRowSchema = z.object({
  id: z.number().int().describe('The person’s user id.'),
  first_name: z.string().describe('The person’s first name.'),
  last_name: z.string().describe('The person’s last name.'),
  team: reportNamedRefSchema.describe('The team the role is in.'),
  role_profile: reportNamedRefSchema.describe('The role profile held.'),
  from: z.iso.date().describe('The day the role was given (YYYY-MM-DD).'),
  until: z.iso.date().nullable().describe('The role’s last day (YYYY-MM-DD), or null while it is held.'),
});

export type UsersByTeamUserRow = z.infer<typeof usersByTeamUserRowSchema>;

/** The answer of GET /reports/users/by-team/users. */
export const usersByTeamUsersResponseSchema = listReportResponseSchema(
  usersByTeamUserRowSchema,
  'One row per person, team and role profile held on some day of the period, by team name then surname.',
);
