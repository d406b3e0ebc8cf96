import { describe, expect, it } from 'vitest';
import {
  checkDateParts,
  datePartsFromIso,
  datePartsFromText,
  digitsOnly,
  formatDisplayDate,
  isoFromDateParts,
  maxDateYear,
} from './date-parts';

const range = { minYear: 1900, maxYear: 2125 };

describe('date parts', () => {
  it('keeps digits only, up to the box length', () => {
    expect(digitsOnly('1a2-3', 2)).toBe('12');
    expect(digitsOnly('19890', 4)).toBe('1989');
  });

  it('allows years up to the current year plus 100', () => {
    expect(maxDateYear(new Date(2025, 5, 1))).toBe(2125);
  });

  it('splits YYYY-MM-DD and shows it as DD/MM/YYYY', () => {
    expect(datePartsFromIso('1989-11-27')).toEqual({ day: '27', month: '11', year: '1989' });
    expect(datePartsFromIso('27/11/1989')).toEqual({ day: '', month: '', year: '' });
    expect(formatDisplayDate('1989-11-27')).toBe('27/11/1989');
  });

  it('reads pasted dates in display or ISO form', () => {
    expect(datePartsFromText(' 27/11/1989 ')).toEqual({ day: '27', month: '11', year: '1989' });
    expect(datePartsFromText('1989-11-27')).toEqual({ day: '27', month: '11', year: '1989' });
    expect(datePartsFromText('next Tuesday')).toBeNull();
  });

  it('pads single digits in the stored value', () => {
    expect(isoFromDateParts({ day: '5', month: '1', year: '1989' }, 'Date', range)).toBe('1989-01-05');
  });

  it('has no complaint about empty boxes', () => {
    expect(checkDateParts({ day: '', month: '', year: '' }, 'Date', range)).toBeNull();
  });

  it('names the missing parts of a partly filled date', () => {
    expect(checkDateParts({ day: '27', month: '', year: '' }, 'Date of birth', range)).toEqual({
      message: 'Date of birth must include a month and a year',
      parts: ['month', 'year'],
    });
  });

  it.each([
    [{ day: '0', month: '1', year: '2000' }, 'Day must be between 1 and 31'],
    [{ day: '32', month: '1', year: '2000' }, 'Day must be between 1 and 31'],
    [{ day: '1', month: '0', year: '2000' }, 'Month must be between 1 and 12'],
    [{ day: '1', month: '13', year: '2000' }, 'Month must be between 1 and 12'],
    [{ day: '1', month: '1', year: '200' }, 'Year must have 4 digits, for example 1989'],
    [{ day: '1', month: '1', year: '1899' }, 'Year must be between 1900 and 2125'],
    [{ day: '1', month: '1', year: '2126' }, 'Year must be between 1900 and 2125'],
    [{ day: '31', month: '02', year: '2023' }, '31/02/2023 is not a real date'],
    [{ day: '29', month: '2', year: '2023' }, '29/02/2023 is not a real date'],
    [{ day: '31', month: '4', year: '2023' }, '31/04/2023 is not a real date'],
  ])('refuses %o: %s', (parts, message) => {
    expect(checkDateParts(parts, 'Date', range)?.message).toBe(message);
    expect(isoFromDateParts(parts, 'Date', range)).toBe('');
  });

  it('accepts the edges of the range and leap days', () => {
    expect(isoFromDateParts({ day: '1', month: '1', year: '1900' }, 'Date', range)).toBe('1900-01-01');
    expect(isoFromDateParts({ day: '31', month: '12', year: '2125' }, 'Date', range)).toBe('2125-12-31');
    expect(isoFromDateParts({ day: '29', month: '02', year: '2024' }, 'Date', range)).toBe('2024-02-29');
  });
});
