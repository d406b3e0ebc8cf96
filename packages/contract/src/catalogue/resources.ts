import { z } from 'zod';
import { requiredText } from '../resources/fields.js';

/**
 * Row and write schemas of the resources the generic CRUD module serves (platform-foundation §3
 * lists them by name only; the fields are the ones the product stores). Wire names are snake_case.
 * Write schemas carry no defaults: a store leaves an omitted optional field to the database
 * default, and an update (the same schema, every field optional) leaves it unchanged.
 */

const id = z.number().int().positive().describe('Identifier.');
const position = z.number().int().describe('Sort order within the list, smallest first.');
const writePosition = z
  .number({ error: 'The position must be a whole number.' })
  .int({ error: 'The position must be a whole number.' })
  .min(0, { error: 'The position must be 0 or more.' })
  .max(1_000_000, { error: 'The position may be at most 1000000.' })
  .describe('Sort order within the list, smallest first (default 0).');

// Terms (§3 "Terms: name and link").
export const organisationTermSchema = z
  .object({
    id,
    name: z.string().describe('What the applicant agrees to, e.g. "Volunteer agreement".'),
    link: z.string().describe('Where the full text is published.'),
    position,
  })
  .describe('Term');
export type OrganisationTerm = z.infer<typeof organisationTermSchema>;

export const organisationTermBodySchema = z.object({
  name: requiredText('a name', 255).describe('What the applicant agrees to.'),
  link: z
    .string({ error: 'Please enter a link.' })
    .trim()
    .max(2048, { error: 'The link may be at most 2048 characters.' })
    .pipe(z.url({ protocol: /^https?$/, error: 'Please enter a link starting with http:// or https://.' }))
    .describe('Where the full text is published: an http(s) address.'),
  position: writePosition.optional(),
});
export type OrganisationTermBody = z.infer<typeof organisationTermBodySchema>;

// Motivations (applicant-flow §2.3: reasons for volunteering).
export const organisationMotivationSchema = z
  .object({
    id,
    content: z.string().describe('The reason as offered, e.g. "To give something back".'),
    public: z.boolean().describe('Offered on the application form.'),
    position,
  })
  .describe('Motivation');
export type OrganisationMotivation = z.infer<typeof organisationMotivationSchema>;

export const organisationMotivationBodySchema = z.object({
  content: requiredText('the motivation', 255).describe('The reason as offered.'),
  public: z
    .boolean({ error: 'Public must be true or false.' })
    .optional()
    .describe('Offered on the application form (default true).'),
  position: writePosition.optional(),
});
export type OrganisationMotivationBody = z.infer<typeof organisationMotivationBodySchema>;

// Countries (applicant-flow §3.7: region, name, dial code). Global reference data, read-only.
export const organisationCountrySchema = z
  .object({
    region: z.string().describe('Two-letter region code, e.g. `GB`.'),
    name: z.string().describe('Country or territory name.'),
    country_code: z.string().describe('Dial code without the plus, e.g. `44`.'),
  })
  .describe('Country');
export type OrganisationCountry = z.infer<typeof organisationCountrySchema>;

// Teams.
export const organisationTeamSchema = z
  .object({
    id,
    name: z.string().describe('Team name.'),
    parent_id: z
      .number()
      .int()
      .nullable()
      .describe('The team this one sits under; null for a top-level team.'),
  })
  .describe('Team');
export type OrganisationTeam = z.infer<typeof organisationTeamSchema>;

export const organisationTeamBodySchema = z.object({
  name: requiredText('a team name', 255).describe('Team name.'),
  parent_id: z
    .number({ error: 'The parent team must be a team id.' })
    .int({ error: 'The parent team must be a team id.' })
    .positive({ error: 'The parent team must be a team id.' })
    .nullable()
    .optional()
    .describe('The team this one sits under (a team of the same organisation); null for top level.'),
});
export type OrganisationTeamBody = z.infer<typeof organisationTeamBodySchema>;

// Role profiles.
export const organisationRoleProfileSchema = z
  .object({
    id,
    display_name: z.string().describe('Role name as shown.'),
    disclaimer: z.string().nullable().describe('Text shown to someone taking the role; null for none.'),
    enforce_two_factor: z.boolean().describe('Holding this role forces two-factor sign-in on.'),
  })
  .describe('Role profile');
export type OrganisationRoleProfile = z.infer<typeof organisationRoleProfileSchema>;

export const organisationRoleProfileBodySchema = z.object({
  display_name: requiredText('a role name', 255).describe('Role name as shown.'),
  disclaimer: z
    .string({ error: 'The disclaimer must be text.' })
    .max(10_000, { error: 'The disclaimer may be at most 10000 characters.' })
    .nullable()
    .optional()
    .describe('Text shown to someone taking the role; null for none.'),
  enforce_two_factor: z
    .boolean({ error: 'Enforce two-factor must be true or false.' })
    .optional()
    .describe('Holding this role forces two-factor sign-in on (default false).'),
});
export type OrganisationRoleProfileBody = z.infer<typeof organisationRoleProfileBodySchema>;

// Consent questions (§3 "Consent question"; options are managed elsewhere).
export const CONSENT_TYPES = ['radio', 'checkbox', 'multiple-checkboxes'] as const;

export const organisationConsentSchema = z
  .object({
    id,
    statement: z.string().describe('Text shown to the user.'),
    compulsory: z.boolean().describe('An answer is required.'),
    type: z.enum(CONSENT_TYPES).describe('radio, checkbox or multiple-checkboxes.'),
    position,
  })
  .describe('Consent question');
export type OrganisationConsent = z.infer<typeof organisationConsentSchema>;

export const organisationConsentBodySchema = z.object({
  statement: requiredText('a statement', 5000).describe('Text shown to the user.'),
  compulsory: z
    .boolean({ error: 'Compulsory must be true or false.' })
    .optional()
    .describe('An answer is required (default false).'),
  type: z
    .enum(CONSENT_TYPES, { error: 'The type must be radio, checkbox or multiple-checkboxes.' })
    .describe('radio, checkbox or multiple-checkboxes.'),
  position: writePosition.optional(),
});
export type OrganisationConsentBody = z.infer<typeof organisationConsentBodySchema>;

// Residential cancel reasons (platform-foundation §7 "Residential"): why a volunteer cancels a stay.
export const organisationResidentialCancelReasonSchema = z
  .object({
    id,
    name: z.string().describe('The reason as offered, e.g. "My plans have changed".'),
    position,
    active: z.boolean().describe('Offered when cancelling; an inactive reason stays on past cancellations.'),
  })
  .describe('Residential cancel reason');
export type OrganisationResidentialCancelReason = z.infer<typeof organisationResidentialCancelReasonSchema>;

export const organisationResidentialCancelReasonBodySchema = z.object({
  name: requiredText('a reason', 255).describe('The reason as offered.'),
  position: writePosition.optional(),
  active: z
    .boolean({ error: 'Active must be true or false.' })
    .optional()
    .describe('Offered when cancelling (default true).'),
});
export type OrganisationResidentialCancelReasonBody = z.infer<
  typeof organisationResidentialCancelReasonBodySchema
>;
