/** One choice of a diversity question (applicant-flow §3.2). */
export type DiversityOption = {
  id: number;
  option_text: string;
  /** Choosing it asks the applicant to specify. */
  is_other: boolean;
};

/** A server-supplied diversity question (applicant-flow §3.2). */
export type DiversityQuestion = {
  id: number;
  question_text: string;
  is_multiple_select: boolean;
  options: DiversityOption[];
};

/**
 * An answer to a diversity question (applicant-flow §3.2): the question id, the chosen option id
 * (single choice) or option ids (multiple select), the free text of an Other choice, and whether
 * an Other option is chosen.
 */
export type DiversityAnswer = {
  question_id: number;
  /** The chosen option of a single-choice question; null when none is chosen or the question is multiple select. */
  option_id: number | null;
  /** The chosen options of a multiple-select question, in the question's option order; empty otherwise. */
  options: number[];
  /** What the applicant specified for an Other choice; '' when no Other option is chosen. */
  other_text: string;
  is_other: boolean;
};

/** How the question is asked: radio buttons up to 4 options, a dropdown above 4, checkboxes when several may be chosen. */
export type DiversityQuestionControl = 'radio' | 'select' | 'checkboxes';

/** Radio buttons are used up to this many options, a dropdown above (applicant-flow §9). */
export const RADIO_OPTION_LIMIT = 4;

/** The control a question is asked with (applicant-flow §2.9, §9). */
export function diversityQuestionControl(question: DiversityQuestion): DiversityQuestionControl {
  if (question.is_multiple_select) {
    return 'checkboxes';
  }
  return question.options.length <= RADIO_OPTION_LIMIT ? 'radio' : 'select';
}

/** A question nobody has answered yet. */
export function emptyDiversityAnswer(question: DiversityQuestion): DiversityAnswer {
  return { question_id: question.id, option_id: null, options: [], other_text: '', is_other: false };
}

/** What the applicant did to the question. */
export type DiversityAnswerChange =
  | { kind: 'choose'; optionId: number | null }
  | { kind: 'toggle'; optionId: number; checked: boolean }
  | { kind: 'other-text'; text: string };

/**
 * The answer after a change (applicant-flow §4: choosing an Other option reveals the free text;
 * choosing away from it clears the text). Unknown option ids are ignored.
 */
export function nextDiversityAnswer(
  question: DiversityQuestion,
  previous: DiversityAnswer | null | undefined,
  change: DiversityAnswerChange,
): DiversityAnswer {
  const current = previous ?? emptyDiversityAnswer(question);
  const isOther = (id: number) => question.options.some((option) => option.id === id && option.is_other);
  const known = (id: number) => question.options.some((option) => option.id === id);

  switch (change.kind) {
    case 'choose': {
      if (change.optionId !== null && !known(change.optionId)) {
        return current;
      }
      const chosenOther = change.optionId !== null && isOther(change.optionId);
      return {
        question_id: question.id,
        option_id: change.optionId,
        options: [],
        // Moving from one Other option to another keeps what was typed; any other choice clears it.
        other_text: chosenOther && current.is_other ? current.other_text : '',
        is_other: chosenOther,
      };
    }
    case 'toggle': {
      if (!known(change.optionId)) {
        return current;
      }
      const chosen = new Set(current.options);
      if (change.checked) {
        chosen.add(change.optionId);
      } else {
        chosen.delete(change.optionId);
      }
      const options = question.options.filter((option) => chosen.has(option.id)).map((option) => option.id);
      const anyOther = options.some(isOther);
      return {
        question_id: question.id,
        option_id: null,
        options,
        other_text: anyOther ? current.other_text : '',
        is_other: anyOther,
      };
    }
    case 'other-text':
      // Text only belongs to an answer with an Other option chosen.
      return current.is_other ? { ...current, other_text: change.text } : current;
  }
}
