import {
  VIEW_DIVERSITY_ANSWERS,
  type DiversityV2AnswerData,
  type UserDiversityAnswers,
} from '@muster/contract';
import type { Database, Executor } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import {
  findFixedDiversityAnswers,
  insertDiversityAccess,
  listV2DiversityAnswers,
  userExists,
} from './repository.js';

/** Who is reading: the signed-in user and their permissions. */
export type Reader = { userId: number; permissions: readonly string[] };

/** The read of someone else's answers could not be recorded, so it was not done. */
export class DiversityAccessNotLoggedError extends Error {
  constructor(cause: unknown) {
    super('The read of diversity answers could not be recorded.', { cause });
    this.name = 'DiversityAccessNotLoggedError';
  }
}

/**
 * A user's diversity answers (platform-foundation §7 `users/{userId}/diversity/`). Special-category
 * data: the user themself may read their own; anyone else needs `view-diversity-answers` (403)
 * and the user must be of the organisation (404). A read by someone else is recorded in the same
 * transaction before the answers are loaded; when the record cannot be written the read is not
 * done ({@link DiversityAccessNotLoggedError}).
 */
export async function readDiversityAnswers(
  db: Database,
  input: { organisationId: number; reader: Reader; subjectUserId: number },
): Promise<UserDiversityAnswers> {
  const { organisationId, reader, subjectUserId } = input;
  const own = reader.userId === subjectUserId;
  if (!own && !reader.permissions.includes(VIEW_DIVERSITY_ANSWERS)) {
    throw new HttpError(403, 'You do not have permission to do that.');
  }
  if (!(await userExists(db, organisationId, subjectUserId))) {
    throw new HttpError(404, 'This user does not exist.');
  }
  if (own) {
    return loadAnswers(db, organisationId, subjectUserId);
  }
  return db.transaction(async (tx) => {
    try {
      await insertDiversityAccess(tx, { organisationId, readerUserId: reader.userId, subjectUserId });
    } catch (error) {
      throw new DiversityAccessNotLoggedError(error);
    }
    return loadAnswers(tx, organisationId, subjectUserId);
  });
}

/** The user's fixed and v2 answers as they are answered (no access check, no log: callers do both). */
export async function loadAnswers(
  db: Executor,
  organisationId: number,
  userId: number,
): Promise<UserDiversityAnswers> {
  const [fixed, v2Rows] = await Promise.all([
    findFixedDiversityAnswers(db, organisationId, userId),
    listV2DiversityAnswers(db, organisationId, userId),
  ]);
  return {
    user_id: userId,
    gender_id: fixed?.genderId ?? null,
    gender_assigned_id: fixed?.genderAssignedId ?? null,
    nationality_id: fixed?.nationalityId ?? null,
    nationality_other: fixed?.nationalityOther ?? null,
    ethnicity_id: fixed?.ethnicityId ?? null,
    ethnicity_other: fixed?.ethnicityOther ?? null,
    sexuality_id: fixed?.sexualityId ?? null,
    sexuality_other: fixed?.sexualityOther ?? null,
    registered_disabled_id: fixed?.registeredDisabledId ?? null,
    disabled_select_id: fixed?.disabledSelectId ?? null,
    disabled_select_other: fixed?.disabledSelectOther ?? null,
    religion_id: fixed?.religionId ?? null,
    religion_other: fixed?.religionOther ?? null,
    diversity_v2_questions: groupV2Answers(v2Rows),
  };
}

/** One answer per question from the rows of its chosen options (applicant-flow §3.2). */
function groupV2Answers(rows: Awaited<ReturnType<typeof listV2DiversityAnswers>>): DiversityV2AnswerData[] {
  const byQuestion = new Map<
    number,
    { multiple: boolean; otherText: string | null; ids: number[]; other: boolean }
  >();
  for (const row of rows) {
    let answer = byQuestion.get(row.questionId);
    if (!answer) {
      answer = { multiple: row.isMultipleSelect, otherText: row.otherText, ids: [], other: false };
      byQuestion.set(row.questionId, answer);
    }
    if (row.optionId !== null) {
      answer.ids.push(row.optionId);
      answer.other ||= row.optionIsOther === true;
    }
  }
  return [...byQuestion].map(([questionId, answer]) => ({
    question_id: questionId,
    option_id: answer.multiple ? null : (answer.ids[0] ?? null),
    options: answer.multiple ? answer.ids : [],
    other_text: answer.otherText,
    is_other: answer.other,
  }));
}
