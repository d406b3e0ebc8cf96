import { describe, expect, it } from 'vitest';
import { errorsOf } from './application/test-support.js';
import {
  buildReferenceAnswersSchema,
  organisationReferenceQuestionBodySchema,
  referenceMessages,
  REFERENCE_ANSWER_MAX,
} from './references.js';

const questions = [
  { id: 7, type: 'text' as const, compulsory: true },
  { id: 8, type: 'yes-no' as const, compulsory: true },
  { id: 9, type: 'text' as const, compulsory: false },
  { id: 10, type: 'yes-no' as const, compulsory: false },
];
const schema = buildReferenceAnswersSchema(questions);

describe('buildReferenceAnswersSchema', () => {
  it('reports every compulsory question left empty at answers.{questionId}', () => {
    expect(errorsOf(schema.safeParse({}))).toEqual({
      'answers.7': [referenceMessages.textRequired],
      'answers.8': [referenceMessages.choiceRequired],
    });
    expect(errorsOf(schema.safeParse({ answers: { '7': '   ', '8': '' } }))).toEqual({
      'answers.7': ['Please provide an answer'],
      'answers.8': ['Please select an option'],
    });
  });

  it('answers every question in order, trimmed, optional ones null when left empty; others are ignored', () => {
    const result = schema.safeParse({
      answers: { '7': ' Reliable and kind. ', '8': 'YES', '99': 'not asked' },
    });
    expect(result.data).toEqual([
      { questionId: 7, answer: 'Reliable and kind.' },
      { questionId: 8, answer: 'yes' },
      { questionId: 9, answer: null },
      { questionId: 10, answer: null },
    ]);
  });

  it('refuses a yes/no answer other than yes or no, text that is not text, and text that is too long', () => {
    const result = schema.safeParse({
      answers: { '7': 'x'.repeat(REFERENCE_ANSWER_MAX + 1), '8': 'maybe', '9': 42, '10': 'no' },
    });
    expect(errorsOf(result)).toEqual({
      'answers.7': [`The maximum length is ${REFERENCE_ANSWER_MAX}`],
      'answers.8': ['Please select an option'],
      'answers.9': ['Please provide text'],
    });
  });
});

describe('organisationReferenceQuestionBodySchema', () => {
  it('needs a question and a known type', () => {
    expect(
      errorsOf(organisationReferenceQuestionBodySchema.safeParse({ question: ' ', type: 'essay' })),
    ).toEqual({
      question: ['Please enter a question.'],
      type: ['The type must be text or yes-no.'],
    });
    expect(
      organisationReferenceQuestionBodySchema.parse({
        question: ' Would you trust them? ',
        type: 'yes-no',
        compulsory: true,
      }),
    ).toEqual({
      question: 'Would you trust them?',
      type: 'yes-no',
      compulsory: true,
    });
  });
});
