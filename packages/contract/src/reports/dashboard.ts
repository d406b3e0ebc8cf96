import { z } from 'zod';
import { reportResponseSchema } from './query.js';

/*
 * Headline figures (platform-foundation §7 "Analytics and activities", "Mobile sign-in and
 * dashboard"; docs/reports.md "Headline figures"): `/analytics/organisation-stats`,
 * `/analytics/key-stats` and `/mobile/dashboard/stats/` each answer a short list of named figures.
 */

/** What a figure counts, so that a client formats it (`pence` as money, `hours` with decimals). */
export const statUnitSchema = z
  .enum(['people', 'count', 'hours', 'pence', 'percent'])
  .describe('What the value is: people, a count of records, hours, an amount in pence, or a percentage.');

/** The figures of `/analytics/organisation-stats`, in order. */
export const organisationStatKeys = [
  'people',
  'people_in_post',
  'applicants',
  'teams',
  'role_profiles',
  'open_opportunities',
] as const;

/** The figures of `/analytics/key-stats`, in order. */
export const keyStatKeys = [
  'people_in_post',
  'starters',
  'leavers',
  'hours_volunteered',
  'shifts_attended',
  'sessions_attended',
  'applications',
  'compulsory_training_compliance',
  'expenses_paid_pence',
] as const;

/** The figures of `/mobile/dashboard/stats/`, in order. */
export const mobileDashboardStatKeys = [
  'upcoming_shifts',
  'upcoming_sessions',
  'event_invitations',
  'hours_volunteered',
  'shifts_attended',
  'sessions_attended',
  'open_tasks',
  'overdue_tasks',
  'compulsory_training_outstanding',
  'claims_awaiting_decision',
  'approved_unpaid_pence',
] as const;

/** One named headline figure, its key one of `keys`. */
export function statRowSchema<const K extends readonly [string, ...string[]]>(keys: K) {
  return z.object({
    key: z.enum(keys).describe('The figure’s stable name.'),
    label: z.string().describe('The figure’s name as shown.'),
    value: z
      .number()
      .nullable()
      .describe('The figure; null when it cannot be worked out (a percentage of no one).'),
    unit: statUnitSchema,
  });
}

export const organisationStatsResponseSchema = reportResponseSchema(
  statRowSchema(organisationStatKeys),
  'The organisation’s headline figures as they stood on the last day of the period, in a fixed order.',
);
export const keyStatsResponseSchema = reportResponseSchema(
  statRowSchema(keyStatKeys),
  'The period’s key figures (people, starters and leavers, volunteering, training, expenses), in a fixed order.',
);
export const mobileDashboardStatsResponseSchema = reportResponseSchema(
  statRowSchema(mobileDashboardStatKeys),
  'The signed-in person’s own figures, in a fixed order.',
);

/** One headline figure. */
export type StatRow<K extends string = string> = {
  key: K;
  label: string;
  value: number | null;
  unit: StatUnit;
};
export type StatUnit = z.infer<typeof statUnitSchema>;
