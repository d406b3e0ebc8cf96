import { z } from 'zod';
import { listReportResponseSchema, reportResponseSchema } from './query.js';
import { reportNamedRefSchema } from './users-by-team.js';

/*
 * People joining and leaving (platform-foundation §7 "Reports": leavers, new-starters,
 * volunteering-length; "Analytics": starters-leavers). All are read from the periods of
 * volunteering (`user_memberships`): a start is a period beginning in the report's period, a
 * leave one ending in it (docs/reports.md "Starters and leavers").
 */

/** The five lengths of service GET /reports/users/volunteering-length groups people into. */
export const volunteeringLengthBuckets = [
  { key: 'under-3-months', label: 'Less than 3 months', min_months: 0, max_months: 3 },
  { key: '3-to-12-months', label: '3 to 12 months', min_months: 3, max_months: 12 },
  { key: '1-to-2-years', label: '1 to 2 years', min_months: 12, max_months: 24 },
  { key: '2-to-5-years', label: '2 to 5 years', min_months: 24, max_months: 60 },
  { key: '5-years-or-more', label: '5 years or more', min_months: 60, max_months: null },
] as const;

/** One length-of-service group and how many people volunteering at the end of the period fall in it. */
export const volunteeringLengthRowSchema = z.object({
  key: z
    .enum(volunteeringLengthBuckets.map((bucket) => bucket.key) as [string, ...string[]])
    .describe('A stable name for the group.'),
  label: z.string().describe('The group’s name.'),
  min_months: z.number().int().describe('Completed months of service from which a person is in the group.'),
  max_months: z
    .number()
    .int()
    .nullable()
    .describe('Completed months of service from which a person is past the group; null for the last.'),
  count: z.number().int().describe('How many people volunteering at the end of the period are in the group.'),
});

/** The answer of GET /reports/users/volunteering-length. */
export const volunteeringLengthResponseSchema = reportResponseSchema(
  volunteeringLengthRowSchema,
  'The five groups, shortest service first; each person is in exactly one.',
);

/** Headline figures of GET /analytics/starters-leavers/overview/. */
export const startersLeaversOverviewSchema = z.object({
  at_start: z
    .number()
    .int()
    .describe('People volunteering when the period began (started before its first day).'),
  starters: z.number().int().describe('Periods of volunteering that began in the period.'),
  leavers: z.number().int().describe('Periods of volunteering that ended in the period.'),
  at_end: z.number().int().describe('People still volunteering when the period closed (after its last day).'),
  net_change: z.number().int().describe('`starters` less `leavers`.'),
  turnover_rate: z
    .number()
    .nullable()
    .describe(
      'Leavers as a percentage of the average of `at_start` and `at_end`, to one decimal place; null when both are 0.',
    ),
});

/** The answer of GET /analytics/starters-leavers/overview/: one object, not rows. */
export const startersLeaversOverviewResponseSchema = z
  .object({
    data: startersLeaversOverviewSchema.describe('The period’s headline figures.'),
    meta: reportResponseSchema(startersLeaversOverviewSchema, '').shape.meta,
  })
  .describe('The headline figures and what they cover.');

/** One calendar month of the period on the starters and leavers chart. */
export const startersLeaversChartRowSchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .describe('The month (YYYY-MM).'),
  from: z.iso.date().describe('The month’s first day within the period.'),
  to: z.iso.date().describe('The month’s last day within the period.'),
  starters: z.number().int().describe('Periods of volunteering that began in the month.'),
  leavers: z.number().int().describe('Periods of volunteering that ended in the month.'),
  net: z.number().int().describe('`starters` less `leavers`.'),
  at_end: z.number().int().describe('People still volunteering when the month (within the period) closed.'),
});

/** The answer of GET /analytics/starters-leavers/chart/. */
export const startersLeaversChartResponseSchema = reportResponseSchema(
  startersLeaversChartRowSchema,
  'One row per calendar month the period touches, oldest first, months with no movement included.',
);

const personColumns = {
  membership_id: z.number().int().describe('The period of volunteering’s id.'),
  user_id: z.number().int().describe('The person’s user id.'),
  first_name: z.string().describe('The person’s first name.'),
  last_name: z.string().describe('The person’s last name.'),
  joined_on: z.iso.date().describe('The first day of the period of volunteering.'),
  teams: z
    .array(reportNamedRefSchema)
    .describe('The teams they held a role in on some day of the report’s period.'),
  role_profiles: z
    .array(reportNamedRefSchema)
    .describe('The role profiles they held on some day of the report’s period.'),
};

/** A person who started volunteering in the period. */
export const starterRowSchema = z.object({
  ...personColumns,
  left_on: z.iso
    .date()
    .nullable()
    .describe('The last day of that period of volunteering, or null while it goes on.'),
  motivation: reportNamedRefSchema.nullable().describe('Why they joined, if recorded.'),
});

/** The answer of GET /analytics/starters-leavers/starters/. */
export const startersResponseSchema = listReportResponseSchema(
  starterRowSchema,
  'One row per period of volunteering that began in the period, latest start first.',
);

/** A person who stopped volunteering in the period. */
export const leaverRowSchema = z.object({
  ...personColumns,
  left_on: z.iso.date().describe('The last day of that period of volunteering.'),
  days_volunteered: z.number().int().describe('Days from `joined_on` to `left_on`, both included.'),
  leaving_reason: reportNamedRefSchema.nullable().describe('Why they left, if recorded.'),
});

/** The answer of GET /analytics/starters-leavers/leavers/. */
export const leaversResponseSchema = listReportResponseSchema(
  leaverRowSchema,
  'One row per period of volunteering that ended in the period, latest leaving first.',
);

/** One reason (for leaving, or for joining) and its share of the period's leavers or starters. */
export const reasonShareRowSchema = z.object({
  id: z.number().int().nullable().describe('The reason’s id, or null for "not recorded".'),
  label: z.string().describe('The reason.'),
  count: z.number().int().describe('How many leavers (or starters) gave it.'),
  percentage: z
    .number()
    .describe('`count` as a percentage of all leavers (or starters), to one decimal place.'),
});

/** The answer of GET /analytics/starters-leavers/leaving-reasons/. */
export const leavingReasonSharesResponseSchema = reportResponseSchema(
  reasonShareRowSchema,
  'One row per leaving reason given in the period (most given first), then "Not recorded" when some leavers gave none.',
);

/** The answer of GET /analytics/starters-leavers/motivations/. */
export const motivationSharesResponseSchema = reportResponseSchema(
  reasonShareRowSchema,
  'One row per motivation of the period’s starters (most given first), then "Not recorded" when some starters have none.',
);
