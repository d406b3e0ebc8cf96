import type { CountryCode, PhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import { compactE164 } from '../custom-field.js';
import type { FormSection } from '../opportunity.js';
import type { ApplicationSchemaOptions, PhoneLibrary, SubmittedFile } from './submission.js';

/*
 * The value readers every step reader uses. Values may arrive as a browser's FormData sends them
 * (every value text, booleans `1`/`0`, lists as objects keyed `0`, `1`, …) or as JSON; a reader
 * normalises one value and reports what is wrong with it at its dotted path.
 */

/** Most entries a list field (addresses, references, documents, terms…) may hold. */
export const MAX_FORM_LIST_LENGTH = 100;

/** Longest name-like text (names, address lines, Other answers). */
export const NAME_MAX = 255;
/** Longest free text (why, special requirements). */
export const LONG_TEXT_MAX = 10_000;
/** Longest email address. */
export const EMAIL_MAX = 254;

/** A field's path in the body, e.g. `['addresses', 0, 'street']`. */
export type Path = Array<string | number>;

/** Collects issues at dotted paths while the form is read. */
export class Issues {
  readonly list: Array<{ path: Path; message: string }> = [];
  add(path: Path, message: string): void {
    this.list.push({ path, message });
  }
}

/** What every step reader gets: where to report, the raw body, the form's steps and the options. */
export type StepReadContext = {
  issues: Issues;
  raw: Record<string, unknown>;
  sections: readonly FormSection[];
  options: ApplicationSchemaOptions;
};

/** Whether the form has a step of this type. */
export function hasStep(sections: readonly FormSection[], type: FormSection['type']): boolean {
  return sections.some((section) => section.type === type);
}

/** One list of every step's entries (consents, terms, questions…), in step order. */
export function allOf<T>(sections: readonly FormSection[], pick: (section: FormSection) => readonly T[]): T[] {
  return sections.flatMap((section) => [...pick(section)]);
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off']);

/** Absent, null, or text of only spaces. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A yes/no as FormData or JSON sends it; undefined when absent; `'invalid'` when unreadable. */
export function readFlag(value: unknown): boolean | undefined | 'invalid' {
  if (isBlank(value)) {
    return undefined;
  }
  if (typeof value === 'boolean') {
    return value;
  }
  if (typeof value === 'number') {
    return value === 1 ? true : value === 0 ? false : 'invalid';
  }
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : 'invalid';
  }
  return 'invalid';
}

/**
 * A boolean form value: `1`, `true`, `yes`, `on` and their opposites. A field sent twice
 * (FormData allows it) counts by its last value.
 */
export function formFlag(value: unknown): boolean {
  return readFlag(Array.isArray(value) ? value[value.length - 1] : value) === true;
}

/** Trimmed text of at most `max` characters; null when blank or wrong (then reported). */
export function readText(issues: Issues, path: Path, value: unknown, max: number): string | null {
  if (isBlank(value)) {
    return null;
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    return String(value);
  }
  if (typeof value !== 'string') {
    issues.add(path, 'Please provide text');
    return null;
  }
  const text = value.trim();
  if (text.length > max) {
    issues.add(path, `The maximum length is ${max}`);
    return null;
  }
  return text;
}

/** A positive integer id as text or number; null when blank; `'invalid'` otherwise. */
export function readId(value: unknown): number | null | 'invalid' {
  if (isBlank(value)) {
    return null;
  }
  const candidate =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,10}$/.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(candidate) && candidate > 0 ? candidate : 'invalid';
}

/**
 * A list as JSON (an array) or FormData (`name[0]`, `name[1]` parse to an object keyed by index)
 * sends it; positions are kept so that errors point at the entry the applicant sees.
 */
export function readList(issues: Issues, path: Path, value: unknown): unknown[] {
  if (isBlank(value)) {
    return [];
  }
  if (Array.isArray(value)) {
    if (value.length > MAX_FORM_LIST_LENGTH) {
      issues.add(path, `At most ${MAX_FORM_LIST_LENGTH} entries are accepted`);
      return [];
    }
    return value;
  }
  if (typeof value === 'object' && !(typeof Blob !== 'undefined' && value instanceof Blob)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.every(([key]) => /^\d{1,3}$/.test(key))) {
      const list: unknown[] = [];
      for (const [key, item] of entries) {
        const index = Number(key);
        if (index >= MAX_FORM_LIST_LENGTH) {
          issues.add(path, `At most ${MAX_FORM_LIST_LENGTH} entries are accepted`);
          return [];
        }
        list[index] = item;
      }
      return Array.from(list);
    }
  }
  // A single value where a list is expected (one checkbox ticked, `terms=1`).
  return [value];
}

/** A plain object (not a list, not a file); null otherwise. */
export function readObject(value: unknown): Record<string, unknown> | null {
  return value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(typeof Blob !== 'undefined' && value instanceof Blob)
    ? (value as Record<string, unknown>)
    : null;
}

const emailFormat = z.email();

/** An email address; when blank, `required` (if given) is reported. */
export function readEmail(issues: Issues, path: Path, value: unknown, required: string | null): string | null {
  const text = readText(issues, path, value, EMAIL_MAX);
  if (text === null) {
    if (required && isBlank(value)) {
      issues.add(path, required);
    }
    return null;
  }
  if (!emailFormat.safeParse(text).success) {
    issues.add(path, 'Please enter a valid email address');
    return null;
  }
  return text;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date in YYYY-MM-DD form. */
export function isRealIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) {
    return false;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whole years from `dob` to `today` (both YYYY-MM-DD). */
export function ageOnDate(dob: string, today: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Whole months from the month of `from` to the month of `today`. */
export function monthsBetween(from: string, today: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = today.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}

/** A number as typed with its region (two letters) or dial code (`44`, `+44`); null when not a valid number. */
function parsePhone(
  phone: PhoneLibrary,
  text: string,
  regionOrDialCode: string | null,
  fallbackRegion: string,
): PhoneNumber | null {
  const code = regionOrDialCode?.trim() ?? '';
  const parsed = /^\+?\d{1,4}$/.test(code)
    ? phone.parsePhoneNumberFromString(text, { defaultCallingCode: code.replace('+', '') })
    : phone.parsePhoneNumberFromString(
        text,
        (/^[A-Za-z]{2}$/.test(code) ? code : fallbackRegion).toUpperCase() as CountryCode,
      );
  return parsed?.isValid() ? parsed : null;
}

/**
 * A telephone number: the widget's E.164 `formatted` value, else the `number` as typed, read in
 * `region`. Without the phone library only E.164 numbers are taken.
 */
export function readPhone(
  issues: Issues,
  path: Path,
  number: unknown,
  formatted: unknown,
  region: unknown,
  fallbackRegion: string,
  phone: PhoneLibrary | undefined,
): { number: string; region: string } | null {
  const text = readText(issues, path, isBlank(formatted) ? number : formatted, 40);
  if (text === null) {
    return null;
  }
  const regionText = typeof region === 'string' ? region : null;
  const chosen = (regionText && /^[A-Za-z]{2}$/.test(regionText) ? regionText : fallbackRegion).toUpperCase();
  if (!phone) {
    const e164 = compactE164(text);
    if (!e164) {
      issues.add(path, 'Please enter a valid telephone number');
      return null;
    }
    return { number: e164, region: chosen };
  }
  const parsed = parsePhone(phone, text, regionText, fallbackRegion);
  if (!parsed) {
    issues.add(path, 'Please enter a valid telephone number');
    return null;
  }
  // The region chosen in the widget wins over libphonenumber's guess when the dial code fits it
  // (07911… typed for GB is GB, although Guernsey shares +44).
  const fits =
    phone.isSupportedCountry(chosen) && phone.getCountryCallingCode(chosen) === parsed.countryCallingCode;
  return { number: parsed.number, region: fits ? chosen : (parsed.country ?? chosen) };
}

function isFile(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

const uuidFormat = z.uuid();

/** Marks a value that could not be read. */
export const INVALID = Symbol('invalid');

/** An upload in the form: a file sent with it, or the id of an earlier upload. */
export function readSubmittedFile(value: unknown): SubmittedFile | null | typeof INVALID {
  if (isBlank(value)) {
    return null;
  }
  if (isFile(value)) {
    return value.size > 0 ? value : null;
  }
  const object = readObject(value);
  const id = object ? object.id : value;
  return typeof id === 'string' && uuidFormat.safeParse(id).success ? id : INVALID;
}
