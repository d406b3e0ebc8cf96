import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  diversityAccessLog,
  diversityQuestionOptions,
  diversityQuestions,
  userDiversityAnswers,
  userDiversityQuestionAnswerOptions,
  userDiversityQuestionAnswers,
  users,
} from '../../db/schema/index.js';

/** Whether the user belongs to the organisation. */
export async function userExists(db: Executor, organisationId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** Records that `readerUserId` read the diversity answers of `subjectUserId`. */
export async function insertDiversityAccess(
  db: Executor,
  entry: { organisationId: number; readerUserId: number; subjectUserId: number },
): Promise<void> {
  await db.insert(diversityAccessLog).values(entry);
}

/** The user's answers to the fixed diversity fields, if a row exists. */
export async function findFixedDiversityAnswers(db: Executor, organisationId: number, userId: number) {
  const [row] = await db
    .select()
    .from(userDiversityAnswers)
    .where(
      and(eq(userDiversityAnswers.organisationId, organisationId), eq(userDiversityAnswers.userId, userId)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The user's answers to the organisation's own questions, one row per chosen option (an answer
 * with no option row still appears once), in question then option order.
 */
export async function listV2DiversityAnswers(db: Executor, organisationId: number, userId: number) {
  return db
    .select({
      questionId: userDiversityQuestionAnswers.questionId,
      otherText: userDiversityQuestionAnswers.otherText,
      isMultipleSelect: diversityQuestions.isMultipleSelect,
      optionId: diversityQuestionOptions.id,
      optionIsOther: diversityQuestionOptions.isOther,
    })
    .from(userDiversityQuestionAnswers)
    .innerJoin(diversityQuestions, eq(diversityQuestions.id, userDiversityQuestionAnswers.questionId))
    .leftJoin(
      userDiversityQuestionAnswerOptions,
      eq(userDiversityQuestionAnswerOptions.answerId, userDiversityQuestionAnswers.id),
    )
    .leftJoin(
      diversityQuestionOptions,
      eq(diversityQuestionOptions.id, userDiversityQuestionAnswerOptions.optionId),
    )
    .where(
      and(
        eq(userDiversityQuestionAnswers.organisationId, organisationId),
        eq(userDiversityQuestionAnswers.userId, userId),
      ),
    )
    .orderBy(
      asc(diversityQuestions.position),
      asc(diversityQuestions.id),
      asc(diversityQuestionOptions.position),
      asc(diversityQuestionOptions.id),
    );
}
