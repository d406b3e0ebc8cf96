import type { ApplicationFormValues } from './form-values';
import { STEP_REGISTRY } from './steps/registry';
import type { BodyContext } from './steps/step-props';
import { attributeSlugs, questionSlugs } from './steps';

export type { ApplicantMode, BodyContext, BookingParams } from './steps/step-props';
export { hasEmailAddress } from './steps/basic-details/body';
export { consentsShownFor } from './steps/review-apply/body';

function pick(source: Record<string, unknown>, slugs: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const slug of slugs) {
    if (source[slug] !== undefined) {
      picked[slug] = source[slug];
    }
  }
  return picked;
}

/**
 * The request body of the apply call (applicant-flow §3.1) for the steps up to `lastStep`
 * (all steps by default), each step's part from its `steps/<type>/body.ts`: the dry run of a
 * step sends only the fields so far. Read-only attributes are not sent; questions and
 * attributes are keyed by slug.
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
    Object.assign(body, STEP_REGISTRY[section.type].body(section, values, context));
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
