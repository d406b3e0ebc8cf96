import type { FormSection } from './opportunity.js';

let nextSectionId = 1;

/**
 * A form section for tests: every requirement off and every list empty, named after its type,
 * with a fresh id; `overrides` set what a test is about. Only tests use it.
 */
export function buildTestFormSection(
  type: FormSection['type'],
  overrides: Partial<FormSection> = {},
): FormSection {
  return {
    id: nextSectionId++,
    position: 0,
    name: type,
    type,
    requested_references: null,
    reference_length: null,
    min_address_history: null,
    minimum_age: null,
    apply_right_to_work: false,
    phone_number_compulsory: false,
    diversity_compulsory: false,
    require_password: false,
    questions: [],
    attributes: [],
    documents: [],
    consents: [],
    additional_consents: [],
    terms: [],
    diversity: null,
    ...overrides,
  };
}
