import { describe, expect, it } from 'vitest';
import {
  addDaysIso,
  type Availability,
  type BookingContext,
  bookingBounds,
  canEndOn,
  canStartOn,
  changeoverWeekdayOn,
  checkBookingDates,
  checkBookingRange,
  DEFAULT_MAX_NIGHTS,
  DEFAULT_MIN_NIGHTS,
  displayDate,
  durationOptions,
  earliestBookableDate,
  isIsoDate,
  nightsBetween,
  weekdayOf,
} from './booking-rules.js';

/** Every night from `from` for `count` nights at `capacity`. */
function nights(from: string, count: number, capacity: number): Availability {
  const map: Availability = {};
  for (let i = 0; i < count; i += 1) {
    map[addDaysIso(from, i)] = { available_capacity: capacity };
  }
  return map;
}

// 2026-12-05 and 2026-12-12 are Saturdays.
const SATURDAYS = [{ start_date: '2026-01-01', end_date: null, day_of_week: 6 }];

function context(overrides: Partial<BookingContext> = {}): BookingContext {
  return {
    changeoverDays: SATURDAYS,
    availability: nights('2026-11-01', 120, 3),
    minDate: '2026-11-26',
    maxDate: '2027-02-28',
    durations: [7, 14],
    ...overrides,
  };
}

describe('date helpers', () => {
  it('counts nights as end minus start across month, year and DST edges', () => {
    expect(nightsBetween('2026-12-05', '2026-12-12')).toBe(7);
    expect(nightsBetween('2026-12-26', '2027-01-09')).toBe(14);
    expect(nightsBetween('2026-03-28', '2026-04-04')).toBe(7);
    expect(nightsBetween('2026-10-24', '2026-10-31')).toBe(7);
    expect(nightsBetween('2026-12-12', '2026-12-05')).toBe(-7);
  });

  it('knows weekdays, display format and real dates', () => {
    expect(weekdayOf('2026-12-12')).toBe(6);
    expect(weekdayOf('2026-12-13')).toBe(0);
    expect(displayDate('2026-12-12')).toBe('12/12/2026');
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('12/12/2026')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
  });
});

describe('durationOptions', () => {
  it('defaults to 7 and 14 nights, the first being the default', () => {
    expect(DEFAULT_MIN_NIGHTS).toBe(7);
    expect(DEFAULT_MAX_NIGHTS).toBe(14);
    expect(durationOptions()).toEqual([7, 14]);
    expect(durationOptions(null, null)).toEqual([7, 14]);
  });

  it('lists the multiples of 7 between minimum and maximum', () => {
    expect(durationOptions(7, 28)).toEqual([7, 14, 21, 28]);
    expect(durationOptions(10, 30)).toEqual([14, 21, 28]);
    expect(durationOptions(14, 14)).toEqual([14]);
    expect(durationOptions(7, 7)).toEqual([7]);
  });

  it('always offers at least one choice', () => {
    expect(durationOptions(21)).toEqual([21]);
    expect(durationOptions(9, 10)).toEqual([14]);
    expect(durationOptions(0, 7)).toEqual([7]);
  });
});

describe('earliestBookableDate', () => {
  it('is the day after tomorrow unless given', () => {
    expect(earliestBookableDate('2026-11-24')).toBe('2026-11-26');
    expect(earliestBookableDate('2026-12-31', null)).toBe('2027-01-02');
  });

  it('uses a given date, but never one before tomorrow', () => {
    expect(earliestBookableDate('2026-11-24', '2027-01-02')).toBe('2027-01-02');
    expect(earliestBookableDate('2026-11-24', '2026-11-25')).toBe('2026-11-25');
    expect(earliestBookableDate('2026-11-24', '2020-01-01')).toBe('2026-11-25');
  });
});

describe('changeoverWeekdayOn', () => {
  const days = [
    { start_date: '2026-01-01', end_date: '2026-06-30', day_of_week: 6 },
    { start_date: '2026-07-01', end_date: null, day_of_week: 0 },
    { start_date: '2026-08-01', end_date: '2026-08-31', day_of_week: 3 },
  ];

  it('takes the period holding the date, inclusive of both ends', () => {
    expect(changeoverWeekdayOn('2026-01-01', days)).toBe(6);
    expect(changeoverWeekdayOn('2026-06-30', days)).toBe(6);
    expect(changeoverWeekdayOn('2026-07-01', days)).toBe(0);
    expect(changeoverWeekdayOn('2030-01-01', days)).toBe(0);
  });

  it('prefers the latest-starting period where periods overlap', () => {
    expect(changeoverWeekdayOn('2026-08-15', days)).toBe(3);
    expect(changeoverWeekdayOn('2026-09-01', days)).toBe(0);
  });

  it('is null when no period applies', () => {
    expect(changeoverWeekdayOn('2025-12-31', days)).toBeNull();
    expect(changeoverWeekdayOn('2026-12-12', [])).toBeNull();
  });
});

describe('checkBookingRange', () => {
  it('accepts a Saturday-to-Saturday week or fortnight with space every night', () => {
    expect(checkBookingRange({ start_date: '2026-12-05', end_date: '2026-12-12' }, context())).toBeNull();
    expect(checkBookingRange({ start_date: '2026-12-05', end_date: '2026-12-19' }, context())).toBeNull();
  });

  it('refuses an end on or before the start', () => {
    expect(checkBookingRange({ start_date: '2026-12-12', end_date: '2026-12-12' }, context())).toEqual({
      field: 'end_date',
      rule: 'order',
      message: 'Your stay must end after the day it starts.',
    });
  });

  it('refuses a start on another weekday, naming the changeover day', () => {
    expect(checkBookingRange({ start_date: '2026-12-06', end_date: '2026-12-12' }, context())).toEqual({
      field: 'start_date',
      rule: 'changeover-start',
      message: 'Your stay must start on a Saturday.',
    });
  });

  it('refuses an end on another weekday', () => {
    expect(checkBookingRange({ start_date: '2026-12-05', end_date: '2026-12-13' }, context())).toEqual({
      field: 'end_date',
      rule: 'changeover-end',
      message: 'Your stay must end on a Saturday.',
    });
  });

  it('judges each end by the changeover day that applies to it', () => {
    const changeoverDays = [
      { start_date: '2026-01-01', end_date: '2026-12-10', day_of_week: 6 },
      { start_date: '2026-12-11', end_date: null, day_of_week: 0 },
    ];
    const ctx = context({ changeoverDays, durations: [8] });
    expect(checkBookingRange({ start_date: '2026-12-05', end_date: '2026-12-13' }, ctx)).toBeNull();
    expect(checkBookingRange({ start_date: '2026-12-05', end_date: '2026-12-12' }, ctx)?.message).toBe(
      'Your stay must end on a Sunday.',
    );
  });

  it('accepts any weekday where no changeover day applies', () => {
    const ctx = context({ changeoverDays: [] });
    expect(checkBookingRange({ start_date: '2026-12-02', end_date: '2026-12-09' }, ctx)).toBeNull();
  });

  it('refuses a start before the minimum date', () => {
    expect(
      checkBookingRange(
        { start_date: '2026-11-21', end_date: '2026-11-28' },
        context({ minDate: '2026-11-26' }),
      ),
    ).toEqual({
      field: 'start_date',
      rule: 'before-minimum',
      message: 'Your stay cannot start before 26/11/2026.',
    });
  });

  it('refuses a start or an end after the maximum date', () => {
    expect(
      checkBookingRange(
        { start_date: '2026-12-12', end_date: '2026-12-19' },
        context({ maxDate: '2026-12-10' }),
      ),
    ).toEqual({
      field: 'start_date',
      rule: 'after-maximum',
      message: 'Your stay cannot start after 10/12/2026.',
    });
    expect(
      checkBookingRange(
        { start_date: '2026-12-05', end_date: '2026-12-12' },
        context({ maxDate: '2026-12-10' }),
      ),
    ).toEqual({ field: 'end_date', rule: 'after-maximum', message: 'Your stay must end by 10/12/2026.' });
    expect(
      checkBookingRange(
        { start_date: '2026-12-05', end_date: '2026-12-12' },
        context({ maxDate: '2026-12-12' }),
      ),
    ).toBeNull();
    expect(
      checkBookingRange(
        { start_date: '2027-06-05', end_date: '2027-06-12' },
        context({ maxDate: null, availability: nights('2027-06-01', 30, 1) }),
      ),
    ).toBeNull();
  });

  it('refuses a length that is not one of the durations, listing them', () => {
    expect(checkBookingRange({ start_date: '2026-12-05', end_date: '2026-12-26' }, context())).toEqual({
      field: 'end_date',
      rule: 'duration',
      message: 'Your stay must be 7 or 14 nights.',
    });
    expect(
      checkBookingRange({ start_date: '2026-12-05', end_date: '2026-12-19' }, context({ durations: [7] }))
        ?.message,
    ).toBe('Your stay must be 7 nights.');
    expect(
      checkBookingRange(
        { start_date: '2026-12-05', end_date: '2026-12-12' },
        context({ durations: [14, 21, 28] }),
      )?.message,
    ).toBe('Your stay must be 14, 21 or 28 nights.');
  });

  it('refuses a stay with a full night, naming the night, even on a changeover day', () => {
    const full = { ...context().availability, '2026-12-09': { available_capacity: 0 } };
    expect(
      checkBookingRange(
        { start_date: '2026-12-05', end_date: '2026-12-12' },
        context({ availability: full }),
      ),
    ).toEqual({
      field: 'start_date',
      rule: 'no-capacity',
      message: 'There is no space left on the night of 09/12/2026.',
    });
    const fullSaturday = { ...context().availability, '2026-12-05': { available_capacity: 0 } };
    expect(
      checkBookingRange(
        { start_date: '2026-12-05', end_date: '2026-12-12' },
        context({ availability: fullSaturday }),
      )?.rule,
    ).toBe('no-capacity');
  });

  it('ignores the departure night: a full night after the stay does not matter', () => {
    const full = { ...context().availability, '2026-12-12': { available_capacity: 0 } };
    expect(
      checkBookingRange(
        { start_date: '2026-12-05', end_date: '2026-12-12' },
        context({ availability: full }),
      ),
    ).toBeNull();
  });

  it('refuses a stay whose nights are not known to add up to enough space', () => {
    // Only the first three nights are known: 1 (Saturday, counted as 1) + 2 + 2 = 5 < 7.
    const partial: Availability = {
      '2026-12-05': { available_capacity: 9 },
      '2026-12-06': { available_capacity: 2 },
      '2026-12-07': { available_capacity: 2 },
    };
    expect(
      checkBookingRange(
        { start_date: '2026-12-05', end_date: '2026-12-12' },
        context({ availability: partial }),
      ),
    ).toEqual({
      field: 'start_date',
      rule: 'insufficient-capacity',
      message: 'There is not enough space left between 05/12/2026 and 12/12/2026.',
    });
    // Known nights with room to spare make up for the unknown ones: 1 + 3 × 2 = 7.
    const enough: Availability = { ...partial, '2026-12-08': { available_capacity: 2 } };
    expect(
      checkBookingRange(
        { start_date: '2026-12-05', end_date: '2026-12-12' },
        context({ availability: enough }),
      ),
    ).toBeNull();
  });

  it('counts a changeover night as 1 however much space it shows', () => {
    // The changeover Saturday credits 1, not 50: 1 + 2 + 2 + 1 = 6 < 7.
    const partial: Availability = {
      '2026-12-05': { available_capacity: 50 },
      '2026-12-06': { available_capacity: 2 },
      '2026-12-07': { available_capacity: 2 },
      '2026-12-08': { available_capacity: 1 },
    };
    expect(
      checkBookingRange(
        { start_date: '2026-12-05', end_date: '2026-12-12' },
        context({ availability: partial }),
      )?.rule,
    ).toBe('insufficient-capacity');
  });
});

describe('canStartOn / canEndOn', () => {
  it('offers starts only on changeover days inside the dates with a valid stay ahead', () => {
    const ctx = context();
    expect(canStartOn('2026-12-05', ctx)).toBe(true);
    expect(canStartOn('2026-12-06', ctx)).toBe(false);
    expect(canStartOn('2026-11-21', ctx)).toBe(false);
    expect(canStartOn('2027-02-27', ctx)).toBe(false);
  });

  it('offers a start when a longer stay fits even if the shortest does not, and not when every stay hits a full night', () => {
    const full = { ...context().availability, '2026-12-06': { available_capacity: 0 } };
    expect(canStartOn('2026-12-05', context({ availability: full }))).toBe(false);
    expect(canStartOn('2027-02-13', context())).toBe(true);
    expect(canStartOn('2027-02-20', context())).toBe(true);
  });

  it('offers ends only where the whole range is valid', () => {
    const ctx = context();
    expect(canEndOn('2026-12-05', '2026-12-12', ctx)).toBe(true);
    expect(canEndOn('2026-12-05', '2026-12-19', ctx)).toBe(true);
    expect(canEndOn('2026-12-05', '2026-12-13', ctx)).toBe(false);
    expect(canEndOn('2026-12-05', '2026-12-26', ctx)).toBe(false);
  });
});

describe('bookingBounds / checkBookingDates', () => {
  it('bounds a stay by the earliest bookable date, the opportunity’s end and its durations', () => {
    expect(bookingBounds({ today: '2026-11-24' })).toEqual({
      minDate: '2026-11-26',
      maxDate: null,
      durations: [7, 14],
    });
    expect(
      bookingBounds({
        today: '2026-11-24',
        startDate: '2026-12-05',
        endDate: '2027-05-31',
        minNights: 14,
        maxNights: 28,
      }),
    ).toEqual({ minDate: '2026-12-05', maxDate: '2027-05-31', durations: [14, 21, 28] });
  });

  it('judges every rule but capacity, in the rules’ order; only the order without a calendar', () => {
    const { availability: _unused, ...calendar } = context();
    expect(checkBookingDates({ start_date: '2026-12-05', end_date: '2026-12-12' }, calendar)).toBeNull();
    expect(checkBookingDates({ start_date: '2026-12-06', end_date: '2026-12-20' }, calendar)?.rule).toBe(
      'changeover-start',
    );
    expect(checkBookingDates({ start_date: '2026-12-05', end_date: '2027-01-02' }, calendar)?.rule).toBe(
      'duration',
    );
    expect(checkBookingDates({ start_date: '2026-12-06', end_date: '2026-12-09' })).toBeNull();
    expect(checkBookingDates({ start_date: '2026-12-09', end_date: '2026-12-06' })?.rule).toBe('order');
  });
});
