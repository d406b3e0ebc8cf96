import { z } from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** An opportunity id in a path: the numeric id or the slug. */
export const opportunityParamsSchema = z.object({
  opportunityId: z
    .string()
    .min(1)
    .max(120)
    .regex(/^[A-Za-z0-9-]+$/, 'An opportunity is named by its number or its slug.')
    .describe('Numeric id or slug of the opportunity, e.g. `beach-clean`.'),
});
export type OpportunityParams = z.infer<typeof opportunityParamsSchema>;

export const timeslotSchema = z.object({
  id: z.number().int(),
  start: z.string().nullable().describe('ISO start time, when the slot has one.'),
  end: z.string().nullable().describe('ISO end time, when the slot has one.'),
  min_duration: z.number().int().nullable().describe('Shortest stay in nights (residential); 7 when null.'),
  max_duration: z.number().int().nullable().describe('Longest stay in nights (residential); 14 when null.'),
});

/** The opportunity (applicant-flow §3.4). */
export const opportunitySchema = z.object({
  id: z.number().int(),
  slug: z.string().describe('URL name, unique within the organisation.'),
  type: z.string().describe('`One-off`, `Residential-short` or another type.'),
  display_name: z.string(),
  description: z.string().nullable(),
  public_url: z.string().nullable().describe('Public page of the opportunity.'),
  role_profile: z.object({
    id: z.number().int(),
    display_name: z.string(),
    disclaimer: z.string().nullable().describe('Shown on the review step.'),
  }),
  team: z.object({ id: z.number().int(), name: z.string() }),
  default_phone_country_code: z.string().describe('Region the telephone inputs start with.'),
  start_date: isoDate.nullable(),
  end_date: isoDate.nullable(),
  sub_locations: z.array(
    z.object({ id: z.number().int(), name: z.string(), timeslots: z.array(timeslotSchema) }),
  ),
});
export type Opportunity = z.infer<typeof opportunitySchema>;
export const opportunityResponseSchema = z.object({ data: opportunitySchema });

export const customFieldOptionSchema = z.object({
  value: z.string(),
  display: z.string(),
  position: z.number().int(),
  default_selected: z.boolean(),
});

/** A question or attribute as a form field (applicant-flow §3.8). */
const formFieldSchema = z.object({
  id: z.number().int(),
  slug: z.string().describe('Answers are keyed by this slug.'),
  name: z.string(),
  type: z.string().describe('One of the 18 custom field types; an unknown type renders as plain text.'),
  compulsory: z.boolean(),
  message: z.string().nullable().describe('Custom validation message; wins over the default.'),
  options: z.array(customFieldOptionSchema),
});

export const formQuestionSchema = formFieldSchema.extend({ position: z.number().int() });

export const formAttributeSchema = z.object({
  attribute: formFieldSchema.extend({
    position: z.number().int(),
    permission: z.enum(['write', 'read-only']),
    category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  }),
});

export const consentQuestionSchema = z.object({
  id: z.number().int(),
  statement: z.string(),
  compulsory: z.boolean(),
  type: z.enum(['radio', 'checkbox', 'multiple-checkboxes']),
  options: z.array(z.object({ id: z.number().int(), value: z.string() })),
});
export type ConsentQuestion = z.infer<typeof consentQuestionSchema>;

export const diversityV2QuestionSchema = z.object({
  id: z.number().int(),
  question_text: z.string(),
  is_multiple_select: z.boolean(),
  compulsory: z.boolean(),
  options: z.array(z.object({ id: z.number().int(), option_text: z.string(), is_other: z.boolean() })),
  depends_on: z
    .array(z.object({ question_id: z.number().int(), option_id: z.number().int() }))
    .describe('Shown only when one of these parent answers is chosen; empty means always shown.'),
});

export const diversityFixedOptionSchema = z.object({ id: z.number().int(), label: z.string(), is_other: z.boolean() });

/** One step of the application form, as the database holds it (applicant-flow §3.4). */
export const formSectionSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  name: z.string().describe('Step name, used as the tab title and heading.'),
  type: z.enum([
    'basic-details',
    'motivation',
    'address-details',
    'about-you',
    'supporting-documents',
    'references',
    'residential',
    'diversity',
    'review-apply',
  ]),
  requested_references: z.number().int().nullable(),
  reference_length: z.number().int().nullable(),
  min_address_history: z.number().int().nullable().describe('Months of address history required.'),
  minimum_age: z.number().int().nullable().describe('Younger applicants are warned, not stopped.'),
  apply_right_to_work: z.boolean(),
  phone_number_compulsory: z.boolean(),
  diversity_compulsory: z.boolean(),
  require_password: z.boolean(),
  questions: z.array(formQuestionSchema),
  attributes: z.array(formAttributeSchema),
  documents: z.array(z.object({ id: z.number().int(), name: z.string() })),
  consents: z.array(consentQuestionSchema),
  additional_consents: z.array(z.object({ id: z.number().int(), name: z.string() })),
  terms: z.array(z.object({ id: z.number().int(), name: z.string(), link: z.string() })),
  diversity: z
    .discriminatedUnion('mode', [
      z.object({ mode: z.literal('v2'), questions: z.array(diversityV2QuestionSchema) }),
      z.object({ mode: z.literal('fixed'), options: z.record(z.string(), z.array(diversityFixedOptionSchema)) }),
    ])
    .nullable()
    .describe('Diversity step only: server-supplied questions, or the fixed option lists by field.'),
});
export type FormSection = z.infer<typeof formSectionSchema>;

export const applicationFormResponseSchema = z.object({ data: z.array(formSectionSchema) });
export type ApplicationFormResponse = z.infer<typeof applicationFormResponseSchema>;

/** `POST /opportunities/log-apply-action`: someone arrived at the form from an "apply" link. */
export const logApplyActionBodySchema = z.object({
  slug: z.string().trim().min(1, 'The slug field is required.').max(120).describe('Slug of the opportunity.'),
});
export type LogApplyActionBody = z.infer<typeof logApplyActionBodySchema>;
