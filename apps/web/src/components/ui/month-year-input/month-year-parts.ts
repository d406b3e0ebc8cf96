import { digitsOnly } from '../date-input/date-parts';

/** The month and year boxes, as typed. */
export type MonthYearParts = { month: string; year: string };
export type MonthYearPart = keyof MonthYearParts;

/** Most characters in the year box (applicant-flow §5). */
export const MONTH_YEAR_YEAR_LENGTH = 4;

/** Splits a stored `YYYY-MM`; anything else gives empty boxes. */
export function monthYearPartsFromValue(value: string | null | undefined): MonthYearParts {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  return match ? { year: match[1] ?? '', month: match[2] ?? '' } : { month: '', year: '' };
}

/** Month box: digits only, two at most. */
export function cleanMonth(raw: string): string {
  return digitsOnly(raw, 2);
}

/**
 * Year box while typing: digits only, four at most; in past-only mode a complete year later
 * than the current one is capped to the current year (applicant-flow §5).
 */
export function cleanYear(raw: string, pastOnly: boolean, now: Date = new Date()): string {
  const year = digitsOnly(raw, MONTH_YEAR_YEAR_LENGTH);
  if (pastOnly && year.length === MONTH_YEAR_YEAR_LENGTH && Number(year) > now.getFullYear()) {
    return String(now.getFullYear());
  }
  return year;
}

/** Year box when left: a non-positive year (0, 00, …) is replaced by the current year (applicant-flow §5). */
export function settleYear(year: string, now: Date = new Date()): string {
  return year !== '' && Number(year) <= 0 ? String(now.getFullYear()) : year;
}

export type MonthYearProblem = { message: string; parts: MonthYearPart[] };

/** What is wrong with the boxes; empty boxes are the form's business, not a problem here. */
export function checkMonthYearParts(parts: MonthYearParts, label: string): MonthYearProblem | null {
  if (parts.month === '' && parts.year === '') {
    return null;
  }
  if (parts.month === '') {
    return { message: `${label} must include a month`, parts: ['month'] };
  }
  if (parts.year === '') {
    return { message: `${label} must include a year`, parts: ['year'] };
  }
  const month = Number(parts.month);
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    return { message: 'Month must be between 1 and 12', parts: ['month'] };
  }
  if (parts.year.length !== MONTH_YEAR_YEAR_LENGTH || Number(parts.year) <= 0) {
    return { message: 'Year must have 4 digits, for example 2019', parts: ['year'] };
  }
  return null;
}

/** The stored `YYYY-MM`, or '' while the boxes are empty, incomplete or wrong. */
export function valueFromMonthYearParts(parts: MonthYearParts, label: string): string {
  if (parts.month === '' || parts.year === '' || checkMonthYearParts(parts, label)) {
    return '';
  }
  return `${parts.year}-${parts.month.padStart(2, '0')}`;
}
