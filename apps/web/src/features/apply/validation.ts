import {
  buildApplicationBodySchema,
  isPasswordRequired,
  residentialBookingSummarySchema,
  type ApplicationSchemaOptions,
  type FormSection,
  type Opportunity,
  type Organisation,
  type ResidentialBookingSummary,
  todayIn,
} from '@muster/contract';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { formFieldOfErrorPath } from './form-errors';
import type { ApplicationFormValues } from './form-values';
import { buildApplicationBody, type BodyContext } from './request-body';
import { diversitySkipped } from './steps/diversity/body';
import { stepIndexOfField } from './steps';

/** What the page knows when it judges the form the way the server will. */
export type ValidationContext = {
  body: BodyContext;
  opportunity: Pick<Opportunity, 'default_phone_country_code'>;
  organisation: Pick<Organisation, 'minor_age' | 'timezone' | 'sso_provider'>;
  /** The applicant is known (signed in, or the application key matched): details are locked. */
  existingApplicant: boolean;
  /** The server asked for a new password on an earlier answer (an account without one). */
  passwordDemanded: boolean;
  motivationIds: readonly number[] | null;
  host: string;
};

/** The options of `buildApplicationBodySchema` for this page (applicant-flow §2.2, §2.10). */
export function schemaOptions(values: ApplicationFormValues, context: ValidationContext): ApplicationSchemaOptions {
  const { body } = context;
  const supervisor = body.mode === 'supervisor';
  const applicant = context.existingApplicant ? 'existing' : 'new';
  return {
    applicant,
    supervisor: supervisor ? { hasEmail: values.has_email === 'yes' } : null,
    hasApplicationKey: body.applicationKey !== null,
    requirePassword:
      context.passwordDemanded ||
      isPasswordRequired({
        applicant,
        supervisor,
        singleSignOn: context.organisation.sso_provider !== null,
        requirePasswordSetting: body.sections.some((section) => section.require_password),
        // The profile does not say; the server asks (422 at new_password) when it is missing.
        hasPassword: true,
      }),
    minorAge: context.organisation.minor_age,
    today: todayIn(context.organisation.timezone),
    host: context.host,
    defaultPhoneRegion: context.opportunity.default_phone_country_code || 'GB',
    knownDob: context.existingApplicant && values.dob !== '' ? values.dob : null,
    motivationIds: context.motivationIds,
    timeslotIds: null,
    // The page skips the step for a signed-in applicant who has answered before (has-answers).
    diversityAnswered: diversitySkipped(values, body),
    suppliedDocumentIds: values.documents.map((document) => document.documentId),
  };
}

/**
 * Judges the whole form with the contract's `buildApplicationBodySchema` (the schema the server
 * validates a submit with) and answers the first message per form field, for the steps up to
 * `lastStep` only.
 */
export function validateApplication(
  values: ApplicationFormValues,
  context: ValidationContext,
  lastStep: number,
): Map<string, string> {
  const sections: readonly FormSection[] = context.body.sections;
  const schema = buildApplicationBodySchema(sections, schemaOptions(values, context));
  const result = schema.safeParse(buildApplicationBody(values, context.body));
  const messages = new Map<string, string>();
  if (result.success) {
    return messages;
  }
  for (const issue of result.error.issues) {
    const field = formFieldOfErrorPath(issue.path.map(String).join('.'));
    if (field !== '' && !messages.has(field) && stepIndexOfField(field, sections) <= lastStep) {
      messages.set(field, issue.message);
    }
  }
  return messages;
}

/** RHF's nested error object for `messages` keyed by dotted field path. */
export function toFieldErrors(messages: Map<string, string>): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const [path, message] of messages) {
    const parts = path.split('.');
    let node = errors;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        const error = { type: 'validate', message } satisfies FieldError;
        const existing = node[part];
        // A group's own message (`addresses`) and its rows' (`addresses.0.city`) live on one node.
        node[part] = typeof existing === 'object' && existing !== null ? Object.assign(existing, error) : error;
      } else {
        const next = node[part];
        if (typeof next !== 'object' || next === null) {
          // A numeric segment is a list index, as react-hook-form keeps it (`references.0.email`):
          // `trigger('references')` only takes a list's errors when they come as an array.
          node[part] = /^\d+$/.test(parts[index + 1] ?? '') ? [] : {};
        }
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return errors;
}

/**
 * The form's react-hook-form resolver: {@link validateApplication} of the whole form, with the
 * page's {@link ValidationContext} passed as the form's `context`. The form triggers it for the
 * fields of the steps being left only, so a step never shows errors of steps not reached yet.
 */
export const applicationResolver: Resolver<ApplicationFormValues, ValidationContext> = (values, context) => {
  if (!context) {
    return { values, errors: {} };
  }
  const messages = validateApplication(values, context, context.body.sections.length - 1);
  return messages.size === 0
    ? { values, errors: {} }
    : { values: {}, errors: toFieldErrors(messages) as FieldErrors<ApplicationFormValues> };
};

/** The booking a 422 answer names as overlapping the dates (`existing_booking`), if it does. */
export function refusedBookingOf(body: unknown): ResidentialBookingSummary | null {
  const named = typeof body === 'object' && body !== null ? (body as { existing_booking?: unknown }).existing_booking : undefined;
  const parsed = residentialBookingSummarySchema.safeParse(named);
  return parsed.success ? parsed.data : null;
}
