import { z } from 'zod';
import { organisationRoleProfileBodySchema, organisationRoleProfileSchema } from '../catalogue/resources.js';

/** Most role profiles one bulk update changes. */
export const MAX_BULK_ROLE_PROFILE_IDS = 100;

/** An account code as finance systems write them: letters, digits and `.`, `-`, `_`, `/`. */
const ACCOUNT_CODE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;

export const roleProfilesBulkUpdateMessages = {
  notFound: 'There is no role profile with this id in the organisation.',
  nothingToChange: 'Please choose at least one field to change.',
} as const;

export const accountCodeSchema = z
  .string({ error: 'The account code must be text, or null for none.' })
  .trim()
  .regex(ACCOUNT_CODE, {
    error:
      'An account code is 1 to 64 letters, digits, dots, dashes, underscores or slashes, starting with a letter or digit.',
  });

export const roleProfilesBulkUpdateQuerySchema = z.object({
  ids: z
    .string({ error: 'List the role profiles to change, e.g. ids=1,2.' })
    .max(MAX_BULK_ROLE_PROFILE_IDS * 11, {
      error: `List at most ${MAX_BULK_ROLE_PROFILE_IDS} role profiles.`,
    })
    .describe(`Comma-separated ids of the role profiles to change (1 to ${MAX_BULK_ROLE_PROFILE_IDS}).`),
});

export const roleProfilesBulkUpdateBodySchema = organisationRoleProfileBodySchema
  .pick({ disclaimer: true, enforce_two_factor: true })
  .extend({
    account_code: accountCodeSchema
      .nullable()
      .optional()
      .describe('The finance account code the roles are costed to; null to clear it.'),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: roleProfilesBulkUpdateMessages.nothingToChange,
  })
  .describe('The fields to set on every listed role profile; omitted fields keep their value.');

export type RoleProfilesBulkUpdateBody = z.infer<typeof roleProfilesBulkUpdateBodySchema>;

export const bulkUpdatedRoleProfileSchema = organisationRoleProfileSchema
  .extend({
    account_code: z.string().nullable().describe('The finance account code; null for none.'),
  })
  .describe('A role profile as changed.');

export const roleProfilesBulkUpdateResponseSchema = z.object({
  data: z
    .object({
      updated: z.number().int().describe('How many role profiles were changed.'),
      role_profiles: z
        .array(bulkUpdatedRoleProfileSchema)
        .describe('The listed role profiles as stored now, by id.'),
    })
    .describe('What the bulk update did.'),
});
