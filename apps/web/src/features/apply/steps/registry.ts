import type { FormSection } from '@muster/contract';
import type { ComponentType } from 'react';
import { lazyComponent } from '../../../lib/lazy/lazy-component';
import { aboutYouBody, aboutYouFields } from './about-you/body';
import { addressDetailsBody, addressDetailsFields } from './address-details/body';
import { basicDetailsBody, basicDetailsFields } from './basic-details/body';
import { diversityBody, diversityFields } from './diversity/body';
import { motivationBody, motivationFields } from './motivation/body';
import { referencesBody, referencesFields } from './references/body';
import { residentialBody, residentialFields } from './residential/body';
import { reviewApplyBody, reviewApplyFields } from './review-apply/body';
import type { StepBody, StepProps } from './step-props';
import { supportingDocumentsBody, supportingDocumentsFields } from './supporting-documents/body';

export type SectionType = FormSection['type'];

/** One step type: its component (loaded on demand), the fields it owns and its part of the body. */
export type StepDefinition = {
  /** Renders the step; suspends (render it inside `<Suspense>`) until its code has loaded. */
  Component: ComponentType<StepProps>;
  /** Starts loading the component's code, so that moving to the step does not wait for it. */
  preload: () => Promise<unknown>;
  /** The top-level fields (and error paths) the step owns (applicant-flow §3.1, §3.2). */
  fields: readonly string[];
  /** The step's part of the request body, built synchronously from the answers. */
  body: StepBody;
};

/** Every step type of the application form (applicant-flow §2.2–§2.10). */
export const STEP_REGISTRY: Record<SectionType, StepDefinition> = {
  'basic-details': {
    ...lazyComponent<StepProps>(async () => (await import('./basic-details/basic-details-step')).BasicDetailsStep),
    fields: basicDetailsFields,
    body: basicDetailsBody,
  },
  motivation: {
    ...lazyComponent<StepProps>(async () => (await import('./motivation/motivation-step')).MotivationStep),
    fields: motivationFields,
    body: motivationBody,
  },
  'address-details': {
    ...lazyComponent<StepProps>(async () => (await import('./address-details/address-details-step')).AddressDetailsStep),
    fields: addressDetailsFields,
    body: addressDetailsBody,
  },
  'about-you': {
    ...lazyComponent<StepProps>(async () => (await import('./about-you/about-you-step')).AboutYouStep),
    fields: aboutYouFields,
    body: aboutYouBody,
  },
  'supporting-documents': {
    ...lazyComponent<StepProps>(async () => (await import('./supporting-documents/supporting-documents-step')).SupportingDocumentsStep),
    fields: supportingDocumentsFields,
    body: supportingDocumentsBody,
  },
  references: {
    ...lazyComponent<StepProps>(async () => (await import('./references/references-step')).ReferencesStep),
    fields: referencesFields,
    body: referencesBody,
  },
  residential: {
    ...lazyComponent<StepProps>(async () => (await import('./residential/residential-step')).ResidentialStep),
    fields: residentialFields,
    body: residentialBody,
  },
  diversity: {
    ...lazyComponent<StepProps>(async () => (await import('./diversity/diversity-step')).DiversityStep),
    fields: diversityFields,
    body: diversityBody,
  },
  'review-apply': {
    ...lazyComponent<StepProps>(async () => (await import('./review-apply/review-apply-step')).ReviewApplyStep),
    fields: reviewApplyFields,
    body: reviewApplyBody,
  },
};
