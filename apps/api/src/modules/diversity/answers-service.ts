import type { DiversityAnswer, DiversityAnswerBody, UserDiversityAnswers } from '@muster/contract';
import type { Database } from '../../db/client.js';
import { diversityFields, type DiversityField } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import type { OrganisationRow } from '../organisation/repository.js';
import { diversityQuestionsOf, saveDiversityAnswers } from './link-service.js';
import { userExists } from './repository.js';
import { loadAnswers, readDiversityAnswers, type Reader } from './service.js';

/*
 * The generic operations of `users/{userId}/diversity/` (docs/catalogue.md "Per-user calls"):
 * store gives a whole set of answers; a record is the answer to one question, named by a fixed
 * field (`gender`, `ethnicity`, …) or by the id of one of the organisation's own (v2) questions,
 * which show, update and delete (withdraw). Diversity answers are special-category data the person
 * declares about themself: only they write them; reading someone else's needs
 * `view-diversity-answers` and is logged (service.ts).
 */

type Organisation = Pick<OrganisationRow, 'id' | 'minorAge'>;

/** Who answers, for whom, from which host (the form's checks take it). */
export type AnswerInput = { organisation: Organisation; actorId: number; userId: number; host: string };

const NOT_THEIRS = 'Only the person themself may give or change their diversity answers.';

const questionNotFound = () => new HttpError(404, 'The diversity question was not found.');

async function assertOwnAnswers(db: Database, input: AnswerInput): Promise<void> {
  if (input.actorId !== input.userId) {
    throw new HttpError(403, NOT_THEIRS);
  }
  if (!(await userExists(db, input.organisation.id, input.userId))) {
    throw new HttpError(404, 'This user does not exist.');
  }
}

/** A question named in a path: a fixed field, or a v2 question id (whether the organisation has it is checked later). */
type Question = { mode: 'fixed'; field: DiversityField } | { mode: 'v2'; questionId: number };

function questionOf(rawId: string): Question {
  if ((diversityFields as readonly string[]).includes(rawId)) {
    return { mode: 'fixed', field: rawId as DiversityField };
  }
  if (/^[1-9]\d{0,9}$/.test(rawId) && Number(rawId) <= 2_147_483_647) {
    return { mode: 'v2', questionId: Number(rawId) };
  }
  throw questionNotFound();
}

/** Fixed fields that take an Other text (applicant-flow §3.2). */
const WITH_OTHER: ReadonlySet<DiversityField> = new Set([
  'nationality',
  'ethnicity',
  'sexuality',
  'disabled_select',
  'religion',
]);

function answerOf(answers: UserDiversityAnswers, question: Question): DiversityAnswer {
  if (question.mode === 'fixed') {
    const fixed = answers as unknown as Record<string, number | string | null>;
    const optionId = fixed[`${question.field}_id`];
    const other = fixed[`${question.field}_other`];
    return {
      id: question.field,
      option_id: typeof optionId === 'number' ? optionId : null,
      options: [],
      other_text: typeof other === 'string' ? other : null,
    };
  }
  const answer = answers.diversity_v2_questions.find(
    (candidate) => candidate.question_id === question.questionId,
  );
  return {
    id: String(question.questionId),
    option_id: answer?.option_id ?? null,
    options: answer?.options ?? [],
    other_text: answer?.other_text ?? null,
  };
}

/** The answers in the application form's own shape, fixed fields or v2 list, with one question changed. */
function rawAnswers(
  answers: UserDiversityAnswers,
  question: Question,
  change: DiversityAnswerBody | null,
): Record<string, unknown> {
  if (question.mode === 'fixed') {
    const raw: Record<string, unknown> = {};
    for (const field of diversityFields) {
      const fixed = answers as unknown as Record<string, unknown>;
      raw[`${field}_id`] = fixed[`${field}_id`] ?? null;
      if (WITH_OTHER.has(field)) {
        raw[`${field}_other`] = fixed[`${field}_other`] ?? null;
      }
    }
    if (change === null) {
      raw[`${question.field}_id`] = null;
      raw[`${question.field}_other`] = null;
    } else {
      if (change.option_id !== undefined) {
        raw[`${question.field}_id`] = change.option_id;
      }
      if (change.other_text !== undefined) {
        raw[`${question.field}_other`] = change.other_text;
      }
    }
    return raw;
  }
  const list: Array<Record<string, unknown>> = answers.diversity_v2_questions
    .filter((answer) => answer.question_id !== question.questionId)
    .map((answer) => ({
      question_id: answer.question_id,
      options: answer.option_id === null ? answer.options : [answer.option_id],
      other_text: answer.other_text,
    }));
  if (change !== null) {
    const current = answers.diversity_v2_questions.find(
      (answer) => answer.question_id === question.questionId,
    );
    const currentIds = current ? (current.option_id === null ? current.options : [current.option_id]) : [];
    const ids =
      change.options !== undefined
        ? change.options
        : change.option_id !== undefined
          ? change.option_id === null
            ? []
            : [change.option_id]
          : currentIds;
    list.push({
      question_id: question.questionId,
      options: ids,
      other_text: change.other_text !== undefined ? change.other_text : (current?.other_text ?? null),
    });
  }
  return { diversity_v2_questions: list };
}

/** The form keys its errors `diversity.…`; the ones about the question changed move to the body's fields. */
function rekeyed(error: unknown, question: Question): unknown {
  if (!(error instanceof HttpError) || error.statusCode !== 422 || !error.errors) {
    return error;
  }
  const errors: Record<string, string[]> = {};
  const own =
    question.mode === 'fixed'
      ? { option: `diversity.${question.field}_id`, other: `diversity.${question.field}_other` }
      : {
          option: `diversity.diversity_v2_questions.${question.questionId}`,
          other: `diversity.diversity_v2_questions.${question.questionId}.other_text`,
        };
  for (const [key, messages] of Object.entries(error.errors)) {
    const target =
      key === own.option
        ? question.mode === 'v2'
          ? 'options'
          : 'option_id'
        : key === own.other
          ? 'other_text'
          : key;
    (errors[target] ??= []).push(...messages);
  }
  return new HttpError(422, error.message, errors);
}

/**
 * `POST /users/{userId}/diversity/` `{diversity}`: the person gives their answers, checked as the
 * application form's diversity step checks them, replacing earlier ones. Answers all their answers.
 */
export async function storeDiversityAnswers(
  db: Database,
  input: AnswerInput & { answers: Record<string, unknown> },
): Promise<UserDiversityAnswers> {
  await assertOwnAnswers(db, input);
  return db.transaction(async (tx) => {
    await saveDiversityAnswers(tx, input.organisation, {
      userId: input.userId,
      host: input.host,
      answers: input.answers,
      questions: await diversityQuestionsOf(tx, input.organisation.id),
      now: new Date(),
    });
    return loadAnswers(tx, input.organisation.id, input.userId);
  });
}

/** 404 unless a v2 question is one of the organisation's. */
async function assertQuestion(db: Database, organisationId: number, question: Question): Promise<void> {
  if (question.mode === 'fixed') {
    return;
  }
  const questions = await diversityQuestionsOf(db, organisationId, 'v2');
  if (
    questions.mode !== 'v2' ||
    !questions.questions.some((candidate) => candidate.id === question.questionId)
  ) {
    throw questionNotFound();
  }
}

/**
 * `GET /users/{userId}/diversity/{question}`: the answer to one question (empty when not
 * answered). The person themself, or `view-diversity-answers`; a read by someone else is logged.
 */
export async function showDiversityAnswer(
  db: Database,
  input: { organisationId: number; reader: Reader; subjectUserId: number; rawId: string },
): Promise<DiversityAnswer> {
  const answers = await readDiversityAnswers(db, input);
  const question = questionOf(input.rawId);
  await assertQuestion(db, input.organisationId, question);
  return answerOf(answers, question);
}

/**
 * `PUT /users/{userId}/diversity/{question}` (a changed answer) and `DELETE` (`change` null: the
 * answer withdrawn): the person's answers with that one changed are checked as a whole, as the
 * application form checks them (a child v2 question whose parent answer no longer shows it is
 * dropped), and saved. Answers the question's answer as it now stands.
 */
export async function changeDiversityAnswer(
  db: Database,
  input: AnswerInput & { rawId: string; change: DiversityAnswerBody | null },
): Promise<DiversityAnswer> {
  await assertOwnAnswers(db, input);
  const question = questionOf(input.rawId);
  await assertQuestion(db, input.organisation.id, question);
  return db.transaction(async (tx) => {
    const current = await loadAnswers(tx, input.organisation.id, input.userId);
    try {
      await saveDiversityAnswers(tx, input.organisation, {
        userId: input.userId,
        host: input.host,
        answers: rawAnswers(current, question, input.change),
        questions: await diversityQuestionsOf(tx, input.organisation.id, question.mode),
        now: new Date(),
      });
    } catch (error) {
      throw rekeyed(error, question);
    }
    return answerOf(await loadAnswers(tx, input.organisation.id, input.userId), question);
  });
}
