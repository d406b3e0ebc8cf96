import { differenceInCalendarMonths, formatDuration } from 'date-fns';
import { emptyAddressRow, type AddressRow } from './body';

/** A from date the month-year box has completed: `YYYY-MM` with a real month. */
function isMonth(value: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

function monthStart(value: string): Date {
  const [year, month] = value.split('-').map(Number) as [number, number];
  return new Date(year, month - 1, 1);
}

/**
 * The whole months from the oldest from date to `today` (`YYYY-MM-DD`), counted as the contract
 * counts them (calendar months between the two); 0 when no row has a date.
 */
export function monthsCovered(rows: readonly AddressRow[], today: string): number {
  const dates = rows.map((row) => row.from_date).filter(isMonth).sort();
  const oldest = dates[0];
  if (oldest === undefined) {
    return 0;
  }
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  return differenceInCalendarMonths(new Date(year, month - 1, day), monthStart(oldest));
}

/**
 * The address history rule (applicant-flow §4): while the dates cover fewer than `minMonths`, a
 * row without a date is kept for the next older address (an empty one is appended when every
 * row has a date); once they cover it, rows with an empty date are removed. The first row (the
 * current address) always stays, and so does a row whose date is being typed (`isTyping`), so
 * that a half-typed date does not take its row away. Answers `rows` itself when nothing changes.
 */
export function applyHistoryRule(
  rows: readonly AddressRow[],
  minMonths: number,
  today: string,
  isTyping: (row: AddressRow) => boolean = () => false,
): readonly AddressRow[] {
  if (minMonths <= 0) {
    return rows;
  }
  const undated = (row: AddressRow) => row.from_date === '' && !isTyping(row);
  if (monthsCovered(rows, today) < minMonths) {
    return rows.some((row) => row.from_date === '') ? rows : [...rows, emptyAddressRow()];
  }
  const kept = rows.filter((row, index) => index === 0 || !undated(row));
  return kept.length === rows.length ? rows : kept;
}

/** A number of months in years and months (applicant-flow §9): "3 years", "1 year and 6 months". */
export function formatMonths(months: number): string {
  return formatDuration({ years: Math.floor(months / 12), months: months % 12 }, { delimiter: ' and ' });
}
