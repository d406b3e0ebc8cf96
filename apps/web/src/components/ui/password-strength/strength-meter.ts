/** A zxcvbn strength score: 0 (too guessable) to 4 (very unguessable). */
export type StrengthScore = 0 | 1 | 2 | 3 | 4;

/** How one segment of the three-segment meter is drawn. */
export type SegmentState = 'empty' | 'danger' | 'warning' | 'success';

/** Words for each score, shown beside the meter so that colour is not the only cue. */
export const STRENGTH_LABELS: Readonly<Record<StrengthScore, string>> = {
  0: 'Very weak',
  1: 'Weak',
  2: 'Fair',
  3: 'Good',
  4: 'Strong',
};

/**
 * The three meter segments for a password and its score (applicant-flow §5): segment 1 is danger
 * at 0, warning at 1, success at 2-4; segment 2 is warning at 2, success at 3-4; segment 3 is
 * warning at 3, success at 4. All empty when the password is empty, or while no score is known yet.
 */
export function meterSegments(
  password: string,
  score: StrengthScore | null,
): [SegmentState, SegmentState, SegmentState] {
  if (password === '' || score === null) {
    return ['empty', 'empty', 'empty'];
  }
  const first: SegmentState = score === 0 ? 'danger' : score === 1 ? 'warning' : 'success';
  const second: SegmentState = score < 2 ? 'empty' : score === 2 ? 'warning' : 'success';
  const third: SegmentState = score < 3 ? 'empty' : score === 3 ? 'warning' : 'success';
  return [first, second, third];
}
