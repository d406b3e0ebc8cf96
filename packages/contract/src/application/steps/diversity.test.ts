import { describe, expect, it } from 'vitest';
import { buildTestFormSection as section } from '../../test-factories.js';
import { buildApplicationBodySchema } from '../body.js';
import { errorsOf, options, person } from '../test-support.js';

describe('buildApplicationBodySchema: diversity', () => {
  it('drops diversity answers whose parent answer does not show them, and needs Other text', () => {
    const diversity = {
      mode: 'v2' as const,
      questions: [
        {
          id: 1,
          question_text: 'Disabled?',
          is_multiple_select: false,
          compulsory: true,
          options: [
            { id: 10, option_text: 'Yes', is_other: false },
            { id: 11, option_text: 'No', is_other: false },
          ],
          depends_on: [],
        },
        {
          id: 2,
          question_text: 'Which?',
          is_multiple_select: true,
          compulsory: true,
          options: [
            { id: 20, option_text: 'Sight', is_other: false },
            { id: 21, option_text: 'Other', is_other: true },
          ],
          depends_on: [{ question_id: 1, option_id: 10 }],
        },
      ],
    };
    const schema = buildApplicationBodySchema(
      [section('basic-details'), section('diversity', { diversity, diversity_compulsory: true })],
      options,
    );
    const hidden = schema.parse({
      ...person,
      diversity: { diversity_v2_questions: { '1': { option: '11' }, '2': { options: ['20'] } } },
    });
    expect(hidden.diversity?.v2).toEqual([{ questionId: 1, optionIds: [11], otherText: null }]);
    expect(
      errorsOf(
        schema.safeParse({
          ...person,
          diversity: { diversity_v2_questions: { '1': { option: '10' }, '2': { options: ['21'] } } },
        }),
      ),
    ).toEqual({ 'diversity.diversity_v2_questions.2': ['Please specify'] });
    expect(
      errorsOf(
        schema.safeParse({ ...person, diversity: { diversity_v2_questions: { '1': { option: '10' } } } }),
      ),
    ).toEqual({
      'diversity.diversity_v2_questions.2': ['Please select an option'],
    });
    expect(errorsOf(schema.safeParse(person))).toEqual({
      'diversity.diversity_v2_questions': ['The diversity questions field is required.'],
      'diversity.diversity_v2_questions.1': ['Please select an option'],
    });
    const skipped = buildApplicationBodySchema(
      [section('basic-details'), section('diversity', { diversity, diversity_compulsory: true })],
      {
        ...options,
        diversityAnswered: true,
      },
    );
    expect(skipped.parse(person).diversity).toBeNull();
  });

  it('asks the fixed diversity fields, the disability type only after Yes', () => {
    const fixed = {
      mode: 'fixed' as const,
      options: {
        gender: [
          { id: 2, label: 'Man', is_other: false },
          { id: 4, label: 'Other', is_other: true },
        ],
        registered_disabled: [
          { id: 37, label: 'Yes', is_other: true },
          { id: 38, label: 'No', is_other: false },
        ],
        disabled_select: [{ id: 40, label: 'Sight', is_other: false }],
      },
    };
    const schema = buildApplicationBodySchema(
      [section('basic-details'), section('diversity', { diversity: fixed })],
      options,
    );
    const result = schema.parse({
      ...person,
      diversity: { gender_id: '2', registered_disabled_id: '38', disabled_select_id: '40' },
    });
    expect(result.diversity?.fixed).toMatchObject({
      genderId: 2,
      registeredDisabledId: 38,
      disabledSelectId: null,
    });
    expect(errorsOf(schema.safeParse({ ...person, diversity: { gender_id: '99' } }))).toEqual({
      'diversity.gender_id': ['Please select a valid option'],
    });
  });
});
