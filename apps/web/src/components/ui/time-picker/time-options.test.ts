import { describe, expect, it } from 'vitest';
import { checkTypedTime, filterTimeOptions, nearestTimeIndex, timeOptions, valueOfTypedTime } from './time-options';

describe('time options', () => {
  it('offers every 15 minutes or every 5 minutes', () => {
    const quarters = timeOptions(15);
    expect(quarters).toHaveLength(96);
    expect(quarters.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(quarters.at(-1)).toBe('23:45');
    const fives = timeOptions(5);
    expect(fives).toHaveLength(288);
    expect(fives.slice(0, 3)).toEqual(['00:00', '00:05', '00:10']);
    expect(fives.at(-1)).toBe('23:55');
  });

  it('takes HH:MM and H:MM and tidies them into HH:MM', () => {
    expect(valueOfTypedTime('14:30', 15)).toBe('14:30');
    expect(valueOfTypedTime('9:45', 15)).toBe('09:45');
    expect(valueOfTypedTime(' 9:05 ', 5)).toBe('09:05');
  });

  it.each(['24:00', '12:60', '930', '9', 'noon', '1:5', '123:00'])('refuses %s as not a time', (typed) => {
    expect(checkTypedTime(typed, 15)).toBe('Please enter a valid time, for example 14:30');
    expect(valueOfTypedTime(typed, 15)).toBe('');
  });

  it('refuses a time off the minute step', () => {
    expect(checkTypedTime('14:05', 15)).toBe('Please enter a time in steps of 15 minutes, for example 14:45');
    expect(checkTypedTime('14:07', 5)).toBe('Please enter a time in steps of 5 minutes, for example 14:15');
    expect(checkTypedTime('14:05', 5)).toBeNull();
  });

  it('has no complaint about an empty box', () => {
    expect(checkTypedTime('', 15)).toBeNull();
  });

  it('filters by what was typed, with or without the leading zero', () => {
    const options = timeOptions(15);
    expect(filterTimeOptions(options, '14:3')).toEqual(['14:30']);
    expect(filterTimeOptions(options, '9:')).toEqual(['09:00', '09:15', '09:30', '09:45']);
    expect(filterTimeOptions(options, '')).toHaveLength(96);
  });

  it('finds the time at or after a typed one', () => {
    const options = timeOptions(15);
    expect(options[nearestTimeIndex(options, '14:07')]).toBe('14:15');
    expect(options[nearestTimeIndex(options, '23:50')]).toBe('00:00');
    expect(nearestTimeIndex(options, '')).toBe(-1);
  });
});
