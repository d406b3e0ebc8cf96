import { describe, expect, it } from 'vitest';
import { readHashState, writeHashState } from './hash-state';

const spec = {
  tab: { default: '0', allowed: ['0', '1', '2'] },
  user_id: { default: null, allowed: /\d+/ },
  view: { default: 'list', allowed: 'list' },
  q: { default: null },
} as const;

describe('readHashState', () => {
  it('reads query-style parameters inside the hash', () => {
    expect(readHashState('#tab=1&user_id=3&q=hello%20there', spec)).toEqual({
      tab: '1',
      user_id: '3',
      view: 'list',
      q: 'hello there',
    });
  });

  it('uses the default for a value outside a list, a pattern (whole value) or an exact value', () => {
    expect(readHashState('#tab=9&user_id=3a&view=grid', spec)).toEqual({
      tab: '0',
      user_id: null,
      view: 'list',
      q: null,
    });
  });

  it('uses the defaults for an empty hash', () => {
    expect(readHashState('', spec)).toEqual({ tab: '0', user_id: null, view: 'list', q: null });
  });
});

describe('writeHashState', () => {
  it('sets values, drops defaults and nulls, and keeps parameters it does not own', () => {
    expect(writeHashState('#other=x&tab=1', spec, { tab: 2, user_id: '5' })).toBe('#other=x&tab=2&user_id=5');
    expect(writeHashState('#tab=1&user_id=5', spec, { tab: '0', user_id: null })).toBe('');
  });

  it('refuses a value outside the allowed set', () => {
    expect(() => writeHashState('', spec, { tab: '7' })).toThrow(RangeError);
  });
});
