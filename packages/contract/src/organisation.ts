import { z } from 'zod';

/** The organisation as the client sees it (platform-foundation §3, applicant-flow §3.4). */
export const organisationSchema = z.object({
  id: z.number().int().describe('Organisation id.'),
  name: z.string().describe('Display name.'),
  sso_provider: z
    .object({ name: z.string().describe('Provider name shown on the sign-in button.') })
    .nullable()
    .describe('Single sign-on provider when users sign in elsewhere; null otherwise. Never carries secrets.'),
  minor_age: z.number().int().describe('Applicants younger than this are minors and need a parent or guardian.'),
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
