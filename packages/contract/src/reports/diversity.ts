import { z } from 'zod';
import { reportResponseSchema } from './query.js';

/*
 * The diversity reports (platform-foundation §7: `/organisation/diversity/` categories,
 * questions and reports; `/reports/overview/diversity`). Every figure counts people and is
 * suppressed so that no one is identified (docs/reports.md "Diversity suppression").
 */

/** The fixed diversity categories (applicant-flow §3.2), in the order the form asks them. */
export const diversityCategoryKeys = [
  'gender',
  'gender_assigned',
  'nationality',
  'ethnicity',
  'sexuality',
  'registered_disabled',
  'disabled_select',
  'religion',
] as const;
export type DiversityCategoryKey = (typeof diversityCategoryKeys)[number];

/**
 * A diversity figure as shown: the number of people; `<5` for 1 to 4 people; or `hidden` when
 * showing it would let a figure under five be worked out from the others and the total.
 */
export const diversityCountSchema = z
  .union([z.number().int().nonnegative(), z.literal('<5'), z.literal('hidden')])
  .describe(
    'How many people. `<5`: 1 to 4 people (in a group of fewer than five people every figure shows `<5`). `hidden`: not shown, so that a figure under five cannot be worked out from the others and the total.',
  );
export type DiversityCount = z.infer<typeof diversityCountSchema>;

const optionSchema = z.object({
  id: z.number().int().describe('The option’s id.'),
  label: z.string().describe('The option as the form shows it.'),
  is_other: z.boolean().describe('Choosing it asks the person to specify.'),
  prefer_not_to_say: z
    .boolean()
    .describe('The "Prefer not to say" answer: reports count it in their own row, not as an option.'),
});

/** A fixed diversity category with its options, to label a report's rows. */
export const diversityCategorySchema = z.object({
  key: z.enum(diversityCategoryKeys).describe('The category, as the reports name their groups.'),
  label: z.string().describe('The category’s name.'),
  shown_when: z
    .object({
      category: z.enum(diversityCategoryKeys).describe('The category whose answer reveals this one.'),
      option_id: z.number().int().describe('The answer that reveals it.'),
    })
    .nullable()
    .describe('Asked only after this answer (disability type after Yes to disability); null: always asked.'),
  options: z.array(optionSchema).describe('Its options in form order.'),
});
export type DiversityCategory = z.infer<typeof diversityCategorySchema>;

export const diversityCategoriesResponseSchema = reportResponseSchema(
  diversityCategorySchema,
  'The fixed diversity categories in form order.',
);
export type DiversityCategoriesResponse = z.infer<typeof diversityCategoriesResponseSchema>;

/** One of the organisation's own diversity questions with its options. */
export const diversityQuestionSchema = z.object({
  id: z.number().int().describe('The question’s id.'),
  label: z.string().describe('The question as the form asks it.'),
  multiple: z.boolean().describe('Several options may be chosen.'),
  compulsory: z.boolean().describe('Required when the diversity step is compulsory.'),
  shown_when: z
    .array(
      z.object({
        question_id: z.number().int().describe('The earlier question.'),
        option_id: z.number().int().describe('The answer to it that reveals this question.'),
      }),
    )
    .describe('Asked only after any of these answers; empty: always asked.'),
  options: z.array(optionSchema).describe('Its options in form order.'),
});
export type DiversityQuestion = z.infer<typeof diversityQuestionSchema>;

export const diversityQuestionsResponseSchema = reportResponseSchema(
  diversityQuestionSchema,
  'The organisation’s own diversity questions in form order.',
);
export type DiversityQuestionsResponse = z.infer<typeof diversityQuestionsResponseSchema>;

export const diversityRowKinds = ['option', 'prefer_not_to_say', 'not_answered', 'band'] as const;

/** One row of a diversity group: an option (or age band), "prefer not to say" or "not answered". */
export const diversityReportRowSchema = z.object({
  key: z
    .string()
    .describe(
      'Stable within the group: `option-{id}`, `prefer-not-to-say`, `not-answered`, or an age band (`under-18`, `18-24`, …, `65-plus`).',
    ),
  id: z.number().int().nullable().describe('The option’s id; null for a row that is not an option.'),
  label: z.string().describe('What the row counts.'),
  kind: z.enum(diversityRowKinds).describe('What kind of row it is.'),
  count: diversityCountSchema,
});
export type DiversityReportRow = z.infer<typeof diversityReportRowSchema>;

/** One category or question counted over the report's people. */
export const diversityReportGroupSchema = z.object({
  key: z.string().describe('The category key (`gender`, …), `question-{id}` for an own question, or `age`.'),
  category: z.enum(diversityCategoryKeys).nullable().describe('The fixed category; null otherwise.'),
  question_id: z.number().int().nullable().describe('The own question; null otherwise.'),
  label: z.string().describe('The category’s name or the question.'),
  multiple: z
    .boolean()
    .describe('Several options may be chosen, so the option rows may add up to more than the people.'),
  people: diversityCountSchema.describe(
    'Everyone counted in the group (the same in every group of an answer).',
  ),
  rows: z
    .array(diversityReportRowSchema)
    .describe('Options in form order, then prefer not to say, then not answered.'),
});
export type DiversityReportGroup = z.infer<typeof diversityReportGroupSchema>;

export const diversityReportResponseSchema = reportResponseSchema(
  diversityReportGroupSchema,
  'One group per fixed category, then one per own question.',
);
export type DiversityReportResponse = z.infer<typeof diversityReportResponseSchema>;

export const diversityAgeReportResponseSchema = reportResponseSchema(
  diversityReportGroupSchema,
  'One group, `age`: age bands on the last day of the period, then no date of birth given.',
);
export type DiversityAgeReportResponse = z.infer<typeof diversityAgeReportResponseSchema>;

/** How fully one category or question is answered by the people volunteering in the period. */
export const diversityOverviewRowSchema = z.object({
  key: z.string().describe('As the diversity reports name their groups.'),
  category: z.enum(diversityCategoryKeys).nullable().describe('The fixed category; null otherwise.'),
  question_id: z.number().int().nullable().describe('The own question; null otherwise.'),
  label: z.string().describe('The category’s name or the question.'),
  people: diversityCountSchema.describe('Everyone counted.'),
  answered: diversityCountSchema.describe(
    'People who gave an answer other than prefer not to say (for age: a date of birth); `hidden` unless the shown figures give it anyway.',
  ),
  prefer_not_to_say: diversityCountSchema
    .nullable()
    .describe('People who preferred not to say; null for age.'),
  not_answered: diversityCountSchema.describe('People who gave no answer.'),
});
export type DiversityOverviewRow = z.infer<typeof diversityOverviewRowSchema>;

export const diversityOverviewResponseSchema = reportResponseSchema(
  diversityOverviewRowSchema,
  'One row per fixed category, own question, then age.',
);
export type DiversityOverviewResponse = z.infer<typeof diversityOverviewResponseSchema>;
