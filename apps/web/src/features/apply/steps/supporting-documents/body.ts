import type { StepBody } from '../step-props';

/** The supporting-documents step's answers: none yet. */
export type SupportingDocumentsValues = Record<never, never>;

/** The step's answers when nothing is given. */
export function supportingDocumentsDefaults(): SupportingDocumentsValues {
  return {};
}

/** The top-level fields (and error paths) the step owns. */
export const supportingDocumentsFields = ['supportingDocuments', 'documents'] as const;

/** The step asks nothing yet, so it adds nothing to the body. */
export const supportingDocumentsBody: StepBody = () => ({});
