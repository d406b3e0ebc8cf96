/** Minute steps the time picker offers (applicant-flow §9). */
export type MinuteStep = 5 | 15;

/** Every time of day at the given minute step, as `HH:MM`, from 00:00. */
export function timeOptions(step: MinuteStep): string[] {
  const options: string[] = [];
  for (let minutes = 0; minutes < 24 * 60; minutes += step) {
    options.push(formatTime(Math.floor(minutes / 60), minutes % 60));
  }
  return options;
}

function formatTime(hours: number, minutes: number): string {
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** Reads a typed `HH:MM` or `H:MM` (24-hour clock); null when it is not a time of day. */
export function parseTypedTime(text: string): { hours: number; minutes: number } | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) {
    return null;
  }
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours <= 23 && minutes <= 59 ? { hours, minutes } : null;
}

/** The sentence for a typed time the picker cannot take; null when it is fine or empty. */
export function checkTypedTime(text: string, step: MinuteStep): string | null {
  if (text.trim() === '') {
    return null;
  }
  const time = parseTypedTime(text);
  if (!time) {
    return 'Please enter a valid time, for example 14:30';
  }
  if (time.minutes % step !== 0) {
    return `Please enter a time in steps of ${step} minutes, for example 14:${String(step * 3).padStart(2, '0')}`;
  }
  return null;
}

/** `HH:MM` for a typed time the picker takes, '' otherwise. */
export function valueOfTypedTime(text: string, step: MinuteStep): string {
  const time = parseTypedTime(text);
  return time && checkTypedTime(text, step) === null ? formatTime(time.hours, time.minutes) : '';
}

/**
 * Options matching what has been typed so far: those starting with it, also when the hour was
 * typed without its leading zero ("9:3" finds 09:30).
 */
export function filterTimeOptions(options: string[], typed: string): string[] {
  const text = typed.trim();
  if (text === '') {
    return options;
  }
  return options.filter((option) => option.startsWith(text) || option.startsWith(`0${text}`));
}

/** Index of the option at or just after a typed time (wrapping to the first); -1 when nothing is typed. */
export function nearestTimeIndex(options: string[], typed: string): number {
  const time = parseTypedTime(typed);
  if (!time || options.length === 0) {
    return -1;
  }
  const wanted = formatTime(time.hours, time.minutes);
  const index = options.findIndex((option) => option >= wanted);
  return index === -1 ? 0 : index;
}
