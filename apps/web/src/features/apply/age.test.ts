import { describe, expect, it } from 'vitest';
import { ageOn, isBelowMinimumAge, isMinor, minimumAgeWarning } from './age';

const today = new Date(2026, 5, 15);

describe('ageOn', () => {
  it('counts whole years, turning over on the birthday', () => {
    expect(ageOn('2008-06-15', today)).toBe(18);
    expect(ageOn('2008-06-16', today)).toBe(17);
    expect(ageOn('1989-11-27', today)).toBe(36);
  });

  it('is null for an empty or impossible date', () => {
    expect(ageOn('', today)).toBeNull();
    expect(ageOn(undefined, today)).toBeNull();
    expect(ageOn('2008-02-30', today)).toBeNull();
    expect(ageOn('15/06/2008', today)).toBeNull();
  });
});

describe('isMinor and isBelowMinimumAge', () => {
  it('compares with the organisation minor age', () => {
    expect(isMinor('2008-06-16', 18, today)).toBe(true);
    expect(isMinor('2008-06-15', 18, today)).toBe(false);
    expect(isMinor('', 18, today)).toBe(false);
  });

  it('warns below the step minimum age only when the step has one', () => {
    expect(isBelowMinimumAge('2012-01-01', 16, today)).toBe(true);
    expect(isBelowMinimumAge('2010-01-01', 16, today)).toBe(false);
    expect(isBelowMinimumAge('2012-01-01', null, today)).toBe(false);
    expect(isBelowMinimumAge('2012-01-01', 0, today)).toBe(false);
  });

  it('words the warning as the spec does', () => {
    expect(minimumAgeWarning(16)).toBe(
      'Sorry, you have to be at least 16 for this opportunity. Are you sure you want to apply?',
    );
  });
});
