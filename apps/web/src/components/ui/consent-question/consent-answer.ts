export type ConsentOptionId = number | string;
export type ConsentOption = { id: ConsentOptionId; value: string };
export type ConsentQuestionType = 'radio' | 'checkbox' | 'multiple-checkboxes';
/** An option id; a list of ids for the multiple type; null when unanswered. */
export type ConsentAnswer = ConsentOptionId | ConsentOptionId[] | null;

export type ConsentTimezone = { alias?: string | null; offset?: string | number | null; name?: string | null };
export type ConsentLogEntry = {
  id: number | string;
  created_at: string;
  /** Absent when the parent or guardian made the change. */
  created_by?: { display_name: string } | null;
  old_value?: string | null;
  new_value?: string | null;
  timezone_data?: ConsentTimezone | null;
};

/** A consent question (platform-foundation §3). */
export type ConsentQuestionData = {
  id: number | string;
  statement: string;
  compulsory: boolean;
  type: ConsentQuestionType;
  options: ConsentOption[];
  answer?: ConsentAnswer;
  logs?: ConsentLogEntry[];
};

/** The validation messages of platform-foundation §5, word for word. */
export const CONSENT_MESSAGES: Record<ConsentQuestionType, string> = {
  radio: 'Please select an option',
  checkbox: 'You must agree to the above statement',
  'multiple-checkboxes': 'Please select at least one answer',
};

/** The answer as a list of option ids (empty when unanswered). */
export function answerIds(answer: ConsentAnswer | undefined): ConsentOptionId[] {
  if (answer === null || answer === undefined || answer === '') {
    return [];
  }
  return Array.isArray(answer) ? answer : [answer];
}

/** Same option id, whether it came as a number or as its string form. */
export function sameId(a: ConsentOptionId, b: ConsentOptionId): boolean {
  return String(a) === String(b);
}

/** Radio: choosing an option selects exactly that one. */
export function chooseRadio(optionId: ConsentOptionId): ConsentAnswer {
  return optionId;
}

/** Single checkbox: ticked means the first option, unticked means no answer. */
export function toggleSingleCheckbox(options: readonly ConsentOption[], checked: boolean): ConsentAnswer {
  return checked && options[0] ? options[0].id : null;
}

/** Multiple checkboxes: ticking adds the option id to the list, unticking removes it. */
export function toggleMultiple(answer: ConsentAnswer | undefined, optionId: ConsentOptionId, checked: boolean): ConsentOptionId[] {
  const ids = answerIds(answer).filter((id) => !sameId(id, optionId));
  return checked ? [...ids, optionId] : ids;
}

/**
 * The message for an unanswered compulsory question, or null. A question without options shows
 * no input, so it cannot be answered and is never in error.
 */
export function consentQuestionError(
  question: Pick<ConsentQuestionData, 'compulsory' | 'type' | 'options'>,
  answer: ConsentAnswer | undefined,
): string | null {
  if (!question.compulsory || question.options.length === 0) {
    return null;
  }
  const chosen = answerIds(answer).filter((id) => question.options.some((option) => sameId(option.id, id)));
  return chosen.length === 0 ? CONSENT_MESSAGES[question.type] : null;
}
