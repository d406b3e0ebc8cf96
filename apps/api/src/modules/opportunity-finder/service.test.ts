import { describe, expect, it } from 'vitest';
import { searchWords, summarise } from './service.js';

describe('summarise', () => {
  it('keeps a short description whole, with its white space collapsed', () => {
    expect(summarise('  Pick litter\n\nfrom the   bay. ')).toBe('Pick litter from the bay.');
  });

  it('answers null without a description', () => {
    expect(summarise(null)).toBeNull();
    expect(summarise(' \n ')).toBeNull();
  });

  it('cuts a long one at a word, without trailing punctuation, and adds an ellipsis', () => {
    const summary = summarise('Plant trees, then water them. '.repeat(3), false, 40);
    expect(summary).toBe('Plant trees, then water them. Plant…');
    expect(summary?.length).toBeLessThanOrEqual(40);
  });

  it('cuts through a word only when it would lose more than half the room', () => {
    expect(summarise(`Go ${'a'.repeat(50)}`, false, 20)).toBe(`Go ${'a'.repeat(16)}…`);
  });

  it('adds an ellipsis when the text given is only the start of the description', () => {
    expect(summarise('A short start', true, 40)).toBe('A short start…');
  });
});

describe('searchWords', () => {
  it('splits on white space, lower-cases and drops repeats', () => {
    expect(searchWords('  Beach  CLEAN beach ')).toEqual(['beach', 'clean']);
  });

  it('answers no words for an empty search', () => {
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords('   ')).toEqual([]);
  });
});
