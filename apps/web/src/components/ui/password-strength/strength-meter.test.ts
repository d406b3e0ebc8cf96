import { describe, expect, it } from 'vitest';
import { meterSegments, type SegmentState, type StrengthScore } from './strength-meter';

describe('meterSegments (applicant-flow §5)', () => {
  it.each<[string, StrengthScore | null, [SegmentState, SegmentState, SegmentState]]>([
    ['', null, ['empty', 'empty', 'empty']],
    ['', 0, ['empty', 'empty', 'empty']],
    ['', 4, ['empty', 'empty', 'empty']],
    ['a', null, ['empty', 'empty', 'empty']],
    ['a', 0, ['danger', 'empty', 'empty']],
    ['a', 1, ['warning', 'empty', 'empty']],
    ['a', 2, ['success', 'warning', 'empty']],
    ['a', 3, ['success', 'success', 'warning']],
    ['a', 4, ['success', 'success', 'success']],
  ])('password %j with score %j draws %j', (password, score, expected) => {
    expect(meterSegments(password, score)).toEqual(expected);
  });
});
