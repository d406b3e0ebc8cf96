import { z } from 'zod';
import { listReportResponseSchema, reportCountRowSchema, reportResponseSchema } from './query.js';
import { VETTING_STATUSES } from '../resources/vetting.js';

/*
 * Answer shapes of the people reports (platform-foundation §7 "Reports", `/reports/users/…`):
 * logins, checkpoints, missing data, skills, vetting and touchpoints. Each answers the common
 * envelope (`data`, `meta`); a few add `totals` for the figures that are not one row's.
 * docs/reports.md says how each is counted.
 */

/** The envelope plus figures about the whole report that belong to no single row. */
function reportWithTotalsSchema<R extends z.ZodType, T extends z.ZodObject>(
  row: R,
  totals: T,
  description: string,
) {
  return reportResponseSchema(row, description)
    .extend({ totals })
    .describe('A report’s rows, its totals and what they cover.');
}

const count = (what: string) => z.number().int().describe(what);
const userId = z.number().int().describe('The person’s user id.');
const firstName = z.string().describe('The person’s first name.');
const lastName = z.string().describe('The person’s last name.');
const day = (what: string) => z.iso.date().describe(what);

// ——— Logins ———

export const userLoginsRowSchema = z
  .object({
    month: z
      .string()
      .regex(/^\d{4}-\d{2}$/)
      .describe(
        'The calendar month (YYYY-MM); the first and last months count only their days in the period.',
      ),
    logins: count('Successful sign-ins in the month.'),
    people: count('Different people who signed in in the month.'),
    first_logins: count('People whose first successful sign-in ever fell in the month.'),
  })
  .describe('Sign-ins in one month of the period.');

export const userLoginsReportSchema = reportWithTotalsSchema(
  userLoginsRowSchema,
  z
    .object({
      logins: count('Successful sign-ins in the period.'),
      people: count('Different people who signed in in the period.'),
      current_people: count(
        'People of the organisation on the period’s last day (not left or blocked, account made by then).',
      ),
      not_signed_in: count('Of those, people who did not sign in during the period.'),
      never_signed_in: count('Of those, people who had never signed in by the period’s last day.'),
    })
    .describe('The period as a whole.'),
  'One row per calendar month of the period, oldest first, months without sign-ins included.',
);
export type UserLoginsReport = z.infer<typeof userLoginsReportSchema>;

// ——— Checkpoints ———

/** The onboarding checkpoints, in the order a volunteer passes them. */
export const USER_CHECKPOINTS = [
  'applied',
  'role_given',
  'inductions_completed',
  'vetting_cleared',
  'first_activity',
] as const;
export type UserCheckpoint = (typeof USER_CHECKPOINTS)[number];

export const userCheckpointsRowSchema = z
  .object({
    checkpoint: z
      .enum(USER_CHECKPOINTS)
      .describe(
        'applied (first application sent), role_given (first role), inductions_completed (the last ' +
          'compulsory induction module completed), vetting_cleared (first check cleared), first_activity ' +
          '(first shift or event session attended).',
      ),
    label: z.string().describe('The checkpoint as shown.'),
    count: count('People who passed it for the first time on a day of the period.'),
    reached_by_end: count('People who had passed it by the period’s last day (at any time before).'),
  })
  .describe('One onboarding checkpoint.');

export const userCheckpointsReportSchema = reportResponseSchema(
  userCheckpointsRowSchema,
  'One row per checkpoint, in the order they are passed.',
);
export type UserCheckpointsReport = z.infer<typeof userCheckpointsReportSchema>;

// ——— Missing data ———

/** The profile details a person should have, in the order the report lists them. */
export const MISSING_DATA_FIELDS = [
  'email',
  'phone',
  'address',
  'date_of_birth',
  'emergency_contact',
] as const;
export type MissingDataField = (typeof MISSING_DATA_FIELDS)[number];

const missingField = z
  .enum(MISSING_DATA_FIELDS)
  .describe(
    'email (no email address), phone (no phone number), address (no current postal address), ' +
      'date_of_birth (none given), emergency_contact (none recorded).',
  );

export const userMissingDataRowSchema = z
  .object({
    field: missingField,
    label: z.string().describe('The detail as shown.'),
    count: count('Current people without it.'),
  })
  .describe('One profile detail and how many people lack it.');

export const userMissingDataReportSchema = reportWithTotalsSchema(
  userMissingDataRowSchema,
  z
    .object({
      people: count('Current people checked (not left or blocked, account made by the period’s last day).'),
      missing_any: count('Of those, people missing at least one detail.'),
    })
    .describe('The people checked.'),
  'One row per profile detail, in a fixed order.',
);
export type UserMissingDataReport = z.infer<typeof userMissingDataReportSchema>;

export const userMissingDataUserRowSchema = z
  .object({
    user_id: userId,
    first_name: firstName,
    last_name: lastName,
    email: z.string().nullable().describe('The primary (else first) email address; null for none.'),
    missing: z.array(missingField).min(1).describe('The details the person lacks, in the report’s order.'),
  })
  .describe('One person missing at least one detail.');

export const userMissingDataUsersReportSchema = listReportResponseSchema(
  userMissingDataUserRowSchema,
  'One row per current person missing any detail, by last name, first name and id.',
);
export type UserMissingDataUsersReport = z.infer<typeof userMissingDataUsersReportSchema>;

// ——— Skills ———

export const userSkillsRowSchema = z
  .object({
    id: z.number().int().describe('The skill’s id.'),
    label: z.string().describe('The skill’s name.'),
    category_id: z.number().int().describe('Its skill category.'),
    category: z.string().describe('The category’s name.'),
    count: count('People who held it on some day of the period (any option of it counted once).'),
    expiring: count(
      'Of those, people whose holding ends (`expires_on`, its last day) on a day of the period.',
    ),
  })
  .describe('One skill.');

export const userSkillsReportSchema = reportResponseSchema(
  userSkillsRowSchema,
  'One row per skill of the organisation, in category order then skill order.',
);
export type UserSkillsReport = z.infer<typeof userSkillsReportSchema>;

export const userSkillsUserRowSchema = z
  .object({
    user_id: userId,
    first_name: firstName,
    last_name: lastName,
    skill_id: z.number().int().describe('The skill held.'),
    skill: z.string().describe('The skill’s name.'),
    category: z.string().describe('Its category’s name.'),
    dynamic_skill_id: z.number().int().nullable().describe('The option held; null for the skill itself.'),
    option: z.string().nullable().describe('The option’s name; null for the skill itself.'),
    level: z
      .string()
      .nullable()
      .describe('How well: beginner, intermediate, advanced, expert; null for not said.'),
    expires_on: z.string().nullable().describe('When it lapses (YYYY-MM-DD); null for never.'),
  })
  .describe('One skill (or option) one person held in the period.');

export const userSkillsUsersReportSchema = listReportResponseSchema(
  userSkillsUserRowSchema,
  'One row per skill or option held on some day of the period, by person then skill order.',
);
export type UserSkillsUsersReport = z.infer<typeof userSkillsUsersReportSchema>;

export const userDynamicSkillsRowSchema = z
  .object({
    id: z.number().int().describe('The option’s (dynamic skill’s) id.'),
    label: z.string().describe('The option’s name.'),
    skill_id: z.number().int().describe('The skill it is an option of (its dynamic skill category).'),
    skill: z.string().describe('That skill’s name.'),
    count: count('People who held the option on some day of the period.'),
  })
  .describe('One option of a skill.');

export const userDynamicSkillsReportSchema = reportResponseSchema(
  userDynamicSkillsRowSchema,
  'One row per option of every skill, grouped by skill in skill order.',
);
export type UserDynamicSkillsReport = z.infer<typeof userDynamicSkillsReportSchema>;

export const userDynamicSkillCategoryReportSchema = reportResponseSchema(
  reportCountRowSchema,
  'One row per option of the skill in option order (people who held it on some day of the period), ' +
    'then, when anyone holds the skill without an option, a row with id null.',
);
export type UserDynamicSkillCategoryReport = z.infer<typeof userDynamicSkillCategoryReportSchema>;

export const userDynamicSkillCategoryUserRowSchema = z
  .object({
    id: z.number().int().nullable().describe('The option’s id; null for the skill held without an option.'),
    label: z.string().describe('The option’s name (the skill’s name for the skill itself).'),
    level: z.string().nullable().describe('How well; null for not said.'),
    expires_on: z.string().nullable().describe('When it lapses (YYYY-MM-DD); null for never.'),
    recorded_on: day('The day the holding was recorded.'),
  })
  .describe('One option of the skill the person held.');

export const userDynamicSkillCategoryUserReportSchema = reportResponseSchema(
  userDynamicSkillCategoryUserRowSchema,
  'The options of the skill the person held on some day of the period, the skill itself first; ' +
    'none when the person is outside the team and role filters.',
);
export type UserDynamicSkillCategoryUserReport = z.infer<typeof userDynamicSkillCategoryUserReportSchema>;

// ——— Vetting ———

export const userVettingRowSchema = z
  .object({
    id: z.number().int().describe('The disclosure type’s id.'),
    label: z.string().describe('The disclosure type’s name.'),
    requested: count('Checks requested on a day of the period.'),
    cleared: count('Checks cleared on a day of the period.'),
    rejected: count('Checks requested in the period that were rejected.'),
    expiring: count('Cleared checks whose last valid day (`expires_on`) falls in the period.'),
    valid_at_end: count(
      'People holding a cleared check of this type that is still valid on the period’s last day.',
    ),
  })
  .describe('One disclosure type.');

export const userVettingReportSchema = reportResponseSchema(
  userVettingRowSchema,
  'One row per disclosure type of the organisation, in list order.',
);
export type UserVettingReport = z.infer<typeof userVettingReportSchema>;

export const userVettingUserRowSchema = z
  .object({
    check_id: z.number().int().describe('The vetting check’s id.'),
    user_id: userId,
    first_name: firstName,
    last_name: lastName,
    disclosure_type_id: z.number().int().describe('The kind of check.'),
    disclosure_type: z.string().describe('The kind of check’s name.'),
    reference_number: z.string().nullable().describe('The certificate or application number.'),
    status: z.enum(VETTING_STATUSES).describe('Where the check stands now.'),
    requested_on: day('The day it was requested.'),
    cleared_on: z.string().nullable().describe('The day it was cleared (YYYY-MM-DD).'),
    expires_on: z
      .string()
      .nullable()
      .describe('The last day a cleared check is valid (YYYY-MM-DD); null for no end.'),
  })
  .describe('One vetting check of the period.');

export const userVettingUsersReportSchema = listReportResponseSchema(
  userVettingUserRowSchema,
  'The checks of the period (requested, cleared or lapsing in it, still awaited during it, or valid ' +
    'on some day of it), by person then request date.',
);
export type UserVettingUsersReport = z.infer<typeof userVettingUsersReportSchema>;

/** Where a person stands with vetting on a day. */
export const VETTING_STANDINGS = ['cleared', 'awaiting', 'expired', 'rejected', 'none'] as const;
export type VettingStanding = (typeof VETTING_STANDINGS)[number];

export const userVettingByUserRowSchema = z
  .object({
    user_id: userId,
    first_name: firstName,
    last_name: lastName,
    standing: z
      .enum(VETTING_STANDINGS)
      .describe(
        'On the period’s last day: cleared (a valid cleared check), else awaiting (a check requested ' +
          'and not yet decided), else expired (a cleared check since lapsed), else rejected, else none.',
      ),
    checks: count('Checks requested by the period’s last day.'),
    valid_until: z
      .string()
      .nullable()
      .describe(
        'When cleared: the last day the longest-lasting valid check holds (YYYY-MM-DD); null for no end or not cleared.',
      ),
  })
  .describe('One current person’s vetting standing.');

export const userVettingByUserReportSchema = listReportResponseSchema(
  userVettingByUserRowSchema,
  'One row per current person (not left or blocked, account made by the period’s last day), by last name, first name and id.',
);
export type UserVettingByUserReport = z.infer<typeof userVettingByUserReportSchema>;

// ——— Touchpoints ———

export const userTouchpointsRowSchema = z
  .object({
    id: z
      .number()
      .int()
      .nullable()
      .describe('The touchpoint type’s id; null for touchpoints without a type.'),
    label: z.string().describe('The type’s name.'),
    count: count('Touchpoints (follow-ups included) that happened on a day of the period.'),
    people: count('Different people they were with.'),
  })
  .describe('One touchpoint type.');

export const userTouchpointsReportSchema = reportResponseSchema(
  userTouchpointsRowSchema,
  'One row per touchpoint type of the organisation in list order, then a row with id null when any touchpoint has no type.',
);
export type UserTouchpointsReport = z.infer<typeof userTouchpointsReportSchema>;
