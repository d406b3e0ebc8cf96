import { describe, expect, it } from 'vitest';
import {
  diversityQuestionControl,
  emptyDiversityAnswer,
  nextDiversityAnswer,
  type DiversityQuestion,
} from './diversity-answer';

const options = (count: number, otherIds: number[] = []) =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    option_text: `Option ${index + 1}`,
    is_other: otherIds.includes(index + 1),
  }));

const single: DiversityQuestion = {
  id: 7,
  question_text: 'Religion',
  is_multiple_select: false,
  options: options(6, [5, 6]),
};
const multiple: DiversityQuestion = {
  id: 8,
  question_text: 'Languages',
  is_multiple_select: true,
  options: options(4, [4]),
};

describe('diversityQuestionControl', () => {
  it('asks with radio buttons up to 4 options and a dropdown above 4', () => {
    expect(diversityQuestionControl({ ...single, options: options(4) })).toBe('radio');
    expect(diversityQuestionControl({ ...single, options: options(5) })).toBe('select');
  });

  it('asks with checkboxes when several may be chosen, however many options', () => {
    expect(diversityQuestionControl({ ...multiple, options: options(2) })).toBe('checkboxes');
    expect(diversityQuestionControl({ ...multiple, options: options(9) })).toBe('checkboxes');
  });
});

describe('nextDiversityAnswer: single choice', () => {
  it('records the chosen option', () => {
    expect(nextDiversityAnswer(single, null, { kind: 'choose', optionId: 2 })).toEqual({
      question_id: 7,
      option_id: 2,
      options: [],
      other_text: '',
      is_other: false,
    });
  });

  it('marks an Other choice and keeps its text', () => {
    const other = nextDiversityAnswer(single, null, { kind: 'choose', optionId: 5 });
    expect(other.is_other).toBe(true);
    const typed = nextDiversityAnswer(single, other, { kind: 'other-text', text: 'Jedi' });
    expect(typed).toMatchObject({ option_id: 5, other_text: 'Jedi', is_other: true });
  });

  it('clears the text when choosing away from Other', () => {
    const typed = { question_id: 7, option_id: 5, options: [], other_text: 'Jedi', is_other: true };
    expect(nextDiversityAnswer(single, typed, { kind: 'choose', optionId: 1 })).toEqual({
      question_id: 7,
      option_id: 1,
      options: [],
      other_text: '',
      is_other: false,
    });
  });

  it('keeps the text when moving from one Other option to another', () => {
    const typed = { question_id: 7, option_id: 5, options: [], other_text: 'Jedi', is_other: true };
    expect(nextDiversityAnswer(single, typed, { kind: 'choose', optionId: 6 }).other_text).toBe('Jedi');
  });

  it('clears everything when the choice is removed', () => {
    const typed = { question_id: 7, option_id: 5, options: [], other_text: 'Jedi', is_other: true };
    expect(nextDiversityAnswer(single, typed, { kind: 'choose', optionId: null })).toEqual(
      emptyDiversityAnswer(single),
    );
  });

  it('ignores text when no Other option is chosen', () => {
    const answer = nextDiversityAnswer(single, null, { kind: 'choose', optionId: 1 });
    expect(nextDiversityAnswer(single, answer, { kind: 'other-text', text: 'x' }).other_text).toBe('');
  });

  it('ignores an option the question does not have', () => {
    const answer = nextDiversityAnswer(single, null, { kind: 'choose', optionId: 1 });
    expect(nextDiversityAnswer(single, answer, { kind: 'choose', optionId: 99 })).toBe(answer);
  });
});

describe('nextDiversityAnswer: multiple select', () => {
  it('adds and removes options, kept in the question order', () => {
    let answer = nextDiversityAnswer(multiple, null, { kind: 'toggle', optionId: 3, checked: true });
    answer = nextDiversityAnswer(multiple, answer, { kind: 'toggle', optionId: 1, checked: true });
    expect(answer).toEqual({
      question_id: 8,
      option_id: null,
      options: [1, 3],
      other_text: '',
      is_other: false,
    });
    answer = nextDiversityAnswer(multiple, answer, { kind: 'toggle', optionId: 3, checked: false });
    expect(answer.options).toEqual([1]);
  });

  it('reveals Other while it is ticked and clears the text when it is unticked', () => {
    let answer = nextDiversityAnswer(multiple, null, { kind: 'toggle', optionId: 4, checked: true });
    answer = nextDiversityAnswer(multiple, answer, { kind: 'other-text', text: 'Klingon' });
    answer = nextDiversityAnswer(multiple, answer, { kind: 'toggle', optionId: 1, checked: true });
    expect(answer).toMatchObject({ options: [1, 4], other_text: 'Klingon', is_other: true });
    answer = nextDiversityAnswer(multiple, answer, { kind: 'toggle', optionId: 4, checked: false });
    expect(answer).toMatchObject({ options: [1], other_text: '', is_other: false });
  });
});
