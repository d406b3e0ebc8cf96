import { z } from 'zod';

export const safeguardingMessages = {
  notFound: 'The safeguarding settings were not found.',
} as const;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be text, or null for none.` })
    .trim()
    .max(max, { error: `The ${label} may be at most ${max} characters.` })
    .transform((value) => (value === '' ? null : value))
    .nullable();

const optionalEmail = (label: string) =>
  z
    .email({ error: `Please enter a valid email address for the ${label}.` })
    .max(254, { error: `The ${label}’s email address may be at most 254 characters.` })
    .nullable();

/** The settings and their defaults (every field empty until the organisation fills it in). */
export const SAFEGUARDING_DEFAULTS = {
  lead_name: null,
  lead_email: null,
  lead_phone: null,
  deputy_name: null,
  deputy_email: null,
  policy_url: null,
  policy_review_date: null,
  concern_instructions: null,
} as const;

export const safeguardingUpdateBodySchema = z
  .object({
    lead_name: optionalText('safeguarding lead’s name', 200)
      .optional()
      .describe('The designated safeguarding lead.'),
    lead_email: optionalEmail('safeguarding lead').optional().describe('How to reach the lead by email.'),
    lead_phone: optionalText('safeguarding lead’s phone number', 40)
      .optional()
      .describe('How to reach the lead by phone.'),
    deputy_name: optionalText('deputy’s name', 200).optional().describe('Who stands in for the lead.'),
    deputy_email: optionalEmail('deputy').optional().describe('How to reach the deputy by email.'),
    policy_url: z
      .string({ error: 'The policy link must be text, or null for none.' })
      .trim()
      .max(2048, { error: 'The policy link may be at most 2048 characters.' })
      .pipe(z.url({ protocol: /^https?$/, error: 'Please enter a link starting with http:// or https://.' }))
      .nullable()
      .optional()
      .describe('Where the safeguarding policy is published: an http(s) address.'),
    policy_review_date: z.iso
      .date({ error: 'The review date must be a date (YYYY-MM-DD).' })
      .nullable()
      .optional()
      .describe('When the policy is next reviewed (YYYY-MM-DD).'),
    concern_instructions: optionalText('instructions', 5000)
      .optional()
      .describe('What volunteers should do when they are worried about someone.'),
  })
  .strict()
  .describe('The settings to change; omitted fields keep their value, null clears one.');

export type SafeguardingUpdateBody = z.infer<typeof safeguardingUpdateBodySchema>;

export const safeguardingSchema = z
  .object({
    id: z
      .number()
      .int()
      .nullable()
      .describe('The settings document; null until the settings are first saved.'),
    lead_name: z.string().nullable().describe('The designated safeguarding lead.'),
    lead_email: z.string().nullable().describe('The lead’s email address.'),
    lead_phone: z.string().nullable().describe('The lead’s phone number.'),
    deputy_name: z.string().nullable().describe('Who stands in for the lead.'),
    deputy_email: z.string().nullable().describe('The deputy’s email address.'),
    policy_url: z.string().nullable().describe('Where the policy is published.'),
    policy_review_date: z.string().nullable().describe('When the policy is next reviewed.'),
    concern_instructions: z.string().nullable().describe('What volunteers should do when worried.'),
    updated_at: z.string().nullable().describe('When the settings last changed; null for the defaults.'),
  })
  .describe('The organisation’s safeguarding settings.');

export type Safeguarding = z.infer<typeof safeguardingSchema>;

export const safeguardingResponseSchema = z.object({ data: safeguardingSchema });
