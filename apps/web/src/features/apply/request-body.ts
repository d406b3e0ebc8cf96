import type { FormSection } from '@muster/contract';
import { answerIds } from '../../components/ui/consent-question/consent-answer';
import { isMinor } from './age';
import type { ApplicationFormValues } from './form-values';
import { attributeSlugs, questionSlugs } from './steps';

/** Who is applying: nobody signed in, the signed-in user, or a supervisor for someone else. */
export type ApplicantMode = 'anonymous' | 'self' | 'supervisor';

/** Residential dates carried in from the opportunity page (`start_date`, `end_date`, `willing_to_share`). */
export type BookingParams = { start_date: string | null; end_date: string | null; willing_to_share: boolean };

export type BodyContext = {
  sections: readonly FormSection[];
  mode: ApplicantMode;
  applicationKey: string | null;
  minorAge: number | null;
  booking: BookingParams | null;
  /** The 'Set your password' block is shown (anonymous new applicant, or require_password). */
  passwordShown: boolean;
  /** Consents and terms are shown (hidden for a supervisor's applicant who has an email address). */
  consentsShown: boolean;
};

/** The review step asks for consents and terms unless a supervisor applies for someone with an email address. */
export function consentsShownFor(mode: ApplicantMode, values: Pick<ApplicationFormValues, 'has_email'>): boolean {
  return !(mode === 'supervisor' && values.has_email === 'yes');
}

/** Whether the applicant gives an email address: always, except a supervisor's applicant without one. */
export function hasEmailAddress(mode: ApplicantMode, values: Pick<ApplicationFormValues, 'has_email'>): boolean {
  return !(mode === 'supervisor' && values.has_email === 'no');
}

function pick(source: Record<string, unknown>, slugs: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const slug of slugs) {
    if (source[slug] !== undefined) {
      picked[slug] = source[slug];
    }
  }
  return picked;
}

function sectionBody(section: FormSection, values: ApplicationFormValues, context: BodyContext): Record<string, unknown> {
  switch (section.type) {
    case 'basic-details': {
      const body: Record<string, unknown> = {
        title: values.title,
        first_name: values.first_name,
        last_name: values.last_name,
        contact_number: values.contact_number,
        contact_number_formatted: values.contact_number_formatted,
        contact_number_country_code: values.contact_number_country_code,
        dob: values.dob,
      };
      if (hasEmailAddress(context.mode, values)) {
        body.email = values.email;
        body.email_confirm = values.email_confirm;
      }
      if (context.mode === 'supervisor') {
        body.supervisor_mode = true;
        body.has_email = values.has_email;
      }
      if (isMinor(values.dob, context.minorAge)) {
        body.parents_first_name = values.parents_first_name;
        body.parents_last_name = values.parents_last_name;
        body.parents_email = values.parents_email;
      }
      return body;
    }
    case 'motivation': {
      const body: Record<string, unknown> = {
        motivation: values.motivation === '' ? undefined : values.motivation,
        special_requirements_bool: values.special_requirements_bool,
      };
      if (context.applicationKey === null) {
        body.why = values.why;
      }
      if (values.special_requirements_bool === 'yes') {
        body.special_requirements = values.special_requirements;
      }
      if (section.apply_right_to_work) {
        body.right_to_volunteer = values.right_to_volunteer;
      }
      return body;
    }
    case 'residential':
      return context.booking ? { booking: context.booking } : {};
    case 'review-apply': {
      const body: Record<string, unknown> = {};
      if (context.consentsShown) {
        // The server reads consents, additional consents and terms of every step, in step order.
        const all = context.sections;
        body.consents = all.flatMap((each) => each.consents).flatMap((consent) => answerIds(values.consents[String(consent.id)]));
        body.additional_consent = all.flatMap((each) => each.additional_consents).map((_, index) => values.additional_consent[index] === true);
        body.terms = all.flatMap((each) => each.terms).map((_, index) => values.terms[index] === true);
      }
      if (context.passwordShown) {
        body.new_password = values.new_password;
        body.new_password_confirm = values.new_password_confirm;
      }
      return body;
    }
    default:
      return {};
  }
}

/**
 * The request body of the apply call (applicant-flow §3.1) for the steps up to `lastStep`
 * (all steps by default): the dry run of a step sends only the fields so far. Read-only
 * attributes are not sent; questions and attributes are keyed by slug.
 */
export function buildApplicationBody(
  values: ApplicationFormValues,
  context: BodyContext,
  lastStep: number = context.sections.length - 1,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const questions: Record<string, unknown> = {};
  const attributes: Record<string, unknown> = {};
  context.sections.forEach((section, index) => {
    if (index > lastStep) {
      return;
    }
    Object.assign(body, sectionBody(section, values, context));
    Object.assign(questions, pick(values.questions, questionSlugs(section)));
    const writable = section.attributes.filter((entry) => entry.attribute.permission === 'write').map((entry) => entry.attribute.slug);
    Object.assign(attributes, pick(values.attributes, writable.filter((slug) => attributeSlugs(section).includes(slug))));
  });
  if (Object.keys(questions).length > 0) {
    body.questions = questions;
  }
  if (Object.keys(attributes).length > 0) {
    body.attributes = attributes;
  }
  if (context.applicationKey !== null) {
    body.application_key = context.applicationKey;
  }
  return body;
}
