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

type DiversitySettings = NonNullable<FormSection['diversity']>;
type DiversityV2Question = Extract<DiversitySettings, { mode: 'v2' }>['questions'][number];

/**
 * V2 diversity questions for tests (applicant-flow §3.5), a chain of dependants and one with
 * five options: `disabled` 'Do you have a disability?' (1: Yes 10, No 11; compulsory) →
 * `which` 'Which of these apply?' (2: Sight 20, Other 21 with text; multiple; after Yes) →
 * `since` 'Since when?' (3: Birth 30, Later 31; after Sight); `ageGroup` 'What is your age group?'
 * (4: options 40 to 44; compulsory).
 */
export const testDiversityQuestions = {
  disabled: {
    id: 1,
    question_text: 'Do you have a disability?',
    is_multiple_select: false,
    compulsory: true,
    options: [
      { id: 10, option_text: 'Yes', is_other: false },
      { id: 11, option_text: 'No', is_other: false },
    ],
    depends_on: [],
  },
  which: {
    id: 2,
    question_text: 'Which of these apply?',
    is_multiple_select: true,
    compulsory: false,
    options: [
      { id: 20, option_text: 'Sight', is_other: false },
      { id: 21, option_text: 'Other', is_other: true },
    ],
    depends_on: [{ question_id: 1, option_id: 10 }],
  },
  since: {
    id: 3,
    question_text: 'Since when?',
    is_multiple_select: false,
    compulsory: false,
    options: [
      { id: 30, option_text: 'Birth', is_other: false },
      { id: 31, option_text: 'Later', is_other: false },
    ],
    depends_on: [{ question_id: 2, option_id: 20 }],
  },
  ageGroup: {
    id: 4,
    question_text: 'What is your age group?',
    is_multiple_select: false,
    compulsory: true,
    options: ['Under 18', '18 to 24', '25 to 34', '35 to 49', 'Over 50'].map((text, index) => ({
      id: 40 + index,
      option_text: text,
      is_other: false,
    })),
    depends_on: [],
  },
} satisfies Record<string, DiversityV2Question>;

/** A diversity step's v2 settings asking `questions` (all four test questions unless given). */
export function testDiversityV2(
  questions: DiversityV2Question[] = Object.values(testDiversityQuestions),
): Extract<DiversitySettings, { mode: 'v2' }> {
  return { mode: 'v2', questions };
}

/**
 * A diversity step's fixed settings for tests, with the reference data's ids (applicant-flow §3.3):
 * gender, nationality (Other 68 with text), registered disabled (Yes 37 asks the disability type)
 * and the disability type (Other 50 with text).
 */
export const testDiversityFixed = {
  mode: 'fixed',
  options: {
    gender: [
      { id: 1, label: 'Prefer not to say', is_other: false },
      { id: 2, label: 'Man', is_other: false },
      { id: 3, label: 'Woman', is_other: false },
      { id: 98, label: 'Non-binary', is_other: false },
      { id: 4, label: 'Other', is_other: false },
    ],
    nationality: [
      { id: 63, label: 'British', is_other: false },
      { id: 68, label: 'Other', is_other: true },
    ],
    registered_disabled: [
      { id: 36, label: 'Prefer not to say', is_other: false },
      { id: 37, label: 'Yes', is_other: true },
      { id: 38, label: 'No', is_other: false },
      { id: 39, label: "Don't know", is_other: false },
    ],
    disabled_select: [
      { id: 41, label: 'Physical impairment', is_other: false },
      { id: 50, label: 'Other', is_other: true },
    ],
  },
} satisfies DiversitySettings;
