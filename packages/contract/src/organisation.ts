import { z } from 'zod';
import { ianaTimezoneSchema } from './timezones.js';

/** The organisation as the client sees it (platform-foundation §3, applicant-flow §3.4). */
export const organisationSchema = z.object({
  id: z.number().int().describe('Organisation id.'),
  name: z.string().describe('Display name.'),
  sso_provider: z
    .object({ name: z.string().describe('Provider name shown on the sign-in button.') })
    .nullable()
    .describe('Single sign-on provider when users sign in elsewhere; null otherwise. Never carries secrets.'),
  minor_age: z
    .number()
    .int()
    .describe('Applicants younger than this are minors and need a parent or guardian.'),
  currency_symbol: z.string().describe('Currency symbol, default £.'),
  date_format: z.string().describe('Date display format, default DD/MM/Y.'),
  timezone: z.string().describe('Default IANA time zone, default Europe/London.'),
  features: z
    .array(z.string())
    .nullable()
    .describe('Legacy feature list: every feature allowed with amount -1. Null in package mode.'),
  package_features: z
    .record(z.string(), z.number())
    .nullable()
    .describe('Package mode: feature name to amount; a missing feature has amount 0.'),
  tech_features: z.record(z.string(), z.boolean()).describe('Technical flags; unlisted flags are false.'),
});
export type Organisation = z.infer<typeof organisationSchema>;

export const organisationResponseSchema = z.object({ data: organisationSchema });
export type OrganisationResponse = z.infer<typeof organisationResponseSchema>;

/** Date display formats an organisation may choose (tokens `DD`, `MM`, `Y` as the web reads them). */
export const DATE_FORMATS = ['DD/MM/Y', 'MM/DD/Y', 'Y-MM-DD', 'Y/MM/DD', 'DD.MM.Y', 'DD-MM-Y'] as const;

/** `…/{organisationId}` of the organisation root calls: the organisation served at the host. */
export const organisationItemParamsSchema = z.object({
  id: z.string().max(20).describe('The organisation’s id; any other organisation’s is 404.'),
});

/**
 * `PUT /api/organisation/detailed/{organisationId}`: an administrator's change of the
 * organisation's details. Omitted fields keep their value. Features, packages and single sign-on
 * are the platform operator's, not the organisation's, and are not changed here.
 */
export const organisationUpdateBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter a name')
    .max(200, 'The name may be at most 200 characters')
    .optional()
    .describe('Display name.'),
  minor_age: z
    .number()
    .int('Please enter a whole number of years')
    .min(0, 'The age must be between 0 and 25')
    .max(25, 'The age must be between 0 and 25')
    .optional()
    .describe('Applicants younger than this are minors and need a parent or guardian.'),
  currency_symbol: z
    .string()
    .trim()
    .min(1, 'Please enter a currency symbol')
    .max(5, 'The currency symbol may be at most 5 characters')
    .optional()
    .describe('Currency symbol, e.g. £.'),
  date_format: z.enum(DATE_FORMATS).optional().describe('Date display format.'),
  timezone: ianaTimezoneSchema.optional(),
});
export type OrganisationUpdateBody = z.infer<typeof organisationUpdateBodySchema>;
