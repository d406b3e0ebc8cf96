import { describe, expect, it } from 'vitest';
import { datesLabel, formatDay, placeLabel, typeLabel } from './opportunity-labels';

describe('datesLabel', () => {
  it('writes one day, a range, an open end or flexible dates, DD/MM/YYYY', () => {
    expect(formatDay('2026-06-13')).toBe('13/06/2026');
    expect(datesLabel({ start_date: '2026-06-13', end_date: '2026-06-13' })).toBe('13/06/2026');
    expect(datesLabel({ start_date: '2026-06-13', end_date: '2026-12-01' })).toBe('13/06/2026 to 01/12/2026');
    expect(datesLabel({ start_date: '2026-06-13', end_date: null })).toBe('From 13/06/2026');
    expect(datesLabel({ start_date: null, end_date: '2026-12-01' })).toBe('Until 01/12/2026');
    expect(datesLabel({ start_date: null, end_date: null })).toBe('Flexible dates');
  });
});

describe('placeLabel', () => {
  it('names the county and country, the country alone, or nothing', () => {
    const country = { region: 'GB', name: 'United Kingdom' };
    expect(placeLabel({ country, county: 'Cumbria' })).toBe('Cumbria, United Kingdom');
    expect(placeLabel({ country, county: null })).toBe('United Kingdom');
    expect(placeLabel({ country: null, county: null })).toBeNull();
  });
});

describe('typeLabel', () => {
  it('words the known types and keeps others as named', () => {
    expect(typeLabel('One-off')).toBe('One-off');
    expect(typeLabel('Residential-short')).toBe('Residential, short stay');
    expect(typeLabel('Regular')).toBe('Regular');
  });
});
