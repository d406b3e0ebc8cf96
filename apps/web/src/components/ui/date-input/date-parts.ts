import { calendarDay } from '@muster/contract';

/** The three boxes of the date input, as typed (digits only). */
export type DateParts = { day: string; month: string; year: string };
export type DatePart = keyof DateParts;

export const EMPTY_DATE_PARTS: DateParts = { day: '', month: '', year: '' };

/** Most digits each box takes (applicant-flow §5: day and month two, year four). */
export const DATE_PART_LENGTH: Record<DatePart, number> = { day: 2, month: 2, year: 4 };

/** Earliest year the date input accepts (applicant-flow §5). */
export const MIN_DATE_YEAR = 1900;

/** Latest year the date input accepts: the current year plus 100 (applicant-flow §5). */
export function maxDateYear(now: Date = new Date()): number {
  return now.getFullYear() + 100;
}

/** Keeps the digits of what was typed or pasted, at most `maxLength` of them. */
export function digitsOnly(raw: string, maxLength: number): string {
  return raw.replace(/\D/g, '').slice(0, maxLength);
}

/** Splits a stored `YYYY-MM-DD` into the boxes; anything else gives empty boxes. */
export function datePartsFromIso(value: string | null | undefined): DateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) {
    return EMPTY_DATE_PARTS;
  }
  return { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' };
}

/** Reads a whole pasted date: `27/11/1989` (also with `.`, `-` or spaces) or `1989-11-27`. */
export function datePartsFromText(text: string): DateParts | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  if (iso) {
    return { year: iso[1] ?? '', month: iso[2] ?? '', day: iso[3] ?? '' };
  }
  const display = /^(\d{1,2})[/.\-\s](\d{1,2})[/.\-\s](\d{4})$/.exec(trimmed);
  if (display) {
    return { day: display[1] ?? '', month: display[2] ?? '', year: display[3] ?? '' };
  }
  return null;
}

/** `YYYY-MM-DD` shown as `DD/MM/YYYY` (applicant-flow §9); anything else as given. */
export function formatDisplayDate(value: string): string {
  const parts = datePartsFromIso(value);
  return parts.year ? `${parts.day}/${parts.month}/${parts.year}` : value;
}

export type YearRange = { minYear: number; maxYear: number };

/** What is wrong with the typed date, and which boxes to mark. */
export type DateProblem = { message: string; parts: DatePart[] };

const partNames: Record<DatePart, string> = { day: 'a day', month: 'a month', year: 'a year' };

function inRange(text: string, min: number, max: number): boolean {
  const number = Number(text);
  return Number.isInteger(number) && number >= min && number <= max;
}

/**
 * Checks the boxes. Empty boxes are no problem here (whether the date is required is the form's
 * business); a partly filled, out-of-range or impossible date is, with a sentence for the user.
 * The calendar check is date-fns's strict parse, so 31/02 and 29/02 outside leap years fail.
 */
export function checkDateParts(parts: DateParts, label: string, range: YearRange): DateProblem | null {
  const filled = (Object.keys(partNames) as DatePart[]).filter((part) => parts[part] !== '');
  if (filled.length === 0) {
    return null;
  }
  const missing = (Object.keys(partNames) as DatePart[]).filter((part) => parts[part] === '');
  if (missing.length > 0) {
    return { message: `${label} must include ${missing.map((part) => partNames[part]).join(' and ')}`, parts: missing };
  }
  if (!inRange(parts.day, 1, 31)) {
    return { message: 'Day must be between 1 and 31', parts: ['day'] };
  }
  if (!inRange(parts.month, 1, 12)) {
    return { message: 'Month must be between 1 and 12', parts: ['month'] };
  }
  if (parts.year.length !== DATE_PART_LENGTH.year) {
    return { message: 'Year must have 4 digits, for example 1989', parts: ['year'] };
  }
  if (!inRange(parts.year, range.minYear, range.maxYear)) {
    return { message: `Year must be between ${range.minYear} and ${range.maxYear}`, parts: ['year'] };
  }
  if (!calendarDate(parts)) {
    const shown = `${parts.day.padStart(2, '0')}/${parts.month.padStart(2, '0')}/${parts.year}`;
    return { message: `${shown} is not a real date`, parts: ['day', 'month'] };
  }
  return null;
}

function calendarDate(parts: DateParts): Date | null {
  const digits = /^\d+$/;
  if (![parts.day, parts.month, parts.year].every((part) => digits.test(part))) {
    return null;
  }
  return calendarDay(Number(parts.year), Number(parts.month), Number(parts.day));
}

/** The stored `YYYY-MM-DD` for the boxes, or '' while they are empty, incomplete or wrong. */
export function isoFromDateParts(parts: DateParts, label: string, range: YearRange): string {
  if (parts.day === '' || parts.month === '' || parts.year === '' || checkDateParts(parts, label, range)) {
    return '';
  }
  return `${parts.year}-${parts.month.padStart(2, '0')}-${parts.day.padStart(2, '0')}`;
}
