import { describe, expect, it } from 'vitest';
import { calendarDay, parseIsoDate } from './calendar-date.js';

describe('calendarDay', () => {
  it('answers the local date at noon', () => {
    const date = calendarDay(2026, 3, 29);
    expect([date?.getFullYear(), date?.getMonth(), date?.getDate(), date?.getHours()]).toEqual([
      2026, 2, 29, 12,
    ]);
  });

  it('refuses days that do not exist', () => {
    expect(calendarDay(2026, 2, 29)).toBeNull();
    expect(calendarDay(2026, 13, 1)).toBeNull();
    expect(calendarDay(2026, 4, 31)).toBeNull();
    expect(calendarDay(2026, 0, 10)).toBeNull();
    expect(calendarDay(2026, 1.5, 10)).toBeNull();
    expect(calendarDay(2024, 2, 29)?.getDate()).toBe(29);
  });

  it('keeps years below 100 as written', () => {
    expect(calendarDay(50, 1, 2)?.getFullYear()).toBe(50);
  });
});

describe('parseIsoDate', () => {
  it('reads YYYY-MM-DD', () => {
    expect(parseIsoDate('1989-11-09')?.toDateString()).toBe(new Date(1989, 10, 9).toDateString());
  });

  it.each(['2026-02-30', '2026-2-3', '09/11/1989', '2026-02-03T10:00', '', ' 2026-02-03'])(
    'refuses %j',
    (value) => {
      expect(parseIsoDate(value)).toBeNull();
    },
  );
});
