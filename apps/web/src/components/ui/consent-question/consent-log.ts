import type { ConsentLogEntry, ConsentTimezone } from './consent-answer';

/** Time zone of entries that carry none (platform-foundation §9). */
export const DEFAULT_TIMEZONE = 'Europe/London';

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** `+01:00`, `-0530`, `+1` or a number of minutes, as minutes east of UTC; null when unreadable. */
function offsetMinutes(offset: string | number | null | undefined): number | null {
  if (typeof offset === 'number') {
    return Number.isFinite(offset) ? offset : null;
  }
  if (!offset) {
    return null;
  }
  const match = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(offset.trim());
  if (!match) {
    return null;
  }
  const sign = match[1] === '-' ? -1 : 1;
  return sign * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/** Reads `created_at`; a date-time without a zone designator is UTC, as the API stores it. */
export function parseCreatedAt(value: string): Date {
  const trimmed = value.trim().replace(' ', 'T');
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(trimmed);
  return new Date(hasZone || !trimmed.includes('T') ? trimmed : `${trimmed}Z`);
}

function parts(date: Date, timeZone: string): Record<string, string> {
  const formatted = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  return Object.fromEntries(formatted.map((part) => [part.type, part.value]));
}

/**
 * `DD/MM/YYYY HH:mm {tz}` in the entry's own time zone: its `name` when that is a known zone,
 * else its `offset`, else Europe/London. `{tz}` is the zone's alias, or its name.
 */
export function formatConsentLogTime(createdAt: string, timezone: ConsentTimezone | null | undefined): string {
  const date = parseCreatedAt(createdAt);
  const name = timezone?.name ?? null;
  const label = timezone?.alias || name || DEFAULT_TIMEZONE;
  let p: Record<string, string>;
  const offset = offsetMinutes(timezone?.offset);
  if (name && isTimeZone(name)) {
    p = parts(date, name);
  } else if (offset !== null) {
    // A bare offset: shift the instant and read it as UTC.
    p = parts(new Date(date.getTime() + offset * 60_000), 'UTC');
  } else {
    p = parts(date, DEFAULT_TIMEZONE);
  }
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute} ${label}`;
}

/** The sentence of one history entry, in the three forms of platform-foundation §4. */
export function describeConsentLog(entry: ConsentLogEntry): string {
  const when = formatConsentLogTime(entry.created_at, entry.timezone_data);
  const hasOld = entry.old_value !== null && entry.old_value !== undefined && entry.old_value !== '';
  const hasNew = entry.new_value !== null && entry.new_value !== undefined && entry.new_value !== '';
  if (!hasOld) {
    return `Updated selection to "${entry.new_value ?? ''}" on ${when}`;
  }
  if (!hasNew) {
    return `Removed selection on ${when}`;
  }
  return `Updated selection from "${entry.old_value}" to "${entry.new_value}" on ${when}`;
}

/** Who made the change: 'Updated by {display_name}', or by the parent or guardian when no creator is recorded. */
export function consentLogAuthor(entry: ConsentLogEntry): string {
  return `Updated by ${entry.created_by?.display_name ?? 'parent/guardian'}`;
}

/** Newest first. */
export function sortConsentLogs(logs: readonly ConsentLogEntry[]): ConsentLogEntry[] {
  return [...logs].sort((a, b) => parseCreatedAt(b.created_at).getTime() - parseCreatedAt(a.created_at).getTime());
}
