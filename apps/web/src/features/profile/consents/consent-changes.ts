import type { UserConsent, UserConsentUpdateBody } from '@muster/contract';
import { answerIds, type ConsentAnswer } from '../../../components/ui/consent-question/consent-answer';

/** The answer's option ids as numbers, sorted, for comparing and sending. */
export function answerNumbers(answer: ConsentAnswer | undefined): number[] {
  return answerIds(answer)
    .map(Number)
    .filter((id) => Number.isInteger(id))
    .sort((a, b) => a - b);
}

/** Whether two answers choose the same options. */
export function sameAnswer(a: ConsentAnswer | undefined, b: ConsentAnswer | undefined): boolean {
  const left = answerNumbers(a);
  const right = answerNumbers(b);
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

/**
 * The bodies to send, one per consent whose answer differs from the saved one, in the
 * questions' order (applicant-flow §7: `{id, compulsory, answer}`).
 */
export function changedConsents(
  consents: readonly UserConsent[],
  answers: Readonly<Record<number, ConsentAnswer>>,
): UserConsentUpdateBody[] {
  return consents
    .filter((consent) => consent.id in answers && !sameAnswer(answers[consent.id], consent.answer))
    .map((consent) => {
      const ids = answerNumbers(answers[consent.id]);
      return {
        id: consent.id,
        compulsory: consent.compulsory,
        answer: consent.type === 'multiple-checkboxes' ? ids : (ids[0] ?? null),
      };
    });
}
