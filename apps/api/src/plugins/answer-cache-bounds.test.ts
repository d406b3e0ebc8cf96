import { describe, expect, it } from 'vitest';
import { boundedAnswerStore } from './answer-cache.js';

const textBytes = (key: string, value: string) => key.length + value.length;

describe('boundedAnswerStore', () => {
  it('keeps at most its count of answers: the least recently used go first', () => {
    const store = boundedAnswerStore<string>({ maxEntries: 100, maxBytes: Infinity }, textBytes);
    for (let index = 0; index < 1_000; index += 1) {
      store.set(`geocode-search:${index}`, '[]');
    }
    expect(store.size).toBe(100);
    expect(store.get('geocode-search:0')).toBeUndefined();
    expect(store.get('geocode-search:999')).toBe('[]');
    // An answer read is used: the next new one replaces another.
    expect(store.get('geocode-search:900')).toBe('[]');
    store.set('geocode-search:1000', '[]');
    expect(store.get('geocode-search:900')).toBe('[]');
    expect(store.get('geocode-search:901')).toBeUndefined();
  });

  it('keeps at most its bytes of answers, however few they are: the least recently used go first', () => {
    const store = boundedAnswerStore<string>({ maxEntries: Infinity, maxBytes: 1_000_000 }, textBytes);
    const answer = 'x'.repeat(10_000);
    for (let index = 0; index < 1_000; index += 1) {
      store.set(`geocode-search:${index}`, answer);
    }
    expect(store.calculatedSize).toBeLessThanOrEqual(1_000_000);
    expect(store.size).toBeLessThan(100);
    expect(store.get('geocode-search:0')).toBeUndefined();
    expect(store.get('geocode-search:999')).toBe(answer);
  });

  it('counts an answer kept again once, and forgets what is deleted or cleared', () => {
    const store = boundedAnswerStore<string>({ maxEntries: 10, maxBytes: 100 }, textBytes);
    store.set('a', '12345');
    store.set('a', '1234567890');
    expect(store.calculatedSize).toBe(11);
    store.set('b', '1');
    store.delete('a');
    expect([store.size, store.calculatedSize]).toEqual([1, 2]);
    store.clear();
    expect([store.size, store.calculatedSize]).toEqual([0, 0]);
  });

  it('does not keep an answer larger than the whole budget, nor drop the others for it', () => {
    const store = boundedAnswerStore<string>({ maxEntries: 10, maxBytes: 100 }, textBytes);
    store.set('a', 'small');
    store.set('huge', 'x'.repeat(1_000));
    expect(store.get('huge')).toBeUndefined();
    expect(store.get('a')).toBe('small');
  });
});
