import { z } from 'zod';
import { dataEnvelope } from './api.js';
import { paginatedResponseSchema, paginationQuerySchema } from './catalogue/pagination.js';
import { MAX_ROW_ID } from './ids.js';

/*
 * References (applicant-flow §2.7; platform-foundation §7 `/organisation/reference-questions/`
 * and `/reference/`): the organisation's reference questions, managed through the generic
 * catalogue module, and the public reference form a referee opens from the emailed link.
 */

/**
 * How a reference question is answered: `text` (free text) or `yes-no` (Yes or No, sent as
 * `yes`/`no`). The spec names no types; these two cover what a referee is usually asked.
 */
export const REFERENCE_QUESTION_TYPES = ['text', 'yes-no'] as const;
export type ReferenceQuestionType = (typeof REFERENCE_QUESTION_TYPES)[number];

/** Longest question text. */
export const REFERENCE_QUESTION_MAX = 2000;
/** Longest free-text answer. */
export const REFERENCE_ANSWER_MAX = 10_000;

/** Server sentences of the reference form. */
export const referenceMessages = {
  /** 404: no request has this token (mistyped, cut short, or another organisation's). */
  unknownLink:
    'This reference link is not valid. Please check that you copied the whole link from the email.',
  /** 410: the reference was already given through this link. */
  usedLink: 'This reference has already been given. Thank you for your help.',
  /** 410: the link is older than its lifetime. */
  expiredLink:
    'This reference link has expired. Please contact the organisation if you would still like to give a reference.',
  /** 410: the referee declined through this link. */
  declinedLink:
    'You have declined to give this reference. Please contact the organisation if you have changed your mind.',
  textRequired: 'Please provide an answer',
  choiceRequired: 'Please select an option',
} as const;

const id = z.number().int().positive().describe('Identifier.');

// ------------------------------------------------- /organisation/reference-questions/ (catalogue)

export const organisationReferenceQuestionSchema = z
  .object({
    id,
    question: z.string().describe('The question as the referee reads it.'),
    type: z.enum(REFERENCE_QUESTION_TYPES).describe('`text` (free text) or `yes-no` (Yes or No).'),
    compulsory: z.boolean().describe('The referee must answer it.'),
    position: z.number().int().describe('Sort order on the reference form, smallest first.'),
  })
  .describe('Reference question');
export type OrganisationReferenceQuestion = z.infer<typeof organisationReferenceQuestionSchema>;

export const organisationReferenceQuestionBodySchema = z.object({
  question: z
    .string({ error: 'Please enter a question.' })
    .trim()
    .min(1, { error: 'Please enter a question.' })
    .max(REFERENCE_QUESTION_MAX, {
      error: `The question may be at most ${REFERENCE_QUESTION_MAX} characters.`,
    })
    .describe('The question as the referee reads it.'),
  type: z
    .enum(REFERENCE_QUESTION_TYPES, { error: 'The type must be text or yes-no.' })
    .describe('`text` (free text) or `yes-no` (Yes or No).'),
  compulsory: z
    .boolean({ error: 'Compulsory must be true or false.' })
    .optional()
    .describe('The referee must answer it (default false).'),
  position: z
    .number({ error: 'The position must be a whole number.' })
    .int({ error: 'The position must be a whole number.' })
    .min(0, { error: 'The position must be 0 or more.' })
    .max(1_000_000, { error: 'The position may be at most 1000000.' })
    .optional()
    .describe('Sort order on the reference form, smallest first (default 0).'),
});
export type OrganisationReferenceQuestionBody = z.infer<typeof organisationReferenceQuestionBodySchema>;

// ------------------------------------------------- GET /api/reference/{token}

/** `{token}` of the reference form's routes: the secret from the emailed link. */
export const referenceTokenParamsSchema = z.object({
  token: z.string().describe('The single-use token from the link emailed to the referee.'),
});

/** A question as the reference form asks it. */
export const referenceFormQuestionSchema = organisationReferenceQuestionSchema
  .omit({ position: true })
  .describe('Reference form question');
export type ReferenceFormQuestion = z.infer<typeof referenceFormQuestionSchema>;

export const referenceFormSchema = z
  .object({
    applicant: z
      .object({ first_name: z.string(), last_name: z.string() })
      .describe('Who the reference is for.'),
    opportunity: z.object({ id, display_name: z.string() }).describe('What the applicant applied for.'),
    organisation: z.object({ name: z.string() }).describe('Who asks for the reference.'),
    referee: z
      .object({ first_name: z.string(), last_name: z.string() })
      .describe('The referee, as the applicant named them.'),
    questions: z
      .array(referenceFormQuestionSchema)
      .describe('The organisation’s reference questions, in order.'),
    expires_at: z.iso.datetime().describe('When the link stops working (ISO 8601, UTC).'),
    saved_answers: z
      .record(z.string(), z.string())
      .optional()
      .describe('Answers the referee saved to finish later (`PUT /reference/{token}`), by question id.'),
  })
  .describe('Reference form');
export type ReferenceForm = z.infer<typeof referenceFormSchema>;

/** 200 of `GET /api/reference/{token}`. */
export const referenceFormResponseSchema = dataEnvelope(referenceFormSchema);
export type ReferenceFormResponse = z.infer<typeof referenceFormResponseSchema>;

// ------------------------------------------------- POST /api/reference/{token}

/** The wire shape of the answers, as described to API clients; checked per question by {@link buildReferenceAnswersSchema}. */
export const referenceAnswersBodySchema = z.object({
  answers: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Answers by question id: text for a `text` question, `yes` or `no` for a `yes-no` one.'),
});

/** One checked answer; `answer` is null for an optional question left unanswered. */
export type ReferenceAnswer = { questionId: number; answer: string | null };

/**
 * The reference form's answers for these questions: a compulsory text question needs some
 * text, a compulsory yes/no question `yes` or `no`; text is trimmed and at most
 * {@link REFERENCE_ANSWER_MAX} characters. Problems are reported at `answers.{questionId}`;
 * answers to questions not asked are ignored. The server checks a post with it and the page
 * resolves with it.
 */
export function buildReferenceAnswersSchema(
  questions: readonly Pick<ReferenceFormQuestion, 'id' | 'type' | 'compulsory'>[],
) {
  return referenceAnswersBodySchema.transform((body, context): ReferenceAnswer[] => {
    const given = body.answers ?? {};
    const answers: ReferenceAnswer[] = [];
    for (const question of questions) {
      const path = ['answers', String(question.id)];
      const value = given[String(question.id)];
      const text =
        typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : null;
      if (text === null) {
        context.addIssue({ code: 'custom', path, message: 'Please provide text' });
        continue;
      }
      if (question.type === 'yes-no') {
        const choice = text.toLowerCase();
        if (choice !== 'yes' && choice !== 'no' && (choice !== '' || question.compulsory)) {
          context.addIssue({ code: 'custom', path, message: referenceMessages.choiceRequired });
          continue;
        }
        answers.push({ questionId: question.id, answer: choice === '' ? null : choice });
        continue;
      }
      if (text === '' && question.compulsory) {
        context.addIssue({ code: 'custom', path, message: referenceMessages.textRequired });
        continue;
      }
      if (text.length > REFERENCE_ANSWER_MAX) {
        context.addIssue({ code: 'custom', path, message: `The maximum length is ${REFERENCE_ANSWER_MAX}` });
        continue;
      }
      answers.push({ questionId: question.id, answer: text === '' ? null : text });
    }
    return answers;
  });
}

/** 200 of `POST /api/reference/{token}`. */
export const referenceAnsweredResponseSchema = dataEnvelope(
  z.object({ answered_at: z.iso.datetime().describe('When the reference was given (ISO 8601, UTC).') }),
).describe('Reference given');
export type ReferenceAnsweredResponse = z.infer<typeof referenceAnsweredResponseSchema>;

// ------------------------------------------------- the catalogue's `reference` operations

/** `POST /api/reference/` (store): gives the reference of the link's token, as `POST /reference/{token}` does. */
export const referenceStoreBodySchema = referenceAnswersBodySchema.extend({
  token: z.string().max(100).describe('The single-use token from the link emailed to the referee.'),
});

/** 201 of `POST /api/reference/`. */
export const referenceGivenResponseSchema = referenceAnsweredResponseSchema;

/** 200 of `PUT /api/reference/{token}` (update): the answers saved to finish later. */
export const referenceDraftResponseSchema = dataEnvelope(
  z.object({
    saved_at: z.iso.datetime().describe('When the answers were saved (ISO 8601, UTC).'),
    saved_answers: z.record(z.string(), z.string()).describe('The saved answers by question id.'),
  }),
).describe('Reference answers saved');
export type ReferenceDraftResponse = z.infer<typeof referenceDraftResponseSchema>;

/** Longest reason a referee gives for declining. */
export const REFERENCE_DECLINE_REASON_MAX = 2000;

/** `DELETE /api/reference/{token}` (delete): the referee declines to give the reference. */
export const referenceDeclineBodySchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(REFERENCE_DECLINE_REASON_MAX, `At most ${REFERENCE_DECLINE_REASON_MAX} characters`)
      .optional()
      .describe('Why, if the referee wants to say (the organisation reads it).'),
  })
  .nullish()
  .describe('Optional: a DELETE may come without a body.');

/** Where a referee's reference stands, for the organisation's overview. */
export const REFERENCE_STATUSES = ['not_requested', 'awaiting', 'answered', 'declined', 'expired'] as const;
export type ReferenceStatus = (typeof REFERENCE_STATUSES)[number];

/** `GET /api/reference/` (index) query: pages of the organisation's referees. */
export const referenceIndexQuerySchema = paginationQuerySchema().extend({
  application_id: z.coerce
    .number({ error: 'The application must be a whole number.' })
    .int({ error: 'The application must be a whole number.' })
    .min(1)
    .max(MAX_ROW_ID)
    .optional()
    .describe('Only this application’s referees.'),
  status: z.enum(REFERENCE_STATUSES).optional().describe('Only references in this state.'),
});
export type ReferenceIndexQuery = z.infer<typeof referenceIndexQuerySchema>;

/** One referee with where their reference stands (and the answers once given). */
export const referenceOverviewSchema = z
  .object({
    id,
    application_id: id,
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable().describe('Null for a referee the organisation telephones.'),
    phone_number: z.string().nullable(),
    status: z
      .enum(REFERENCE_STATUSES)
      .describe(
        '`not_requested` (no email, or not sent yet), `awaiting`, `answered`, `declined` or `expired`.',
      ),
    request_sent_at: z.iso.datetime().nullable(),
    expires_at: z.iso.datetime().nullable().describe('When the link stops working.'),
    answered_at: z.iso.datetime().nullable(),
    declined_at: z.iso.datetime().nullable(),
    decline_reason: z.string().nullable(),
    answers: z
      .array(
        z.object({
          question: z.string().describe('The question as it was asked.'),
          type: z.enum(REFERENCE_QUESTION_TYPES),
          answer: z.string().nullable(),
        }),
      )
      .describe('The reference, once given; empty before.'),
  })
  .describe('Reference');
export type ReferenceOverview = z.infer<typeof referenceOverviewSchema>;

/** 200 of `GET /api/reference/`. */
export const referenceIndexResponseSchema = paginatedResponseSchema(referenceOverviewSchema);
