import { describe, expect, it } from 'vitest';
import { ageOnDate, formFlag, isRealIsoDate } from './read.js';

describe('helpers', () => {
  it('dates: real calendar dates only, ages in whole years', () => {
    expect(isRealIsoDate('2024-02-29')).toBe(true);
    expect(isRealIsoDate('2023-02-29')).toBe(false);
    expect(isRealIsoDate('2023-2-1')).toBe(false);
    expect(ageOnDate('2000-02-29', '2018-02-28')).toBe(17);
    expect(ageOnDate('2000-02-29', '2018-03-01')).toBe(18);
  });
});

describe('formFlag', () => {
  it('reads FormData and JSON booleans, a repeated field by its last value', () => {
    expect(['1', 'true', 'yes', 'on', true, 1, ['0', '1']].map(formFlag)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['0', 'false', '', 'maybe', undefined, null, 0, ['1', '0']].map(formFlag)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
