import { describe, expect, it } from 'vitest';
import { applyHistoryRule, formatMonths, monthsCovered } from './address-history';
import { emptyAddressRow, type AddressRow } from './body';

const row = (key: string, from_date: string, street = 'Somewhere'): AddressRow => ({
  ...emptyAddressRow(key),
  street,
  from_date,
});

describe('monthsCovered', () => {
  it('counts calendar months from the oldest date, as the contract does', () => {
    expect(monthsCovered([row('a', '2024-05'), row('b', '2021-06')], '2024-06-15')).toBe(36);
    expect(monthsCovered([row('a', '2024-06')], '2024-06-01')).toBe(0);
  });

  it('is 0 without a complete date', () => {
    expect(monthsCovered([row('a', ''), row('b', '2024-13')], '2024-06-15')).toBe(0);
  });
});

describe('applyHistoryRule', () => {
  const today = '2026-05-20';

  it('appends an empty row while the dates fall short and every row has one', () => {
    const rows = [row('a', '2025-05')];
    const next = applyHistoryRule(rows, 36, today);
    expect(next).toHaveLength(2);
    expect(next[1]).toMatchObject({ street: '', from_date: '', country: 'United Kingdom' });
  });

  it('keeps the rows as they are while a row without a date is there to fill', () => {
    const rows = [row('a', '2025-05'), row('b', '', '')];
    expect(applyHistoryRule(rows, 36, today)).toBe(rows);
  });

  it('removes the rows without a date once the minimum is met, never the first', () => {
    const rows = [row('a', ''), row('b', '2020-01'), row('c', ''), row('d', '', '')];
    expect(applyHistoryRule(rows, 36, today).map((each) => each.key)).toEqual(['a', 'b']);
  });

  it('leaves a row whose date is being typed', () => {
    const rows = [row('a', '2020-01'), row('b', '')];
    expect(applyHistoryRule(rows, 36, today, (each) => each.key === 'b')).toBe(rows);
  });

  it('does nothing without a minimum', () => {
    const rows = [row('a', '')];
    expect(applyHistoryRule(rows, 0, today)).toBe(rows);
  });
});

describe('formatMonths', () => {
  it.each([
    [36, '3 years'],
    [18, '1 year and 6 months'],
    [12, '1 year'],
    [13, '1 year and 1 month'],
    [6, '6 months'],
    [1, '1 month'],
  ])('shows %i months as "%s"', (months, text) => {
    expect(formatMonths(months)).toBe(text);
  });
});
