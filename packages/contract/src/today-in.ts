/** One formatter per time zone: building an `Intl.DateTimeFormat` costs far more than using one. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormatOf(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // Throws a RangeError for an unknown zone (never kept).
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The day (YYYY-MM-DD) of the instant `time` (ms) in `timeZone`; in London when the zone is unknown. */
function dayAt(timeZone: string, time: number): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = dayFormatOf(timeZone).formatToParts(time);
  } catch {
    parts = dayFormatOf('Europe/London').formatToParts(time);
  }
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const MINUTE_MS = 60_000;

/**
 * Per known time zone, the last UTC minute worked out whose every instant falls on one day there,
 * and that day. Every dated request asks for today (an application's dry run among them), and
 * `formatToParts` cost about 2 % of a dry run's CPU; the day changes at most once a minute.
 */
const minuteDays = new Map<string, { minute: number; day: string }>();

/**
 * Today (YYYY-MM-DD) in the organisation's time zone; in London (the organisation default) when
 * the zone is unknown.
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const time = now.getTime();
  const minute = Math.floor(time / MINUTE_MS);
  const kept = minuteDays.get(timeZone);
  if (kept?.minute === minute) {
    return kept.day;
  }
  // A minute whose first and last milliseconds fall on the same day falls on it whole (a zone's
  // offset changes on a whole minute, once at most within one); one holding a midnight that is
  // not on a whole minute (an offset of seconds, as in 1972 Monrovia) is worked out to the instant.
  const first = dayAt(timeZone, minute * MINUTE_MS);
  if (first !== dayAt(timeZone, minute * MINUTE_MS + MINUTE_MS - 1)) {
    return dayAt(timeZone, time);
  }
  if (dayFormats.has(timeZone)) {
    minuteDays.set(timeZone, { minute, day: first });
  }
  return first;
}
