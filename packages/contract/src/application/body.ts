import { z } from 'zod';
import type { FormSection } from '../opportunity.js';
import { Issues, type Path, type StepReadContext } from './read.js';
import { aboutYouFields, readAboutYou } from './steps/about-you.js';
import { addressDetailsFields, readAddressDetails } from './steps/address-details.js';
import { basicDetailsFields, readBasicDetails } from './steps/basic-details.js';
import { diversityFields, readDiversity } from './steps/diversity.js';
import { motivationFields, readMotivation } from './steps/motivation.js';
import { readReferences, referencesFields } from './steps/references.js';
import { readResidential, residentialFields } from './steps/residential.js';
import { readConsents, readNewPassword, readTerms, reviewApplyFields } from './steps/review-apply.js';
import { readSupportingDocuments, supportingDocumentsFields } from './steps/supporting-documents.js';
import type { ApplicationSchemaOptions, ApplicationSubmission } from './submission.js';

/*
 * The application form body (applicant-flow §3.1, §3.2) and its rules (§5), composed of the step
 * readers in `steps/`. The server validates a submit with it and the web form resolves with it,
 * so both judge a form the same way.
 */

/** Every body field with its description, by owning step. */
const describedFields = {
  ...basicDetailsFields,
  ...motivationFields,
  ...addressDetailsFields,
  ...aboutYouFields,
  ...supportingDocumentsFields,
  ...referencesFields,
  ...residentialFields,
  ...diversityFields,
  ...reviewApplyFields,
} as const;

/**
 * Reads and checks a whole form; every problem is reported, at the path of its field. The
 * readers run in this order so that issues come in the order the form has always reported them.
 */
function readSubmission(context: StepReadContext): ApplicationSubmission {
  const basicDetails = readBasicDetails(context);
  const terms = readTerms(context);
  const diversity = readDiversity(context);
  const newPassword = readNewPassword(context);
  const addressDetails = readAddressDetails(context);
  const motivation = readMotivation(context);
  const documents = readSupportingDocuments(context);
  const references = readReferences(context);
  const consents = readConsents(context);
  const aboutYou = readAboutYou(context);
  const residential = readResidential(context);
  return {
    ...basicDetails,
    ...newPassword,
    ...addressDetails,
    ...motivation,
    ...documents,
    ...references,
    ...consents,
    ...terms,
    ...aboutYou,
    ...residential,
    ...diversity,
  };
}

/** The body's fields, each described, as one object schema. */
function describedBodyObject() {
  return z
    .looseObject(
      Object.fromEntries(
        Object.entries(describedFields).map(([key, description]) => [
          key,
          z.unknown().optional().describe(description),
        ]),
      ) as Record<keyof typeof describedFields, z.ZodOptional<z.ZodUnknown>>,
    )
    .describe('Application form (applicant-flow §3.1, §3.2)');
}

/**
 * {@link describedBodyObject}, built once and shared by every form's schema: it depends on no
 * form, and the server builds a form's schema per submit, where building this part (and compiling
 * its parser, which zod does once per object schema) each time was most of the cost of checking
 * a form. Built on first use, not when the module loads: the web page sets zod's `jitless` at
 * start-up, after its imports, and a schema takes that setting when it is built.
 */
let bodyObject: ReturnType<typeof describedBodyObject> | undefined;

/**
 * The application form body for an opportunity's steps (applicant-flow §3.1, §3.2, §5). It
 * parses a raw body — nested as FormData keys parse (`addresses[0][street]`) or JSON — into an
 * {@link ApplicationSubmission}, reporting every broken rule at its dotted path
 * (`email`, `addresses.0.street`, `questions.{slug}`, `attributes.{slug}`, `terms.0`,
 * `consents.{consentId}`, `supportingDocuments.{documentId}`, `diversity.diversity_v2_questions.{id}`, …).
 * The server validates submits with it; the web form resolves with the very same schema.
 */
export function buildApplicationBodySchema(
  sections: readonly FormSection[],
  options: ApplicationSchemaOptions,
) {
  bodyObject ??= describedBodyObject();
  return bodyObject.transform((raw, ctx): ApplicationSubmission => {
    const issues = new Issues();
    const submission = readSubmission({ issues, raw, sections, options });
    for (const issue of issues.list) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return submission;
  });
}
export type ApplicationBodySchema = ReturnType<typeof buildApplicationBodySchema>;

/** What {@link readApplicationBody} answers: the submission, or every issue at its path. */
export type ApplicationBodyReading =
  | { success: true; data: ApplicationSubmission }
  | { success: false; issues: ReadonlyArray<{ path: Path; message: string }> };

/**
 * Reads and checks a whole form given as an object, with the very readers of
 * {@link buildApplicationBodySchema}, and answers what its schema answers for that object: the
 * submission, or the same issues at the same paths in the same order. For the server, which has
 * the body as an object already: the schema's object step accepts any object and only copies it,
 * and making the schema for each submit (a new transform every time) and running it cost more
 * than the step readers themselves.
 */
export function readApplicationBody(
  raw: Record<string, unknown>,
  sections: readonly FormSection[],
  options: ApplicationSchemaOptions,
): ApplicationBodyReading {
  const issues = new Issues();
  const submission = readSubmission({ issues, raw, sections, options });
  return issues.list.length === 0
    ? { success: true, data: submission }
    : { success: false, issues: issues.list };
}
