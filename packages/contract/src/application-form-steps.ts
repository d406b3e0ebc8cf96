import { z } from 'zod';
import { dataEnvelope } from './api.js';
import { MAX_ROW_ID } from './ids.js';
import { formSectionSchema, opportunityParamsSchema } from './opportunity.js';

/** The step types an application form may hold, each at most once, in the order a full form shows them. */
export const FORM_STEP_TYPES = formSectionSchema.shape.type.options;
export type FormStepType = (typeof FORM_STEP_TYPES)[number];

/** How a diversity step asks: the fixed option lists, or the organisation's own questions. */
export const DIVERSITY_MODES = ['fixed', 'v2'] as const;

/** Most items of one kind (questions, terms, …) a step may hold. */
export const MAX_STEP_ITEMS = 100;

/** What the application form's step calls answer with, besides the usual sentences. */
export const formStepMessages = {
  duplicateType: 'The form already has a step of this type.',
  unknownItem: 'This is not one of the organisation’s records.',
  duplicateItem: 'Each item may be listed once.',
} as const;

const rowId = z.number().int().min(1).max(MAX_ROW_ID);

function itemIds(what: string) {
  return z
    .array(rowId)
    .max(MAX_STEP_ITEMS, `A step may hold at most ${MAX_STEP_ITEMS} items of a kind`)
    .refine((ids) => new Set(ids).size === ids.length, formStepMessages.duplicateItem)
    .describe(`Ids of the organisation’s ${what} the step asks, in order; replaces the step’s list.`);
}

const count = (max: number) => z.number().int().min(0).max(max).nullable();

/**
 * `POST /api/opportunities/{opportunityId}/application-form/`: a new step of the form. Settings a
 * step type does not read are stored and ignored (as the form's own table keeps them).
 */
export const formStepBodySchema = z.object({
  type: z.enum(FORM_STEP_TYPES).describe('What the step asks; a form holds each type at most once.'),
  name: z
    .string()
    .trim()
    .min(1, 'Please enter a name')
    .max(200, 'The name may be at most 200 characters')
    .optional()
    .describe('Step name (tab title and heading); defaults to the type’s usual name.'),
  position: z
    .number()
    .int()
    .min(0)
    .max(1000)
    .optional()
    .describe('Where the step goes, from 0; later steps move down. Default: last.'),
  requested_references: count(10).optional().describe('References step: how many referees are asked for.'),
  reference_length: count(100)
    .optional()
    .describe('References step: years a referee should have known the applicant.'),
  min_address_history: count(1200).optional().describe('Address step: months of address history required.'),
  minimum_age: count(150).optional().describe('Basic details: younger applicants are warned, not stopped.'),
  apply_right_to_work: z
    .boolean()
    .optional()
    .describe('Motivation step: asks the right-to-volunteer question.'),
  phone_number_compulsory: z.boolean().optional().describe('Basic details: the phone number is required.'),
  diversity_compulsory: z.boolean().optional().describe('Diversity step: the answers are required.'),
  diversity_mode: z
    .enum(DIVERSITY_MODES)
    .optional()
    .describe('Diversity step: `fixed` option lists or `v2` questions.'),
  require_password: z.boolean().optional().describe('Review step: new applicants choose a password.'),
  question_ids: itemIds('custom questions').optional(),
  attribute_ids: itemIds('attributes (profile fields)').optional(),
  document_type_ids: itemIds('document types').optional(),
  consent_ids: itemIds('consent questions').optional(),
  term_ids: itemIds('terms').optional(),
  additional_consents: z
    .array(z.string().trim().min(1, 'Please enter the statement').max(1000, 'At most 1000 characters'))
    .max(MAX_STEP_ITEMS, `A step may hold at most ${MAX_STEP_ITEMS} statements`)
    .optional()
    .describe('The step’s own yes/no statements, in order; replaces the step’s list.'),
});
export type FormStepBody = z.infer<typeof formStepBodySchema>;

/** `PUT …/application-form/{id}`: the fields to change; omitted ones keep their value, lists are replaced whole. */
export const formStepUpdateBodySchema = formStepBodySchema.partial();
export type FormStepUpdateBody = z.infer<typeof formStepUpdateBodySchema>;

/** One step as the form's calls answer it: the public form's shape. */
export const formStepResponseSchema = dataEnvelope(formSectionSchema).describe('Application form step');
export type FormStepResponse = z.infer<typeof formStepResponseSchema>;

/** `…/application-form/{id}` path parameters: the opportunity (id or slug) and the step's id. */
export const formStepParamsSchema = opportunityParamsSchema.extend({
  id: z.string().max(20).describe('The step’s id; anything that names no step is 404.'),
});
