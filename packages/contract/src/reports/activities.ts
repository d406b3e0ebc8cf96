import { z } from 'zod';
import { listReportResponseSchema, reportResponseSchema } from './query.js';

/*
 * `/reports/activities/*` and `/analytics/activities/upcoming` (platform-foundation §7 "Reports",
 * "Analytics and activities"; docs/reports.md "Activities"). An activity belongs to the period by
 * the day it starts, in the organisation's time zone. A person took part when their participation
 * is marked attended; their hours are their own when recorded, else the activity's, else the time
 * from its start to its end.
 */

const hours = (what: string) => z.number().describe(`${what}, in hours to two decimal places.`);
const count = (what: string) => z.number().int().describe(what);
const isoTime = (what: string) => z.iso.datetime().describe(`${what} (ISO 8601, UTC).`);

/** What the activities of a period add up to; each report groups them its own way. */
const activityFigures = {
  activities: count('How many activities started in the period.'),
  people: count('How many different people took part in them (marked attended).'),
  attendances: count('How many times someone took part (one person on three activities: 3).'),
  guests: count('People who took part without being recorded by name, as each activity counts them.'),
  hours: hours('The hours of everyone who took part'),
};

/** `/reports/activities/overview`: one row, the period's totals. */
export const activitiesOverviewRowSchema = z.object({
  ...activityFigures,
  no_shows: count('How many times someone signed up did not come (marked not attended).'),
  with_outcome: count('How many of the activities have their outcome recorded.'),
  teams: count('How many different teams ran them (activities for the whole organisation not counted).'),
});

/** `/reports/activities/outcomes`: one row per activity outcome. */
export const activitiesOutcomesRowSchema = z.object({
  id: z.number().int().nullable().describe('The outcome’s id; null for activities with no outcome recorded.'),
  label: z.string().describe('The outcome’s name, or "No outcome recorded".'),
  active: z.boolean().describe('False for an outcome no longer offered (kept for its past activities).'),
  ...activityFigures,
});

/** `/reports/activities/engagement`: one row per band of how often people took part. */
export const activitiesEngagementRowSchema = z.object({
  label: z.string().describe('The band, e.g. "2–4 activities".'),
  min: count('The fewest activities taken part in that falls in the band.'),
  max: z.number().int().nullable().describe('The most activities that falls in the band; null for no limit.'),
  people: count('How many people took part in that many activities in the period.'),
  hours: hours('Their hours in the period'),
});

/** `/reports/activities/engagement-detail`: one row per person who took part. */
export const activitiesEngagementDetailRowSchema = z.object({
  id: z.number().int().describe('The person’s user id.'),
  label: z.string().describe('The person’s name (preferred first name and last name).'),
  activities: count('How many activities they took part in in the period.'),
  hours: hours('Their hours in the period'),
  no_shows: count('How many activities of the period they signed up for and did not come to.'),
  first_activity_at: isoTime('When the first activity they took part in started'),
  last_activity_at: isoTime('When the last activity they took part in started'),
});

/** `/analytics/activities/upcoming`: one row per activity starting in the period. */
export const activitiesUpcomingRowSchema = z.object({
  id: z.number().int().describe('The activity’s id.'),
  label: z.string().describe('The activity’s title.'),
  starts_at: isoTime('When it starts'),
  ends_at: isoTime('When it ends').nullable(),
  location: z.string().nullable().describe('Where it happens; null when not set.'),
  category_id: z.number().int().nullable().describe('Its activity category; null for none.'),
  category: z.string().nullable().describe('The category’s name; null for none.'),
  team_id: z.number().int().nullable().describe('The team running it; null for the whole organisation.'),
  team: z.string().nullable().describe('The team’s name; null for the whole organisation.'),
  signed_up: count('People recorded on it who have not been marked as not coming.'),
  guests: count('People expected without being recorded by name.'),
});

export const activitiesOverviewResponseSchema = reportResponseSchema(
  activitiesOverviewRowSchema,
  'One row: the totals of the activities that started in the period.',
);
export const activitiesOutcomesResponseSchema = reportResponseSchema(
  activitiesOutcomesRowSchema,
  'One row per activity outcome of the organisation (unused ones with zeros), then "No outcome recorded" when any activity has none; most activities first.',
);
export const activitiesEngagementResponseSchema = reportResponseSchema(
  activitiesEngagementRowSchema,
  'One row per band (0, 1, 2–4, 5–9, 10 or more activities), fewest first.',
);
export const activitiesEngagementDetailResponseSchema = listReportResponseSchema(
  activitiesEngagementDetailRowSchema,
  'One row per person who took part in an activity of the period, most hours first.',
);
export const activitiesUpcomingResponseSchema = listReportResponseSchema(
  activitiesUpcomingRowSchema,
  'One row per activity starting in the period (by default the next 30 days from today), soonest first.',
);

export type ActivitiesOverviewRow = z.infer<typeof activitiesOverviewRowSchema>;
export type ActivitiesOutcomesRow = z.infer<typeof activitiesOutcomesRowSchema>;
export type ActivitiesEngagementRow = z.infer<typeof activitiesEngagementRowSchema>;
export type ActivitiesEngagementDetailRow = z.infer<typeof activitiesEngagementDetailRowSchema>;
export type ActivitiesUpcomingRow = z.infer<typeof activitiesUpcomingRowSchema>;
