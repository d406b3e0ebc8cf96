import { addDaysIso, type Availability } from '@muster/contract';

/** The API's answers for the picker's tests: team 7, stays from Saturdays, three places a night. */

// 2026-11-24 is a Tuesday: the first bookable day is Thursday 26th; 28 Nov, 5 and 12 Dec are Saturdays.
export const TODAY = '2026-11-24';
export const SATURDAYS = [{ start_date: '2026-01-01', end_date: null, day_of_week: 6 }];

/** Every night from `from` for `count` nights with `capacity` places. */
function nights(from: string, count: number, capacity: number): Availability {
  const map: Availability = {};
  for (let i = 0; i < count; i += 1) {
    map[addDaysIso(from, i)] = { available_capacity: capacity };
  }
  return map;
}

/** The body the API answers `url` with: the changeover days, or the window asked for with `fullNights` full. */
export function answerFor(url: URL, fullNights: readonly string[] = []): unknown {
  if (url.pathname.includes('changeover-days')) {
    return { data: { data: SATURDAYS } };
  }
  const start = url.searchParams.get('start_date') ?? TODAY;
  const end = url.searchParams.get('end_date') ?? TODAY;
  const map = nights(start, Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1, 3);
  for (const night of fullNights) {
    if (map[night]) {
      map[night] = { available_capacity: 0 };
    }
  }
  return { data: { data: map } };
}

/** The address a stubbed `fetch` was called with. */
export function requestUrl(input: Parameters<typeof fetch>[0]): URL {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(href, 'http://localhost');
}
