import type { FormSection } from '../../opportunity.js';
import { passwordSchema } from '../../password.js';
import { allOf, readFlag, readId, readList, readObject, type Issues, type StepReadContext } from '../read.js';

/*
 * The review-apply step (applicant-flow §2.10): consents, additional consents and terms of every
 * step, and the new password. Its parts are read at different points of the form (see `body.ts`),
 * so each has its own reader.
 */

export type ReviewApplyPart = {
  newPassword: string | null;
  /** Chosen option ids by consent id; null when consents are skipped (supervisor mode with an email). */
  consents: Record<number, number[]> | null;
  additionalConsents: Array<{ id: number; agreed: boolean }> | null;
  /** Ids of the terms accepted; null when skipped. */
  terms: number[] | null;
};

/** The body fields this step owns, with their descriptions. */
export const reviewApplyFields = {
  new_password: 'New password (review step), by the password rules.',
  new_password_confirm: 'The same password again.',
  consents: 'Chosen consent option ids, or `{id, answer}` entries.',
  additional_consent: 'Yes/no per additional consent, in the form’s order.',
  terms: 'A tick per term, in the form’s order; each must be ticked.',
} as const;

/**
 * Whether the review step asks for a new password (applicant-flow §2.10): an anonymous new
 * applicant always, an existing applicant without a password when the step has `require_password`;
 * never in supervisor mode or for single-sign-on organisations and users (they cannot set one).
 */
export function isPasswordRequired(input: {
  applicant: 'new' | 'existing';
  supervisor: boolean;
  singleSignOn: boolean;
  requirePasswordSetting: boolean;
  hasPassword: boolean;
}): boolean {
  if (input.supervisor || input.singleSignOn) {
    return false;
  }
  if (input.applicant === 'new') {
    return true;
  }
  return input.requirePasswordSetting && !input.hasPassword;
}

/** Supervisor mode with an email: the applicant answers consents and terms later (applicant-flow §2.2). */
function consentsDeferred(context: StepReadContext): boolean {
  return context.options.supervisor?.hasEmail === true;
}

/** Reads the terms: a tick per term of every step, each required; null when deferred. */
export function readTerms(context: StepReadContext): Pick<ReviewApplyPart, 'terms'> {
  if (consentsDeferred(context)) {
    return { terms: null };
  }
  const { issues, raw, sections } = context;
  const terms = allOf(sections, (section) => section.terms);
  const ticks = readFlags(issues, 'terms', raw.terms, terms.length);
  ticks.forEach((ticked, index) => {
    if (!ticked) {
      issues.add(['terms', index], 'Please verify that you agree to the above statement');
    }
  });
  return { terms: terms.filter((_, index) => ticks[index]).map((term) => term.id) };
}

/** Reads the new password and its confirmation when `options.requirePassword`. */
export function readNewPassword({ issues, raw, options }: StepReadContext): Pick<ReviewApplyPart, 'newPassword'> {
  if (!options.requirePassword) {
    return { newPassword: null };
  }
  const password = typeof raw.new_password === 'string' ? raw.new_password : '';
  if (password === '') {
    issues.add(['new_password'], 'Password is required');
    return { newPassword: null };
  }
  const result = passwordSchema.safeParse(password);
  if (!result.success) {
    for (const issue of result.error.issues) {
      issues.add(['new_password'], issue.message);
    }
  }
  if (raw.new_password_confirm !== password) {
    issues.add(['new_password_confirm'], 'The password confirmation does not match.');
  }
  return { newPassword: result.success ? password : null };
}

/** Reads the consent answers and the additional consents of every step; null when deferred. */
export function readConsents(
  context: StepReadContext,
): Pick<ReviewApplyPart, 'consents' | 'additionalConsents'> {
  if (consentsDeferred(context)) {
    return { consents: null, additionalConsents: null };
  }
  const { issues, raw, sections } = context;
  const additional = allOf(sections, (section) => section.additional_consents);
  return {
    consents: readConsentAnswers(issues, raw.consents, sections),
    additionalConsents: readFlags(issues, 'additional_consent', raw.additional_consent, additional.length).map(
      (agreed, index) => ({
        id: (additional[index] as { id: number }).id,
        agreed,
      }),
    ),
  };
}

function consentMessage(type: FormSection['consents'][number]['type']): string {
  return type === 'radio'
    ? 'Please select an option'
    : type === 'checkbox'
      ? 'You must agree to the above statement'
      : 'Please select at least one answer';
}

/**
 * Consent answers: a list of chosen option ids (`consents[0]=12`, applicant-flow §3.1), where an
 * entry may also be `{id, answer}` (answer an option id or a list of them, §3.7).
 */
function readConsentAnswers(
  issues: Issues,
  raw: unknown,
  sections: readonly FormSection[],
): Record<number, number[]> {
  const consents = allOf(sections, (section) => section.consents);
  const consentOfOption = new Map<number, number>();
  for (const consent of consents) {
    for (const option of consent.options) {
      consentOfOption.set(option.id, consent.id);
    }
  }
  const chosen = new Map<number, Set<number>>(consents.map((consent) => [consent.id, new Set<number>()]));
  const choose = (optionValue: unknown, consentId: number | null) => {
    const optionId = readId(optionValue);
    if (optionId === null) {
      return;
    }
    const owner = optionId === 'invalid' ? undefined : consentOfOption.get(optionId);
    if (owner === undefined || (consentId !== null && owner !== consentId)) {
      issues.add(consentId === null ? ['consents'] : ['consents', consentId], 'Please select a valid option');
      return;
    }
    chosen.get(owner)?.add(optionId as number);
  };
  for (const value of readList(issues, ['consents'], raw)) {
    const entry = readObject(value);
    if (entry) {
      const consentId = readId(entry.id);
      for (const answer of readList(issues, ['consents'], entry.answer)) {
        choose(answer, typeof consentId === 'number' ? consentId : null);
      }
    } else {
      choose(value, null);
    }
  }
  const answers: Record<number, number[]> = {};
  for (const consent of consents) {
    const ids = [...(chosen.get(consent.id) ?? [])];
    if (consent.type !== 'multiple-checkboxes' && ids.length > 1) {
      issues.add(['consents', consent.id], 'Please select only one option');
    } else if (consent.compulsory && consent.options.length > 0 && ids.length === 0) {
      issues.add(['consents', consent.id], consentMessage(consent.type));
    }
    answers[consent.id] = ids;
  }
  return answers;
}

function readFlags(issues: Issues, root: string, raw: unknown, count: number): boolean[] {
  const list = readList(issues, [root], raw);
  return Array.from({ length: count }, (_, index) => {
    const flag = readFlag(list[index]);
    if (flag === 'invalid') {
      issues.add([root, index], 'Please select an option');
      return false;
    }
    return flag === true;
  });
}
