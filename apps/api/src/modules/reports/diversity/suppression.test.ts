import { describe, expect, it } from 'vitest';
import {
  suppressAnswers,
  suppressGroup,
  type AnswerCounts,
  type ShownAnswers,
  type ShownCount,
} from './suppression.js';

/*
 * The suppression rule on its own. The property tests play a reader who sees the shown figures
 * and the total and knows the rule by heart: for each generated group the reader lists every group
 * of the same shape and total that the rule would show exactly alike, and a hidden figure is
 * recovered when it has one value among them all. (fast-check is not a dependency: the cases come
 * from a seeded generator, so every run checks the same cases and a failure names its group.)
 */

/** A small seeded generator (mulberry32), so that every run checks the same cases. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  /** Mostly small counts, where suppression matters, with zeros and some large ones. */
  const count = () => {
    const r = next();
    return r < 0.25 ? 0 : r < 0.6 ? between(1, 4) : r < 0.85 ? between(5, 9) : between(10, 30);
  };
  return { next, between, count };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const isSmall = (count: number) => count >= 1 && count <= 4;

/** What a reader knows of a cell: its number, 1 to 4 (`<5`), at least five, or nothing. */
type Seen = number | '<5' | 'five-or-more' | 'anything';

/**
 * What a reader knows of each shown cell. In a group not hidden whole, `hidden` is always a cell of
 * five or more (checked on every generated case below); a group hidden whole says nothing.
 */
function seenCells(cells: readonly ShownCount[]): Seen[] {
  const whole = cells.every((cell) => cell === 'hidden');
  return cells.map((cell) => (cell === 'hidden' ? (whole ? 'anything' : 'five-or-more') : cell));
}

/**
 * Calls `visit` with every vector of whole numbers adding up to `total` that agrees with what the
 * reader knows of each cell, until `visit` answers true (enough seen). Answers how many it visited.
 */
function eachCandidate(known: readonly Seen[], total: number, visit: (vector: number[]) => boolean): number {
  let visited = 0;
  const vector = known.map((cell) => (typeof cell === 'number' ? cell : 0));
  const open = known.flatMap((cell, index) => (typeof cell === 'number' ? [] : [index]));
  const bounds: Record<Exclude<Seen, number>, [number, number]> = {
    '<5': [1, 4],
    'five-or-more': [5, Number.MAX_SAFE_INTEGER],
    anything: [0, Number.MAX_SAFE_INTEGER],
  };
  const walk = (position: number, left: number): boolean => {
    const index = open[position];
    if (index === undefined) {
      visited += 1;
      return left === 0 && visit([...vector]);
    }
    const [lo, hi] = bounds[known[index] as Exclude<Seen, number>];
    const last = position === open.length - 1;
    for (let value = last ? left : lo; value <= Math.min(hi, left); value += 1) {
      if (value < lo) {
        return false;
      }
      vector[index] = value;
      if (walk(position + 1, left - value)) {
        return true;
      }
    }
    return false;
  };
  walk(0, total - sum(known.map((cell) => (typeof cell === 'number' ? cell : 0))));
  return visited;
}

/** Every order of `values`, each once. */
function permutations(values: readonly number[]): number[][] {
  if (values.length <= 1) {
    return [[...values]];
  }
  const seen = new Set<number>();
  return values.flatMap((value, index) => {
    if (seen.has(value)) {
      return [];
    }
    seen.add(value);
    const rest = [...values.slice(0, index), ...values.slice(index + 1)];
    return permutations(rest).map((tail) => [value, ...tail]);
  });
}

/**
 * What the reader who knows `rule` can work out from `shown` (the rule's output for a group of
 * `size` cells adding up to `total`): the hidden cells, and the `figures` (sums of cells, e.g.
 * those who answered) asked about, that have a single possible value among every group the rule
 * shows alike. Stops looking as soon as each has two.
 */
function recovered<T>(
  rule: (cells: number[]) => T,
  truth: readonly number[],
  shown: T,
  cellsShown: readonly ShownCount[],
  total: number,
  figures: ReadonlyArray<(cells: readonly number[]) => number> = [],
): { cells: number[]; figures: number[] } {
  const same = JSON.stringify(shown);
  const hidden = cellsShown.flatMap((cell, index) => (typeof cell === 'number' ? [] : [index]));
  const cellValues = hidden.map(() => new Set<number>());
  const figureValues = figures.map(() => new Set<number>());
  const enough = () => [...cellValues, ...figureValues].every((set) => set.size >= 2);
  const visit = (candidate: number[]) => {
    if (JSON.stringify(rule(candidate)) === same) {
      hidden.forEach((index, position) => cellValues[position]?.add(candidate[index] ?? -1));
      figures.forEach((figure, position) => figureValues[position]?.add(figure(candidate)));
    }
    return enough();
  };
  // The shuffles of the group itself first: they settle most groups at once (a faster search, the
  // same answer), then every candidate.
  if (!permutations(truth).some(visit)) {
    eachCandidate(seenCells(cellsShown), total, visit);
  }
  return {
    cells: hidden.filter((_, position) => (cellValues[position]?.size ?? 0) < 2),
    figures: figures.flatMap((_, position) => ((figureValues[position]?.size ?? 0) < 2 ? [position] : [])),
  };
}

/** The shown figures of a single-choice question in cell order: options, declined, not answered. */
const cellsOf = (shown: ShownAnswers): ShownCount[] => [
  ...shown.options,
  ...(shown.declined === null ? [] : [shown.declined]),
  shown.notAnswered,
];

function countsOf(vector: readonly number[], optionCount: number, hasDeclined: boolean): AnswerCounts {
  return {
    options: vector.slice(0, optionCount),
    declined: hasDeclined ? (vector[optionCount] ?? 0) : null,
    notAnswered: vector[vector.length - 1] ?? 0,
    people: sum(vector),
    multiple: false,
  };
}

describe('suppressGroup', () => {
  it('shows cells of five or more and zeros, and <5 for 1 to 4 with the largest other cell hidden', () => {
    expect(suppressGroup([20, 30, 7, 0, 6])).toEqual({ cells: [20, 30, 7, 0, 6], people: 63 });
    // 2 alone would be 65 - 63; with the 30 hidden too, 32 is 2 + 30, 1 + 31, 3 + 29 or 4 + 28.
    expect(suppressGroup([20, 30, 2, 0, 6, 7])).toEqual({ cells: [20, 'hidden', '<5', 0, 6, 7], people: 65 });
    // Beside several <5 the largest other cell goes too: the choice never depends on hidden values.
    expect(suppressGroup([20, 3, 2, 9])).toEqual({ cells: ['hidden', '<5', '<5', 9], people: 34 });
    expect(suppressGroup([1, 1, 1, 1, 30])).toEqual({
      cells: ['<5', '<5', '<5', '<5', 'hidden'],
      people: 34,
    });
  });

  it('hides the whole group when the hidden cells could still be worked out', () => {
    // 1 and 5 of 6: the hidden 5 is at least five, so the other is 1.
    expect(suppressGroup([1, 5])).toEqual({ cells: ['hidden', 'hidden'], people: 6 });
    expect(suppressGroup([5, 0, 1])).toEqual({ cells: ['hidden', 'hidden', 'hidden'], people: 6 });
    // The hidden 40 is at least the shown 40, so 41 is 40 + 1.
    expect(suppressGroup([40, 1, 40])).toEqual({ cells: ['hidden', 'hidden', 'hidden'], people: 81 });
  });

  it('hides the whole group when its total is one or four people a cell', () => {
    // Shown any other way, 20 over 5 cells would tell that each cell is 4.
    expect(suppressGroup([4, 4, 4, 4, 4])).toEqual({ cells: Array(5).fill('hidden'), people: 20 });
    expect(suppressGroup([3, 5, 4, 4, 4])).toEqual({ cells: Array(5).fill('hidden'), people: 20 });
    expect(suppressGroup([1, 1, 1, 1, 1])).toEqual({ cells: Array(5).fill('hidden'), people: 5 });
    // Without a <5 there is nothing to protect.
    expect(suppressGroup([10, 10, 0, 0, 0])).toEqual({ cells: [10, 10, 0, 0, 0], people: 20 });
  });

  it('shows <5 everywhere in a group of fewer than five people, and zeros in an empty one', () => {
    expect(suppressGroup([1, 1, 1, 1, 0])).toEqual({ cells: ['<5', '<5', '<5', '<5', '<5'], people: '<5' });
    expect(suppressGroup([0, 0])).toEqual({ cells: [0, 0], people: 0 });
  });

  it('refuses counts that are not whole numbers of people', () => {
    expect(() => suppressGroup([1.5, 3])).toThrow(RangeError);
    expect(() => suppressGroup([-1, 3])).toThrow(RangeError);
  });

  it('the reader of the property tests does recover cells from a rule that leaks', () => {
    // Primary suppression alone: the one <5 is the total minus the rest.
    const primaryOnly = (cells: number[]) => cells.map((count) => (isSmall(count) ? '<5' : count));
    const shown = primaryOnly([20, 3, 30]);
    expect(recovered(primaryOnly, [20, 3, 30], shown, shown, 53).cells).toEqual([1]);
    // The smallest other cell as secondary, then more until the ranges leave two values: knowing
    // that the 5 alone was not enough tells the reader the 1.
    const greedy = (cells: number[]) => {
      const hidden = new Set(cells.flatMap((count, index) => (isSmall(count) ? [index] : [])));
      const open = (set: Set<number>) => {
        const small = [...set].filter((index) => isSmall(cells[index] ?? 0)).length;
        const rest = sum([...set].map((index) => cells[index] ?? 0));
        return set.size !== 1 && rest - small - 5 * (set.size - small) >= 1;
      };
      while (hidden.size > 0 && !open(hidden)) {
        const next = cells
          .map((count, index) => ({ count, index }))
          .filter(({ count, index }) => count > 0 && !hidden.has(index))
          .sort((a, b) => a.count - b.count || a.index - b.index)[0];
        if (!next) {
          break;
        }
        hidden.add(next.index);
      }
      return cells.map((count, index) => (!hidden.has(index) ? count : isSmall(count) ? '<5' : 'hidden'));
    };
    const leaky = greedy([9, 25, 1, 5, 9]);
    expect(leaky).toEqual(['hidden', 25, '<5', 'hidden', 9]);
    expect(recovered(greedy, [9, 25, 1, 5, 9], leaky, leaky, 49).cells).toEqual([2]);
  });

  it('property: no shown figure is wrong, no lone cell is hidden, and no hidden cell can be recovered', () => {
    const random = generator(20261125);
    const seen = { shown: 0, partly: 0, whole: 0 };
    for (let round = 0; round < 2500; round += 1) {
      const counts = Array.from({ length: random.between(2, 6) }, random.count);
      const people = sum(counts);
      const shown = suppressGroup(counts);
      if (people < 5) {
        expect(shown.people).toBe(people === 0 ? 0 : '<5');
        expect(shown.cells.every((cell) => cell === shown.people)).toBe(true);
        continue;
      }
      const whole = shown.cells.every((cell) => cell === 'hidden');
      expect(shown.people, String(counts)).toBe(people);
      shown.cells.forEach((cell, index) => {
        const count = counts[index] ?? -1;
        if (typeof cell === 'number') {
          expect(cell).toBe(count);
        }
        expect(cell === '<5', String(counts)).toBe(isSmall(count) && !whole);
        expect(cell !== 'hidden' || whole || count >= 5, String(counts)).toBe(true);
      });
      const hidden = shown.cells.filter((cell) => typeof cell !== 'number').length;
      expect(hidden, String(counts)).not.toBe(1);
      seen[hidden === 0 ? 'shown' : whole ? 'whole' : 'partly'] += 1;
      expect(
        recovered(suppressGroup, counts, shown, shown.cells, people).cells,
        `${counts.join(',')} gives away`,
      ).toEqual([]);
    }
    // Every way out of the rule was exercised.
    expect(seen.shown).toBeGreaterThan(100);
    expect(seen.partly).toBeGreaterThan(1000);
    expect(seen.whole).toBeGreaterThan(50);
  }, 120_000);
});

describe('suppressAnswers', () => {
  const single = (options: number[], declined: number | null, notAnswered: number): AnswerCounts => ({
    options,
    declined,
    notAnswered,
    people: sum(options) + (declined ?? 0) + notAnswered,
    multiple: false,
  });

  it('shows a question’s figures and, when they give it anyway, the number who answered', () => {
    expect(suppressAnswers(single([12, 9], 6, 8))).toEqual({
      options: [12, 9],
      declined: 6,
      notAnswered: 8,
      answered: 21,
      people: 35,
    });
    // The largest option is hidden with the two <5: declined and not answered still give 17.
    expect(suppressAnswers(single([12, 3, 2], 6, 8))).toEqual({
      options: ['hidden', '<5', '<5'],
      declined: 6,
      notAnswered: 8,
      answered: 17,
      people: 31,
    });
    expect(suppressAnswers(single([12, 3, 2, 7], 16, 8))).toEqual({
      options: [12, '<5', '<5', 7],
      declined: 'hidden',
      notAnswered: 8,
      answered: 'hidden',
      people: 48,
    });
  });

  it('never lets 1 to 4 who answered be worked out: with every option under five the secondary is not an option', () => {
    // 2 + 1 answered: were declined and not answered both shown, 3 would be 28 - 25.
    expect(suppressAnswers(single([2, 1], 10, 15))).toEqual({
      options: ['<5', '<5'],
      declined: 10,
      notAnswered: 'hidden',
      answered: 'hidden',
      people: 28,
    });
  });

  it('age has no prefer-not-to-say row: those who gave a date of birth are everyone but the not given', () => {
    expect(suppressAnswers(single([0, 7, 9, 3, 0, 0, 5], null, 6))).toEqual({
      options: [0, 7, 'hidden', '<5', 0, 0, 5],
      declined: null,
      notAnswered: 6,
      answered: 24,
      people: 30,
    });
  });

  it('a multiple choice: who answered, declined or not is one group, the options another', () => {
    expect(
      suppressAnswers({ options: [31, 0, 2], declined: 1, notAnswered: 40, people: 72, multiple: true }),
    ).toEqual({
      options: ['hidden', 0, '<5'],
      declined: '<5',
      notAnswered: 'hidden',
      answered: 31,
      people: 72,
    });
    expect(
      suppressAnswers({ options: [20, 3, 9], declined: 6, notAnswered: 7, people: 35, multiple: true }),
    ).toEqual({
      options: ['hidden', '<5', 9],
      declined: 6,
      notAnswered: 7,
      answered: 22,
      people: 35,
    });
  });

  it('a multiple choice hides every option when the number who answered is hidden', () => {
    // 3 answered, 1 declined: who answered is hidden, so no option may bound it.
    expect(
      suppressAnswers({ options: [3, 2, 0], declined: 1, notAnswered: 40, people: 44, multiple: true }),
    ).toEqual({
      options: ['<5', '<5', 0],
      declined: '<5',
      notAnswered: 'hidden',
      answered: 'hidden',
      people: 44,
    });
  });

  it('property: for a single choice no hidden figure, nor 1 to 4 who answered, can be recovered', () => {
    const random = generator(7);
    const seen = { shown: 0, partly: 0, whole: 0 };
    for (let round = 0; round < 2000; round += 1) {
      const optionCount = random.between(1, 4);
      const hasDeclined = random.next() < 0.8;
      const vector = Array.from({ length: optionCount + (hasDeclined ? 2 : 1) }, random.count);
      const counts = countsOf(vector, optionCount, hasDeclined);
      const answered = sum(counts.options);
      const shown = suppressAnswers(counts);
      if (counts.people < 5) {
        const all = counts.people === 0 ? 0 : '<5';
        expect([...cellsOf(shown), shown.answered, shown.people].every((cell) => cell === all)).toBe(true);
        continue;
      }
      const cells = cellsOf(shown);
      const whole = cells.every((cell) => cell === 'hidden');
      expect(shown.people).toBe(counts.people);
      cells.forEach((cell, index) => {
        const count = vector[index] ?? -1;
        if (typeof cell === 'number') {
          expect(cell).toBe(count);
        }
        expect(cell === '<5', String(vector)).toBe(isSmall(count) && !whole);
        expect(cell !== 'hidden' || whole || count >= 5, String(vector)).toBe(true);
      });
      if (typeof shown.answered === 'number') {
        expect(shown.answered).toBe(answered);
      }
      const hidden = cells.filter((cell) => typeof cell !== 'number').length;
      expect(hidden, String(vector)).not.toBe(1);
      seen[hidden === 0 ? 'shown' : whole ? 'whole' : 'partly'] += 1;
      const rule = (candidate: number[]) => suppressAnswers(countsOf(candidate, optionCount, hasDeclined));
      const answeredOf = (candidate: readonly number[]) => sum(candidate.slice(0, optionCount));
      const found = recovered(
        rule,
        vector,
        shown,
        cells,
        counts.people,
        isSmall(answered) ? [answeredOf] : [],
      );
      expect(found, `${vector.join(',')} gives away`).toEqual({ cells: [], figures: [] });
    }
    expect(seen.shown).toBeGreaterThan(100);
    expect(seen.partly).toBeGreaterThan(800);
    expect(seen.whole).toBeGreaterThan(50);
  }, 120_000);

  it('property: a multiple choice never shows 1 to 4 nor leaves one figure hidden alone', () => {
    const random = generator(99);
    for (let round = 0; round < 2000; round += 1) {
      const optionCount = random.between(2, 4);
      // Each person: not answered, declined, or a non-empty set of options.
      const choices = Array.from({ length: random.between(0, 40) }, () => {
        const r = random.next();
        return r < 0.2
          ? 'none'
          : r < 0.3
            ? 'declined'
            : Array.from({ length: optionCount }, () => random.next() < 0.4);
      });
      const picked = choices.filter(
        (choice): choice is boolean[] => Array.isArray(choice) && choice.some(Boolean),
      );
      const counts: AnswerCounts = {
        options: Array.from(
          { length: optionCount },
          (_, option) => picked.filter((choice) => choice[option]).length,
        ),
        declined: choices.filter((choice) => choice === 'declined').length,
        notAnswered:
          choices.length - picked.length - choices.filter((choice) => choice === 'declined').length,
        people: choices.length,
        multiple: true,
      };
      const shown = suppressAnswers(counts);
      if (counts.people < 5) {
        continue;
      }
      const partition = [picked.length, counts.declined ?? 0, counts.notAnswered];
      const partitionShown = [shown.answered, shown.declined, shown.notAnswered];
      partitionShown.forEach((cell, index) => {
        if (typeof cell === 'number') {
          expect(cell).toBe(partition[index]);
        }
        if (cell === '<5') {
          expect(isSmall(partition[index] ?? -1)).toBe(true);
        }
      });
      expect(partitionShown.filter((cell) => typeof cell !== 'number').length).not.toBe(1);
      shown.options.forEach((cell, index) => {
        const count = counts.options[index] ?? -1;
        if (typeof cell === 'number') {
          expect(cell).toBe(count);
          expect(isSmall(count)).toBe(false);
        }
      });
      expect(shown.options.filter((cell) => typeof cell !== 'number').length).not.toBe(1);
      if (shown.answered === 'hidden') {
        expect(
          shown.options.every((cell, index) => typeof cell !== 'number' || counts.options[index] === 0),
        ).toBe(true);
      }
    }
  });
});
