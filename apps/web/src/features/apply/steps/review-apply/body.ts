import { answerIds, type ConsentAnswer } from '../../../../components/ui/consent-question/consent-answer';
import type { ApplicationFormValues } from '../../form-values';
import type { ApplicantMode, StepBody } from '../step-props';

/** The review-apply step's answers (applicant-flow §2.10). */
export type ReviewApplyValues = {
  /** Answer per consent question id. */
  consents: Record<string, ConsentAnswer>;
  additional_consent: boolean[];
  terms: boolean[];
  /** Password chosen at review by a new applicant. Never stored. */
  new_password: string;
  new_password_confirm: string;
};

/** The step's answers when nothing is given. */
export function reviewApplyDefaults(): ReviewApplyValues {
  return { consents: {}, additional_consent: [], terms: [], new_password: '', new_password_confirm: '' };
}

/** The top-level fields (and error paths) the step owns. */
export const reviewApplyFields = [
  'consents',
  'additional_consent',
  'terms',
  'new_password',
  'new_password_confirm',
  'application_key',
] as const;

/** The review step asks for consents and terms unless a supervisor applies for someone with an email address. */
export function consentsShownFor(mode: ApplicantMode, values: Pick<ApplicationFormValues, 'has_email'>): boolean {
  return !(mode === 'supervisor' && values.has_email === 'yes');
}

/** Consents, additional consents and terms of every step (when shown), and the new password (when asked). */
export const reviewApplyBody: StepBody = (_section, values, context) => {
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
};
