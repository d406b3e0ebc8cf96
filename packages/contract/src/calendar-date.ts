/*
 * Calendar dates without a date library's parser: the browser's first load carries these few
 * lines instead of date-fns `parse` and its locale tables.
 */

/**
 * The local date of `year`, `month` (1–12) and `day`, at noon so that calendar arithmetic stays
 * clear of daylight-saving edges; null when that day does not exist (31/02, month 13).
 */
export function calendarDay(year: number, month: number, day: number): Date | null {
  if (![year, month, day].every(Number.isInteger)) {
    return null;
  }
  const date = new Date(2000, 0, 1, 12);
  // setFullYear, not the constructor: the constructor reads years 0–99 as 1900–1999.
  date.setFullYear(year, month - 1, day);
  // Date rolls a day that does not exist over into the next month: such a date comes back changed.
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` calendar date as a local date at noon, or null when it is not a real one. */
export function parseIsoDate(value: string): Date | null {
  const match = ISO_DATE.exec(value);
  return match ? calendarDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}
