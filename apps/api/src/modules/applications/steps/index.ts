import { aboutYouStep } from './about-you.js';
import { addressDetailsStep } from './address-details.js';
import { basicDetailsStep } from './basic-details.js';
import { diversityStep } from './diversity.js';
import { motivationStep } from './motivation.js';
import { referencesStep } from './references.js';
import { residentialStep } from './residential.js';
import { reviewApplyStep } from './review-apply.js';
import { supportingDocumentsStep } from './supporting-documents.js';
import type { ApplicationStep } from './step.js';

export type { Applicant, ApplicationStep, StepContext, StepErrors, WriteContext } from './step.js';

/**
 * Every step type's module, in the order the submit flow runs their hooks. All run on every
 * submit: a step whose part the form does not have (null in the submission) does nothing.
 */
export const APPLICATION_STEPS: readonly ApplicationStep[] = [
  basicDetailsStep,
  motivationStep,
  addressDetailsStep,
  aboutYouStep,
  supportingDocumentsStep,
  referencesStep,
  residentialStep,
  diversityStep,
  reviewApplyStep,
];
