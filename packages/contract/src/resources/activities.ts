import { z } from 'zod';
import { optionalText, requiredText, rowReference, createdBy, writePosition, writeActive } from './fields.js';

/*
 * Activities, their categories and outcomes, and people's part in them (platform-foundation §7
 * "Analytics and activities"; `/users/{userId}/activities/` of "Per-user resources"). Wire names
 * are snake_case. Write schemas carry no defaults: a store leaves an omitted optional field to the
 * database default, and an update (the same schema, every field optional) leaves it unchanged.
 * Times are ISO 8601; hours are decimal (1.5 is an hour and a half).
 */

/** Most hours one activity or one person's part in it may record (a residential week is 168). */
export const ACTIVITY_MAX_HOURS = 10_000;
/** Most people an activity may count as guests. */
export const ACTIVITY_MAX_GUESTS = 100_000;

const id = z.number().int().positive().describe('Identifier.');
const position = z.number().int().describe('Sort order within the list, smallest first.');
const active = z
  .boolean()
  .describe('Offered for new records; an inactive entry stays on the records that use it.');
const isoTime = (what: string) => z.iso.datetime().describe(`${what} (ISO 8601, UTC).`);

/** A date and time with its offset (`2026-05-01T09:00:00Z`, `2026-05-01T10:00:00+01:00`). */
function writeTime(label: string) {
  const message = `Please enter the ${label} as a date and time, e.g. 2026-05-01T09:00:00Z.`;
  return z.iso.datetime({ offset: true, error: message, abort: true }).refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= 1900 && year <= 2999;
    },
    { error: `The ${label} must be between the years 1900 and 2999.` },
  );
}

/** Decimal hours from 0, to the hundredth of an hour. */
function writeHours(what: string) {
  const message = `The hours must be a number from 0 to ${ACTIVITY_MAX_HOURS}, e.g. 2.5.`;
  return z
    .number({ error: message })
    .min(0, { error: message })
    .max(ACTIVITY_MAX_HOURS, { error: message })
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      error: 'The hours may have at most two decimal places.',
    })
    .nullable()
    .optional()
    .describe(what);
}

/** Row and body of a lookup list: a name, what it means, an order and whether it is still offered. */
function lookup(what: string, title: string, example: string) {
  const row = z
    .object({
      id,
      name: z.string().describe(`The ${what} as offered, e.g. "${example}".`),
      description: z.string().nullable().describe(`What the ${what} covers; null for none.`),
      position,
      active,
    })
    .describe(title);
  const body = z.object({
    name: requiredText('a name', 255).describe(`The ${what} as offered.`),
    description: optionalText('description', 2000).describe(`What the ${what} covers; null for none.`),
    position: writePosition,
    active: writeActive,
  });
  return { row, body };
}

// ——— Categories and outcomes ———

const category = lookup('activity category', 'Activity category', 'Conservation');
export const activityCategorySchema = category.row;
export type ActivityCategory = z.infer<typeof activityCategorySchema>;
export const activityCategoryBodySchema = category.body;
export type ActivityCategoryBody = z.infer<typeof activityCategoryBodySchema>;

const outcome = lookup('activity outcome', 'Activity outcome', 'Completed');
export const activityOutcomeSchema = outcome.row;
export type ActivityOutcome = z.infer<typeof activityOutcomeSchema>;
export const activityOutcomeBodySchema = outcome.body;
export type ActivityOutcomeBody = z.infer<typeof activityOutcomeBodySchema>;

// ——— Activities ———

export const activitySchema = z
  .object({
    id,
    title: z.string().describe('What was done, e.g. "Beach clean at Porthmeor".'),
    description: z.string().nullable().describe('More about it; null for none.'),
    category_id: z.number().int().nullable().describe('Its activity category; null for none.'),
    outcome_id: z
      .number()
      .int()
      .nullable()
      .describe('How it turned out (an activity outcome); null until recorded.'),
    team_id: z.number().int().nullable().describe('The team that did it; null for the whole organisation.'),
    starts_at: isoTime('When it starts'),
    ends_at: isoTime('When it ends, after it starts').nullable(),
    location: z.string().nullable().describe('Where it happens; null when not set.'),
    hours: z
      .number()
      .nullable()
      .describe(
        'Hours each participant is credited with unless their own are recorded; null: the time from start to end.',
      ),
    guests: z
      .number()
      .int()
      .describe('People who took part without being recorded by name (a school group).'),
    created_by: createdBy,
  })
  .describe('Activity');
export type Activity = z.infer<typeof activitySchema>;

export const activityBodySchema = z.object({
  title: requiredText('a title', 255).describe('What was done.'),
  description: optionalText('description', 10_000).describe('More about it; null for none.'),
  category_id: rowReference('The category must be an activity category id.')
    .nullable()
    .optional()
    .describe('An activity category of the organisation; null for none.'),
  outcome_id: rowReference('The outcome must be an activity outcome id.')
    .nullable()
    .optional()
    .describe('An activity outcome of the organisation; null until recorded.'),
  team_id: rowReference('The team must be a team id.')
    .nullable()
    .optional()
    .describe('The team that does it (a team of the organisation); null for the whole organisation.'),
  starts_at: writeTime('start').describe('When it starts, with its offset (ISO 8601).'),
  ends_at: writeTime('end')
    .nullable()
    .optional()
    .describe('When it ends, with its offset; after it starts. Null when open.'),
  location: optionalText('location', 500).describe('Where it happens; null when not set.'),
  hours: writeHours('Hours each participant is credited with; null: the time from start to end.'),
  guests: z
    .number({ error: `The guests must be a whole number from 0 to ${ACTIVITY_MAX_GUESTS}.` })
    .int({ error: `The guests must be a whole number from 0 to ${ACTIVITY_MAX_GUESTS}.` })
    .min(0, { error: `The guests must be a whole number from 0 to ${ACTIVITY_MAX_GUESTS}.` })
    .max(ACTIVITY_MAX_GUESTS, {
      error: `The guests must be a whole number from 0 to ${ACTIVITY_MAX_GUESTS}.`,
    })
    .optional()
    .describe('People who took part without being recorded by name (default 0).'),
});
export type ActivityBody = z.infer<typeof activityBodySchema>;

// ——— A person's part in an activity ———

export const activityParticipantSchema = z
  .object({
    id,
    user_id: z.number().int().describe('The person.'),
    activity_id: z.number().int().describe('The activity they signed up for or took part in.'),
    hours: z
      .number()
      .nullable()
      .describe('Their own hours, when they differ from the activity’s; null: the activity’s hours.'),
    attended: z
      .boolean()
      .nullable()
      .describe('true: took part; false: did not come; null: signed up, not yet recorded.'),
    created_by: createdBy,
  })
  .describe('A person’s part in an activity');
export type ActivityParticipant = z.infer<typeof activityParticipantSchema>;

export const activityParticipantBodySchema = z.object({
  activity_id: rowReference('The activity must be an activity of this organisation.').describe(
    'The activity (of the same organisation).',
  ),
  hours: writeHours('Their own hours, when they differ from the activity’s; null: the activity’s hours.'),
  attended: z
    .boolean({ error: 'Attended must be true, false or null.' })
    .nullable()
    .optional()
    .describe('true: took part; false: did not come; null: not yet recorded (default).'),
});
export type ActivityParticipantBody = z.infer<typeof activityParticipantBodySchema>;
