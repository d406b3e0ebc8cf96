import { z } from 'zod';
import { listReportResponseSchema, reportResponseSchema } from './query.js';

/*
 * `/analytics/training/*` (platform-foundation §7 "Analytics"; docs/reports.md "Training"). The
 * people counted are those in post on the last day of the period (holding a role then, in the
 * chosen teams and role profiles). A completion counts from the day it was made (in the
 * organisation's calendar) and lapses on its expiry day; the figures are as they stood on the
 * last day of the period.
 */

const percent = z
  .number()
  .nullable()
  .describe('Per cent, to one decimal place; null when no one is counted.');

/** One compulsory induction module. */
export const compulsoryTrainingRowSchema = z.object({
  id: z.number().int().describe('The induction module’s id.'),
  label: z.string().describe('The module’s name.'),
  validity_months: z.number().int().nullable().describe('How long a completion lasts; null: for good.'),
  people: z.number().int().describe('People in post on the last day of the period (all must complete it).'),
  valid: z.number().int().describe('Of them, people whose completion was valid on that day.'),
  expiring_soon: z
    .number()
    .int()
    .describe('Of the valid ones, people whose completion lapses within the next 30 days.'),
  expired: z
    .number()
    .int()
    .describe('People who had completed it but whose completion had lapsed by that day.'),
  outstanding: z
    .number()
    .int()
    .describe('People who had not completed it by that day (people − valid − expired).'),
  compliance_percent: percent,
});

/** One induction module in use. */
export const trainingAdoptionRowSchema = z.object({
  id: z.number().int().describe('The induction module’s id.'),
  label: z.string().describe('The module’s name.'),
  compulsory: z.boolean().describe('Everyone must complete it.'),
  people: z.number().int().describe('People in post on the last day of the period.'),
  completed_in_period: z
    .number()
    .int()
    .describe('Of them, people whose latest completion was made in the period.'),
  holding: z.number().int().describe('Of them, people whose completion was valid on the last day.'),
  adoption_percent: percent,
});

/** One person in post and their compulsory training. */
export const trainingByUserRowSchema = z.object({
  id: z.number().int().describe('The person’s user id.'),
  label: z.string().describe('The person’s name (preferred first name and last name).'),
  compulsory_modules: z.number().int().describe('How many compulsory modules the organisation has.'),
  compulsory_valid: z.number().int().describe('Compulsory modules they held valid on the last day.'),
  compulsory_expired: z.number().int().describe('Compulsory modules whose completion had lapsed by then.'),
  compulsory_outstanding: z.number().int().describe('Compulsory modules they had not completed by then.'),
  modules_valid: z.number().int().describe('Modules of any kind they held valid on the last day.'),
  last_completed_on: z.iso
    .date()
    .nullable()
    .describe('The latest day they completed any module by the last day; null: none.'),
});

/** Where one person stood with one module on the last day of the period. */
export const trainingStandingSchema = z
  .enum(['valid', 'expired', 'in_progress', 'outstanding'])
  .describe(
    '`valid`: completed and not lapsed; `expired`: completed but lapsed; `in_progress`: started, not completed; `outstanding`: not completed by then.',
  );

/** One person and one module: every compulsory module for everyone, other modules where the person has a record. */
export const trainingUsersByModuleRowSchema = z.object({
  module_id: z.number().int().describe('The induction module’s id.'),
  module: z.string().describe('The module’s name.'),
  compulsory: z.boolean().describe('Everyone must complete it.'),
  user_id: z.number().int().describe('The person’s user id.'),
  user_name: z.string().describe('The person’s name (preferred first name and last name).'),
  standing: trainingStandingSchema,
  completed_on: z.iso
    .date()
    .nullable()
    .describe('The day they completed it, when by the last day of the period.'),
  expires_on: z.iso
    .date()
    .nullable()
    .describe('The day that completion lapses; null: never, or not completed.'),
});

export const compulsoryTrainingResponseSchema = reportResponseSchema(
  compulsoryTrainingRowSchema,
  'One row per active compulsory induction module, in the organisation’s order.',
);
export const trainingAdoptionResponseSchema = reportResponseSchema(
  trainingAdoptionRowSchema,
  'One row per active induction module, in the organisation’s order.',
);
export const trainingByUserResponseSchema = listReportResponseSchema(
  trainingByUserRowSchema,
  'One row per person in post on the last day of the period, by name.',
);
export const trainingUsersByModuleResponseSchema = listReportResponseSchema(
  trainingUsersByModuleRowSchema,
  'One row per person in post and module, by module then name.',
);

export type CompulsoryTrainingRow = z.infer<typeof compulsoryTrainingRowSchema>;
export type TrainingAdoptionRow = z.infer<typeof trainingAdoptionRowSchema>;
export type TrainingByUserRow = z.infer<typeof trainingByUserRowSchema>;
export type TrainingUsersByModuleRow = z.infer<typeof trainingUsersByModuleRowSchema>;
export type TrainingStanding = z.infer<typeof trainingStandingSchema>;
