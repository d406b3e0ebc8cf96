import { describe, expect, it } from 'vitest';
import { todayIn } from '@muster/contract';
import { upcomingPeriod } from './activities/upcoming.js';
import { periodOf } from './report.js';

/*
 * The default periods start from the organisation's today, not the UTC one. The expected days are
 * worked out by hand from the offsets: Auckland is 13 hours ahead of UTC in its summer (November),
 * London one hour ahead in its summer (June).
 */

describe('todayIn', () => {
  it('answers 26 November in Auckland at 12:00 UTC on 25 November (UTC+13)', () => {
    expect(todayIn('Pacific/Auckland', new Date('2026-11-25T12:00:00Z'))).toBe('2026-11-26');
    expect(todayIn('UTC', new Date('2026-11-25T12:00:00Z'))).toBe('2026-11-25');
  });

  it('answers 1 July in London at 23:30 UTC on 30 June (summer time)', () => {
    expect(todayIn('Europe/London', new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
  });
});

describe('periodOf', () => {
  it('ends on the organisation’s today: 26 November in Auckland when it is still 25 November in UTC', () => {
    expect(periodOf({}, new Date('2026-11-25T12:00:00Z'), 'Pacific/Auckland')).toEqual({
      from: '2025-11-27',
      to: '2026-11-26',
    });
    expect(periodOf({}, new Date('2026-11-25T12:00:00Z'))).toEqual({ from: '2025-11-26', to: '2026-11-25' });
  });

  it('keeps the days the query gives', () => {
    expect(periodOf({ from: '2026-01-01', to: '2026-03-31' }, new Date(), 'Pacific/Auckland')).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
  });
});

describe('upcomingPeriod', () => {
  it('starts on the organisation’s today: 1 July in London at 23:30 UTC on 30 June', () => {
    expect(upcomingPeriod({}, new Date('2026-06-30T23:30:00Z'), 'Europe/London')).toEqual({
      from: '2026-07-01',
      to: '2026-07-31',
    });
  });
});
