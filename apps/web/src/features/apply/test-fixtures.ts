import type { FormSection, Opportunity, Organisation } from '@muster/contract';
import { buildTestFormSection } from '@muster/contract/testing';
import type { KeyedApplication } from './api';
import type { BodyContext } from './steps/step-props';
import type { ValidationContext } from './validation';

/** Test data shaped like the API's answers for the quick-help demo opportunity. */

export const opportunityFixture: Opportunity = {
  id: 11,
  slug: 'quick-help',
  type: 'One-off',
  display_name: 'Quick Help at the Community Hub',
  description: null,
  public_url: '/apply/quick-help',
  role_profile: { id: 1, display_name: 'Community Helper', disclaimer: 'Helpers follow the volunteer code of conduct.' },
  team: { id: 2, name: 'Community Hub' },
  default_phone_country_code: 'GB',
  start_date: '2026-01-10',
  end_date: '2026-01-10',
  sub_locations: [],
};

export const organisationFixture: Organisation = {
  id: 1,
  name: 'Demo Volunteers',
  sso_provider: null,
  minor_age: 18,
  currency_symbol: '£',
  date_format: 'DD/MM/Y',
  timezone: 'Europe/London',
  features: [],
  package_features: null,
  tech_features: {},
};

export const sectionsFixture: FormSection[] = [
  buildTestFormSection('basic-details', { id: 1, position: 0, name: 'Your details', minimum_age: 16 }),
  buildTestFormSection('motivation', {
    id: 2,
    position: 1,
    name: 'Your motivation',
    apply_right_to_work: true,
  }),
  buildTestFormSection('about-you', {
    id: 3,
    position: 2,
    name: 'About you',
    attributes: [
      {
        attribute: {
          id: 30,
          slug: 'occupation',
          name: 'Occupation',
          type: 'text',
          compulsory: true,
          message: null,
          options: [],
          position: 0,
          permission: 'write',
          category: { id: 5, name: 'Personal' },
        },
      },
      {
        attribute: {
          id: 31,
          slug: 'membership-number',
          name: 'Membership number',
          type: 'text',
          compulsory: false,
          message: null,
          options: [],
          position: 1,
          permission: 'read-only',
          category: { id: 5, name: 'Personal' },
        },
      },
    ],
    questions: [
      {
        id: 40,
        slug: 'availability-notes',
        name: 'When are you usually available?',
        type: 'text',
        compulsory: true,
        message: 'Please tell us when you are usually available',
        options: [],
        position: 0,
      },
    ],
  }),
  buildTestFormSection('review-apply', {
    id: 4,
    position: 3,
    name: 'Review and apply',
    consents: [
      {
        id: 50,
        statement: 'I agree that Demo Volunteers may store my information.',
        compulsory: true,
        type: 'checkbox',
        options: [{ id: 501, value: 'I agree' }],
      },
    ],
    additional_consents: [{ id: 60, name: 'I am happy to be photographed' }],
    terms: [{ id: 70, name: 'Volunteer agreement', link: 'https://example.org/agreement' }],
  }),
];

/**
 * What the request body depends on besides the answers, for tests: an anonymous applicant with no
 * application key or booking, a minor age of 18, consents shown and no password block.
 */
export function bodyContextFixture(
  sections: readonly FormSection[],
  overrides: Partial<BodyContext> = {},
): BodyContext {
  return {
    sections,
    mode: 'anonymous',
    applicationKey: null,
    minorAge: 18,
    booking: null,
    passwordShown: false,
    consentsShown: true,
    ...overrides,
  };
}

/** The page's validation context over `body`: a new applicant to the fixtures' opportunity at localhost. */
export function validationContextFixture(
  body: BodyContext,
  overrides: Partial<Omit<ValidationContext, 'body'>> = {},
): ValidationContext {
  return {
    body,
    opportunity: opportunityFixture,
    organisation: organisationFixture,
    existingApplicant: false,
    passwordDemanded: false,
    motivationIds: null,
    host: 'localhost',
    ...overrides,
  };
}

/** An application opened by its key as the API answers it: Kim Key's details, nothing else answered. */
export function savedApplicationFixture(overrides: Partial<KeyedApplication> = {}): KeyedApplication {
  return {
    application_id: 1,
    application_key: 'k',
    status: 'pending',
    opportunity_id: 11,
    user_id: 3,
    email: 'kim@example.org',
    title: null,
    first_name: 'Kim',
    last_name: 'Key',
    dob: '2000-01-02',
    contact_number: null,
    contact_number_country_code: null,
    parents_first_name: null,
    parents_last_name: null,
    parents_email: null,
    addresses: [],
    why: null,
    motivation: null,
    special_requirements_bool: null,
    special_requirements: null,
    right_to_volunteer: null,
    references: [],
    documents: [],
    questions: {},
    additional_consent: [],
    timeslot_ids: [],
    ...overrides,
  };
}
