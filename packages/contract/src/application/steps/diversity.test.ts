import { describe, expect, it } from 'vitest';
import {
  buildTestFormSection as section,
  testDiversityFixed,
  testDiversityQuestions,
  testDiversityV2,
} from '../../test-factories.js';
import { buildApplicationBodySchema } from '../body.js';
import { errorsOf, options, person } from '../test-support.js';
import { isDiversityQuestionShown, shownDiversityQuestions } from './diversity.js';

const { disabled, which, since } = testDiversityQuestions;
/** Disabled? (1) → Which? (2, multiple, with Other, compulsory here) → Since when? (3, shown after Sight). */
const diversity = testDiversityV2([disabled, { ...which, compulsory: true }, since]);

function v2Schema(compulsory: boolean, extra: Partial<typeof options> = {}) {
  return buildApplicationBodySchema(
    [section('basic-details'), section('diversity', { diversity, diversity_compulsory: compulsory })],
    { ...options, ...extra },
  );
}

const answering = (answers: Record<string, unknown>) => ({
  ...person,
  diversity: { diversity_v2_questions: answers },
});

describe('buildApplicationBodySchema: diversity v2', () => {
  it('drops answers whose parent answer does not show them, down the whole chain', () => {
    const schema = v2Schema(true);
    const hidden = schema.parse(
      answering({ '1': { option: '11' }, '2': { options: ['20'] }, '3': { option: '30' } }),
    );
    expect(hidden.diversity?.v2).toEqual([{ questionId: 1, optionIds: [11], otherText: null }]);
    const shown = schema.parse(
      answering({ '1': { option: '10' }, '2': { options: ['20'] }, '3': { option: '30' } }),
    );
    expect(shown.diversity?.v2).toEqual([
      { questionId: 1, optionIds: [10], otherText: null },
      { questionId: 2, optionIds: [20], otherText: null },
      { questionId: 3, optionIds: [30], otherText: null },
    ]);
  });

  it('needs the Other text when Other is chosen, and keeps it only then', () => {
    const schema = v2Schema(false);
    expect(
      errorsOf(schema.safeParse(answering({ '1': { option: '10' }, '2': { options: ['21'] } }))),
    ).toEqual({
      'diversity.diversity_v2_questions.2.other_text': ['Other text must be non-empty'],
    });
    expect(
      errorsOf(
        schema.safeParse(answering({ '1': { option: '10' }, '2': { options: ['21'], other_text: '   ' } })),
      ),
    ).toEqual({ 'diversity.diversity_v2_questions.2.other_text': ['Other text must be non-empty'] });
    expect(
      errorsOf(
        schema.safeParse(
          answering({ '1': { option: '10' }, '2': { options: ['21'], other_text: 'x'.repeat(256) } }),
        ),
      ),
    ).toEqual({ 'diversity.diversity_v2_questions.2.other_text': ['The maximum length is 255'] });
    const other = schema.parse(
      answering({ '1': { option: '10' }, '2': { options: ['20', '21'], other_text: ' Chronic pain ' } }),
    );
    expect(other.diversity?.v2?.[1]).toEqual({
      questionId: 2,
      optionIds: [20, 21],
      otherText: 'Chronic pain',
    });
    // Text sent without an Other choice is not stored.
    const stale = schema.parse(
      answering({ '1': { option: '10' }, '2': { options: ['20'], other_text: 'Old' } }),
    );
    expect(stale.diversity?.v2?.[1]).toEqual({ questionId: 2, optionIds: [20], otherText: null });
  });

  it('asks answers only when the step is compulsory, and names the empty group', () => {
    expect(errorsOf(v2Schema(true).safeParse(answering({ '1': { option: '10' } })))).toEqual({
      'diversity.diversity_v2_questions.2': ['Please select an option'],
    });
    expect(errorsOf(v2Schema(true).safeParse(person))).toEqual({
      'diversity.diversity_v2_questions': ['The diversity questions field is required.'],
      'diversity.diversity_v2_questions.1': ['Please select an option'],
    });
    expect(v2Schema(false).parse(person).diversity).toEqual({ fixed: null, v2: [] });
    // A question not compulsory in itself stays optional in a compulsory step.
    expect(
      v2Schema(true).parse(answering({ '1': { option: '10' }, '2': { options: ['20'] } })).diversity?.v2,
    ).toHaveLength(2);
  });

  it('refuses options of other questions and two answers to a single choice', () => {
    expect(errorsOf(v2Schema(false).safeParse(answering({ '1': { option: '20' } })))).toEqual({
      'diversity.diversity_v2_questions.1': ['Please select a valid option'],
    });
    expect(errorsOf(v2Schema(false).safeParse(answering({ '1': { options: ['10', '11'] } })))).toEqual({
      'diversity.diversity_v2_questions.1': ['Please select only one option'],
    });
  });

  it('skips the step for an applicant who answered before', () => {
    expect(v2Schema(true, { diversityAnswered: true }).parse(person).diversity).toBeNull();
  });
});

describe('shownDiversityQuestions', () => {
  it('shows a child only while its shown parent has the option it depends on', () => {
    const ids = (answers: Record<number, number[]>) =>
      shownDiversityQuestions(diversity.questions, (id) => answers[id] ?? []).map((question) => question.id);
    expect(ids({})).toEqual([1]);
    expect(ids({ 1: [10] })).toEqual([1, 2]);
    expect(ids({ 1: [10], 2: [20, 21] })).toEqual([1, 2, 3]);
    // The grandchild's parent is hidden, so it is hidden too, whatever the stale answer says.
    expect(ids({ 1: [11], 2: [20] })).toEqual([1]);
    expect(isDiversityQuestionShown(diversity.questions[1]!, new Map([[1, [11]]]))).toBe(false);
  });
});

describe('buildApplicationBodySchema: fixed diversity', () => {
  const fixed = testDiversityFixed;
  const schema = (compulsory = false) =>
    buildApplicationBodySchema(
      [
        section('basic-details'),
        section('diversity', { diversity: fixed, diversity_compulsory: compulsory }),
      ],
      options,
    );

  it('asks the disability type only after Yes', () => {
    const result = schema().parse({
      ...person,
      diversity: {
        gender_id: '2',
        registered_disabled_id: '38',
        disabled_select_id: '50',
        disabled_select_other: 'x',
      },
    });
    expect(result.diversity?.fixed).toMatchObject({
      genderId: 2,
      registeredDisabledId: 38,
      disabledSelectId: null,
      disabledSelectOther: null,
    });
    const yes = schema().parse({
      ...person,
      diversity: {
        registered_disabled_id: '37',
        disabled_select_id: '50',
        disabled_select_other: 'Migraine',
      },
    });
    expect(yes.diversity?.fixed).toMatchObject({ disabledSelectId: 50, disabledSelectOther: 'Migraine' });
    expect(errorsOf(schema().safeParse({ ...person, diversity: { gender_id: '99' } }))).toEqual({
      'diversity.gender_id': ['Please select a valid option'],
    });
  });

  it('needs the Other text beside an Other choice', () => {
    expect(errorsOf(schema().safeParse({ ...person, diversity: { nationality_id: '68' } }))).toEqual({
      'diversity.nationality_other': ['Other text must be non-empty'],
    });
    expect(
      schema().parse({ ...person, diversity: { nationality_id: '63', nationality_other: 'Cornish' } })
        .diversity?.fixed,
    ).toMatchObject({ nationalityId: 63, nationalityOther: null });
  });

  it('asks every field only when the step is compulsory', () => {
    expect(schema(false).parse(person).diversity?.fixed?.genderId).toBeNull();
    const errors = errorsOf(
      schema(true).safeParse({ ...person, diversity: { registered_disabled_id: '37' } }),
    );
    expect(errors).toMatchObject({
      'diversity.gender_id': ['Please select an option'],
      'diversity.disabled_select_id': ['Please select an option'],
    });
    expect(errors['diversity.registered_disabled_id']).toBeUndefined();
  });
});
