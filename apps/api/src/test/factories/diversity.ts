import type { Executor } from '../../db/client.js';
import {
  diversityQuestionDependencies,
  diversityQuestionOptions,
  diversityQuestions,
  userDiversityAnswers,
  userDiversityQuestionAnswerOptions,
  userDiversityQuestionAnswers,
} from '../../db/schema/index.js';
import { assertInserted } from '../../db/rows.js';

export type TestDiversityQuestion = {
  id: number;
  /** Option ids by option text. */
  option: Record<string, number>;
};

async function insertQuestion(
  db: Executor,
  organisationId: number,
  input: {
    text: string;
    position: number;
    options: string[];
    other?: string;
    multiple?: boolean;
    compulsory?: boolean;
  },
): Promise<TestDiversityQuestion> {
  const [row] = await db
    .insert(diversityQuestions)
    .values({
      organisationId,
      questionText: input.text,
      position: input.position,
      isMultipleSelect: input.multiple ?? false,
      compulsory: input.compulsory ?? false,
    })
    .returning({ id: diversityQuestions.id });
  assertInserted(row, 'diversity question');
  const texts = input.other ? [...input.options, input.other] : input.options;
  const options = await db
    .insert(diversityQuestionOptions)
    .values(
      texts.map((optionText, position) => ({
        organisationId,
        questionId: row.id,
        optionText,
        isOther: optionText === input.other,
        position,
      })),
    )
    .returning({ id: diversityQuestionOptions.id, optionText: diversityQuestionOptions.optionText });
  return { id: row.id, option: Object.fromEntries(options.map((option) => [option.optionText, option.id])) };
}

/**
 * An organisation's v2 diversity questions (applicant-flow §3.5): `disabled` (Yes/No, compulsory),
 * its child `which` (multiple select with Other, shown after Yes), and `language` (single choice
 * with Other).
 */
export async function createDiversityQuestions(db: Executor, organisationId: number) {
  const disabled = await insertQuestion(db, organisationId, {
    text: 'Do you have a disability?',
    position: 0,
    options: ['Yes', 'No'],
    compulsory: true,
  });
  const which = await insertQuestion(db, organisationId, {
    text: 'Which of these apply?',
    position: 1,
    options: ['Sight', 'Hearing'],
    other: 'Other',
    multiple: true,
  });
  const language = await insertQuestion(db, organisationId, {
    text: 'What is your main language?',
    position: 2,
    options: ['English', 'Welsh'],
    other: 'Other',
  });
  await db.insert(diversityQuestionDependencies).values({
    organisationId,
    questionId: which.id,
    parentQuestionId: disabled.id,
    parentOptionId: disabled.option.Yes ?? 0,
  });
  return { disabled, which, language };
}

/** A stored answer to a v2 question (its chosen options and Other text). */
export async function answerDiversityQuestion(
  db: Executor,
  organisationId: number,
  input: { userId: number; questionId: number; optionIds: number[]; otherText?: string | null },
): Promise<void> {
  const [answer] = await db
    .insert(userDiversityQuestionAnswers)
    .values({
      organisationId,
      userId: input.userId,
      questionId: input.questionId,
      otherText: input.otherText ?? null,
    })
    .returning({ id: userDiversityQuestionAnswers.id });
  assertInserted(answer, 'diversity answer');
  if (input.optionIds.length > 0) {
    await db.insert(userDiversityQuestionAnswerOptions).values(
      input.optionIds.map((optionId) => ({
        organisationId,
        answerId: answer.id,
        questionId: input.questionId,
        optionId,
      })),
    );
  }
}

/** Stored answers to the fixed diversity fields (ids of applicant-flow §3.3). */
export async function answerFixedDiversity(
  db: Executor,
  organisationId: number,
  userId: number,
  answers: Partial<Omit<typeof userDiversityAnswers.$inferInsert, 'organisationId' | 'userId'>>,
): Promise<void> {
  await db.insert(userDiversityAnswers).values({ organisationId, userId, ...answers });
}
