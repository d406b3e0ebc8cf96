import type { Timezone } from '@muster/contract';

/** What the text box shows for a stored time zone name: its display text, or the name if unknown. */
export function timezoneLabel(options: readonly Timezone[], name: string): string {
  return options.find((option) => option.name === name)?.display_text ?? name;
}

/** Time zones whose display text or name contains the typed text, ignoring case and `_`. */
export function filterTimezones(options: readonly Timezone[], typed: string): Timezone[] {
  const text = normalise(typed);
  if (text === '') {
    return [...options];
  }
  return options.filter((option) => normalise(option.display_text).includes(text) || normalise(option.name).includes(text));
}

/** The one time zone the typed text names exactly (display text or IANA name), if any. */
export function exactTimezone(options: readonly Timezone[], typed: string): Timezone | undefined {
  const text = normalise(typed);
  return options.find((option) => normalise(option.display_text) === text || normalise(option.name) === text);
}

function normalise(text: string): string {
  return text.trim().toLowerCase().replace(/_/g, ' ');
}
