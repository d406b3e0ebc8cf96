import type { DiversityCount } from '@muster/contract';

/*
 * Small-number suppression of diversity figures (issue 12 point 2; docs/reports.md "Diversity
 * suppression"). Pure functions, so that the rule is written once and proved by its own tests.
 *
 * A group is the cells of one question for one set of people and its total, the number of
 * people. The total is shown: it is the same figure in every group of an answer, so hiding it in
 * one group would protect nothing. The cells are protected against it instead.
 *
 * - Primary: a cell of 1 to 4 people shows `<5`.
 * - Secondary: the total minus the shown cells is the sum of the hidden cells, so one hidden cell
 *   alone would be that difference. Whenever a group has a `<5`, its largest other cell is hidden
 *   too and shows `hidden`: always exactly one, even beside several `<5`, so that the choice says
 *   nothing about the hidden values. The largest, because the total less the rest gives it within
 *   a few people anyway, while the small groups a diversity report is read for stay shown. (Taking
 *   the smallest instead leaks: that a hidden 5 had to be joined by another cell tells a reader
 *   who knows the rule that the `<5` beside it is 1.)
 * - Then the group is checked as a reader sees it: `<5` holds 1 to 4, the secondary at least as
 *   many as every shown cell, and the hidden cells add up to the total minus the shown ones. If any
 *   hidden figure (or the number who answered, when it could be 1 to 4) has a single possible
 *   value, every cell of the group shows `hidden` instead.
 * - A group whose total is one or four people per cell is hidden whole when it has a `<5` (every
 *   cell at that edge is the one group such a total allows, so any other display would tell).
 * - A group of 1 to 4 people shows `<5` everywhere, its total included.
 *
 * Every step depends only on what stays shown (which cells are under five, the shown counts, the
 * total), so a reader who knows this rule learns nothing from it beyond the shown figures; the
 * property tests replay the rule over every candidate group to prove it.
 */

/** Fewer people than this in a cell are never shown. */
export const SUPPRESSION_THRESHOLD = 5;

/** A cell or total as shown: the count, `<5` (1 to 4 people), or `hidden`. */
export type ShownCount = DiversityCount;

/** A suppressed group: its cells in the order given, and its total. */
export type SuppressedGroup = { cells: ShownCount[]; people: ShownCount };

type Range = { lo: number; hi: number };

const isSmall = (count: number) => count >= 1 && count < SUPPRESSION_THRESHOLD;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function assertCounts(counts: readonly number[]): void {
  if (counts.some((count) => !Number.isInteger(count) || count < 0)) {
    throw new RangeError('Counts are whole numbers of people, zero or more.');
  }
}

/** What to hide in a group: cell indexes, or every cell. */
type Hidden = ReadonlySet<number> | 'all';

/**
 * True when, as a reader sees the group (see the file comment), every hidden cell has at least two
 * possible values, and so has the sum of `aggregate` unless it cannot be under five. With one
 * equation over integer ranges, the possible sums of any set of hidden cells form exactly the
 * range computed here.
 */
function isProtected(
  counts: readonly number[],
  hidden: ReadonlySet<number>,
  secondary: number | null,
  aggregate: readonly number[],
): boolean {
  const hiddenSum = sum([...hidden].map((index) => counts[index] ?? 0));
  // The secondary was the largest other cell, ties going to the earlier cell: at least every
  // shown cell (one more than an earlier one).
  const floor = counts.reduce((most, count, index) => {
    if (secondary === null || hidden.has(index) || count === 0 || isSmall(count)) {
      return most;
    }
    return Math.max(most, index > secondary ? count : count + 1);
  }, SUPPRESSION_THRESHOLD);
  const ranges = new Map<number, Range>(
    [...hidden].map((index) => [
      index,
      isSmall(counts[index] ?? 0)
        ? { lo: 1, hi: SUPPRESSION_THRESHOLD - 1 }
        : { lo: index === secondary ? floor : SUPPRESSION_THRESHOLD, hi: hiddenSum },
    ]),
  );
  const loAll = sum([...ranges.values()].map((range) => range.lo));
  const hiAll = sum([...ranges.values()].map((range) => range.hi));
  /** The possible sums of these cells: the shown ones as they are, the hidden ones by the equation. */
  const possible = (cells: readonly number[]): Range => {
    const shown = sum(cells.filter((index) => !hidden.has(index)).map((index) => counts[index] ?? 0));
    const inside = cells.filter((index) => hidden.has(index)).map((index) => ranges.get(index) as Range);
    const lo = sum(inside.map((range) => range.lo));
    const hi = sum(inside.map((range) => range.hi));
    return {
      lo: shown + Math.max(lo, hiddenSum - (hiAll - hi)),
      hi: shown + Math.min(hi, hiddenSum - (loAll - lo)),
    };
  };
  const cellsOpen = [...hidden].every((index) => {
    const range = possible([index]);
    return range.hi - range.lo >= 1;
  });
  const sumRange = aggregate.length > 0 ? possible(aggregate) : null;
  const aggregateSafe =
    !sumRange || sumRange.hi - sumRange.lo >= 1 || sumRange.lo >= SUPPRESSION_THRESHOLD || sumRange.hi <= 0;
  return hiddenSum >= loAll && hiddenSum <= hiAll && cellsOpen && aggregateSafe;
}

/**
 * The cells to hide (see the file comment). `aggregate`: cells whose sum is itself shown
 * elsewhere or worked out (those who answered); while none of them is five or more their sum could
 * be under five, so the secondary is taken outside them. `forced`: cells hidden whatever their size.
 */
function cellsToHide(
  counts: readonly number[],
  aggregate: readonly number[] = [],
  forced: readonly number[] = [],
): Hidden {
  const hidden = new Set<number>(forced.filter((index) => (counts[index] ?? 0) > 0));
  counts.forEach((count, index) => {
    if (isSmall(count)) {
      hidden.add(index);
    }
  });
  const hasPrimary = counts.some(isSmall);
  const total = sum(counts);
  // A total of one or four per cell could be every cell at that edge: were such a group shown
  // any other way, the rule itself would tell which. Hidden whole, whatever its cells.
  if (hasPrimary && (total === counts.length || total === (SUPPRESSION_THRESHOLD - 1) * counts.length)) {
    return 'all';
  }
  let secondary: number | null = null;
  if (hasPrimary) {
    const aggregateMaySmall =
      aggregate.length > 0 && aggregate.every((index) => (counts[index] ?? 0) < SUPPRESSION_THRESHOLD);
    const candidate = counts
      .map((count, index) => ({ count, index }))
      .filter(({ count, index }) => count >= SUPPRESSION_THRESHOLD && !hidden.has(index))
      .filter(({ index }) => !aggregateMaySmall || !aggregate.includes(index))
      .sort((a, b) => b.count - a.count || a.index - b.index)[0];
    if (candidate) {
      secondary = candidate.index;
      hidden.add(candidate.index);
    }
  }
  if (hidden.size === 0) {
    return hidden;
  }
  return isProtected(counts, hidden, secondary, aggregate) ? hidden : 'all';
}

function shown(counts: readonly number[], hidden: Hidden): ShownCount[] {
  return counts.map((count, index) =>
    hidden === 'all' ? 'hidden' : !hidden.has(index) ? count : isSmall(count) ? '<5' : 'hidden',
  );
}

/** The total as shown: `<5` for 1 to 4 people. */
function shownTotal(people: number): ShownCount {
  return isSmall(people) ? '<5' : people;
}

/** Suppresses one group whose cells add up to its total (each person in exactly one cell). */
export function suppressGroup(counts: readonly number[]): SuppressedGroup {
  assertCounts(counts);
  const people = sum(counts);
  if (people < SUPPRESSION_THRESHOLD) {
    return { cells: counts.map(() => shownTotal(people)), people: shownTotal(people) };
  }
  return { cells: shown(counts, cellsToHide(counts)), people };
}

/** One question's counts over a set of people. */
export type AnswerCounts = {
  /** People per option (not counting "prefer not to say"), in option order. */
  options: readonly number[];
  /** People who preferred not to say; null where the question has no such answer (age). */
  declined: number | null;
  /** People who gave no answer. */
  notAnswered: number;
  /** Everyone counted: those who answered, declined and did not answer. */
  people: number;
  /** Several options may be chosen: option cells may add up to more than the people who answered. */
  multiple: boolean;
};

/** One question's figures as shown. */
export type ShownAnswers = {
  options: ShownCount[];
  declined: ShownCount | null;
  notAnswered: ShownCount;
  /** People who gave a real answer, shown only when the other shown figures give it anyway. */
  answered: ShownCount;
  people: ShownCount;
};

/**
 * Suppresses one question's figures (its option rows, "prefer not to say", "not answered") so
 * that no figure of 1 to 4 people is shown or can be worked out from the rest, the total and the
 * number who answered (which the overview shows when the other figures give it).
 *
 * A single choice is one group: each person is in one cell, and the options' sum (those who
 * answered) is protected as a figure of its own. A multiple choice is two: who answered, declined
 * or did not (each person in one), then the options among themselves; when who answered is hidden,
 * every non-zero option is hidden too, so that the options give no bound on it.
 */
export function suppressAnswers(counts: AnswerCounts): ShownAnswers {
  const { options, declined, notAnswered, people, multiple } = counts;
  const rest = declined === null ? [notAnswered] : [declined, notAnswered];
  assertCounts([...options, ...rest, people]);
  const split = (cells: ShownCount[]) => ({
    declined: declined === null ? null : (cells[0] as ShownCount),
    notAnswered: cells[rest.length - 1] as ShownCount,
  });
  if (people < SUPPRESSION_THRESHOLD) {
    const all = shownTotal(people);
    return { options: options.map(() => all), ...split(rest.map(() => all)), answered: all, people: all };
  }
  const answered = people - sum(rest);
  if (!multiple) {
    const cells = [...options, ...rest];
    const optionCells = options.map((_, index) => index);
    const hidden = cellsToHide(cells, optionCells);
    const display = shown(cells, hidden);
    const restShown = display.slice(options.length);
    const derivable =
      hidden !== 'all' &&
      (optionCells.every((index) => !hidden.has(index)) ||
        restShown.every((cell) => typeof cell === 'number'));
    return {
      options: display.slice(0, options.length),
      ...split(restShown),
      answered: derivable ? answered : 'hidden',
      people,
    };
  }
  const partition = [answered, ...rest];
  const partitionHidden = cellsToHide(partition);
  const answeredHidden = partitionHidden === 'all' || partitionHidden.has(0);
  const optionsHidden = cellsToHide(options, [], answeredHidden ? options.map((_, index) => index) : []);
  return {
    options: shown(options, optionsHidden),
    ...split(shown(partition, partitionHidden).slice(1)),
    answered: answeredHidden ? 'hidden' : answered,
    people,
  };
}
