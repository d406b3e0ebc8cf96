import { z } from 'zod';
import { isPrivateHost } from './private-host.js';

/** The values a form holds, keyed by field name (dotted paths reach into nested objects). */
export type ValidatorValues = Readonly<Record<string, unknown>>;

/** The rule names the validator understands (applicant-flow §5). */
export const VALIDATOR_RULE_NAMES = [
  'required',
  'required_without_all',
  'object',
  'min',
  'max',
  'email',
  'url',
  'date',
  'dateISO',
  'time',
  'number',
  'digits',
  'modulo',
] as const;
export type ValidatorRuleName = (typeof VALIDATOR_RULE_NAMES)[number];

/**
 * Default messages (applicant-flow §8). `{Field}` is the field's label, `{n}` the rule's first
 * parameter. The spec names no message for time, digits or required_without_all; those three are
 * this module's choice.
 */
export const VALIDATOR_MESSAGES: Readonly<Record<ValidatorRuleName, string>> = {
  required: '{Field} is required',
  required_without_all: '{Field} is required',
  object: '{Field} is required',
  min: 'The minimum length is {n}',
  max: 'The maximum length is {n}',
  email: 'Please enter a valid email address',
  url: 'Please enter a valid URL',
  date: 'Please enter a valid date',
  dateISO: 'Please enter a valid date',
  time: 'Please enter a valid time',
  number: 'Please enter a number',
  digits: 'Please enter only digits',
  modulo: 'Number must be divisible by {n}',
};

/** What a rule sees: the field's value, the rule's parameters and every value of the form. */
export interface ValidatorRuleContext {
  value: unknown;
  params: readonly string[];
  values: ValidatorValues;
}

interface RuleDefinition {
  /**
   * Presence rules judge empty values too. Every other rule lets an empty value pass, so that
   * an optional field only has to be well-formed once something is entered.
   */
  presence: boolean;
  /** Parameter check, run once when the rules are parsed; returns a problem or null. */
  checkParams?: (params: readonly string[]) => string | null;
  test: (context: ValidatorRuleContext) => boolean;
}

/** Reads a value by field name, following dots into nested objects and arrays. */
export function readValue(values: ValidatorValues, field: string): unknown {
  if (field in values) {
    return values[field];
  }
  return field.split('.').reduce<unknown>((current, key) => {
    if (current !== null && typeof current === 'object') {
      return (current as Record<string, unknown>)[key];
    }
    return undefined;
  }, values);
}

/** Empty means: nothing, a blank string or an empty array. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) {
    return true;
  }
  if (typeof value === 'string') {
    return value.trim() === '';
  }
  return Array.isArray(value) && value.length === 0;
}

function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** True for a present value as `required` understands it. */
function isPresent(value: unknown): boolean {
  if (typeof value === 'string' || Array.isArray(value)) {
    return !isEmptyValue(value);
  }
  if (typeof value === 'number') {
    return !Number.isNaN(value);
  }
  if (typeof value === 'boolean') {
    return true;
  }
  return isValidDate(value);
}

function asText(value: unknown): string | null {
  if (typeof value === 'string') {
    return value.trim();
  }
  if (typeof value === 'number' && Number.isFinite(value)) {
    return String(value);
  }
  return null;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const ISO_DATE = /^(\d{4})([/-])(0?[1-9]|1[0-2])\2(0?[1-9]|[12]\d|3[01])$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;
const DISPLAY_DATE = /^(0?[1-9]|[12]\d|3[01])\/(0?[1-9]|1[0-2])\/(\d{4})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/;
// Optional minus, digits with or without thousands commas, optional decimals (".5" too).
const NUMBER = /^-?(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d+)?$/;
const DIGITS = /^\d+$/;
const URL_START = /^(?:https?|ftp):\/\//i;
const URL_PROTOCOLS = new Set(['http:', 'https:', 'ftp:']);

function isDateISO(text: string): boolean {
  const match = ISO_DATE.exec(text);
  return match !== null && isCalendarDate(Number(match[1]), Number(match[3]), Number(match[4]));
}

/** A date as the forms write it: ISO (optionally with a time) or the display form DD/MM/YYYY. */
function isDateText(text: string): boolean {
  if (isDateISO(text)) {
    return true;
  }
  const iso = ISO_DATE_TIME.exec(text);
  if (iso) {
    return isCalendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  }
  const display = DISPLAY_DATE.exec(text);
  return display !== null && isCalendarDate(Number(display[3]), Number(display[2]), Number(display[1]));
}

/** Reads a number written with optional thousands commas; null when it is not one. */
export function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : null;
  }
  if (typeof value !== 'string') {
    return null;
  }
  const text = value.trim();
  if (text === '' || text === '-' || !NUMBER.test(text)) {
    return null;
  }
  return Number(text.replace(/,/g, ''));
}

function lengthOf(value: unknown): number | null {
  if (Array.isArray(value)) {
    return value.length;
  }
  const text = typeof value === 'string' ? value : asText(value);
  // Counted in characters (code points), not UTF-16 units.
  return text === null ? null : [...text].length;
}

function isUrl(text: string): boolean {
  if (/\s/.test(text) || !URL_START.test(text)) {
    return false;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  const host = url.hostname;
  if (!URL_PROTOCOLS.has(url.protocol) || host === '' || isPrivateHost(host)) {
    return false;
  }
  // A public address is a dotted domain name or an IP literal.
  return host.includes('.') || host.startsWith('[');
}

const needsCount = (params: readonly string[]): string | null =>
  params.length === 1 && /^\d+$/.test(params[0] ?? '') ? null : 'needs one whole number, e.g. min:8';

const needsFields = (params: readonly string[]): string | null =>
  params.length > 0 && params.every((param) => param !== '')
    ? null
    : 'needs the other field names, e.g. required_without_all:phone,mobile';

const needsDivisor = (params: readonly string[]): string | null => {
  const divisor = params.length === 1 ? parseNumber(params[0]) : null;
  return divisor !== null && divisor > 0 ? null : 'needs one positive number, e.g. modulo:5';
};

const hasDivisorOf = (value: unknown, divisor: number): boolean => {
  const number = parseNumber(value);
  if (number === null) {
    return false;
  }
  const quotient = number / divisor;
  // A tolerance keeps decimal divisors honest: 0.3 / 0.1 is 2.9999999999999996 in floating point.
  return Math.abs(quotient - Math.round(quotient)) < 1e-9;
};

const textRule =
  (check: (text: string) => boolean) =>
  ({ value }: ValidatorRuleContext): boolean => {
    const text = asText(value);
    return text !== null && check(text);
  };

/** Every rule: whether it judges empty values, its parameter check and its test. */
export const VALIDATOR_RULES: Readonly<Record<ValidatorRuleName, RuleDefinition>> = {
  required: { presence: true, test: ({ value }) => isPresent(value) },
  required_without_all: {
    presence: true,
    checkParams: needsFields,
    // Required only while every one of the other fields is empty.
    test: ({ value, params, values }) =>
      isPresent(value) || params.some((other) => isPresent(readValue(values, other))),
  },
  object: {
    presence: true,
    test: ({ value }) =>
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      !(value instanceof Date) &&
      Object.keys(value).length > 0,
  },
  min: {
    presence: false,
    checkParams: needsCount,
    test: ({ value, params }) => {
      const length = lengthOf(value);
      return length !== null && length >= Number(params[0]);
    },
  },
  max: {
    presence: false,
    checkParams: needsCount,
    test: ({ value, params }) => {
      const length = lengthOf(value);
      return length !== null && length <= Number(params[0]);
    },
  },
  email: {
    presence: false,
    // The same check as the API's `z.email()`, so the form and the server never disagree.
    test: textRule((text) => z.email().safeParse(text).success),
  },
  url: { presence: false, test: textRule(isUrl) },
  date: {
    presence: false,
    test: ({ value }) =>
      value instanceof Date ? isValidDate(value) : typeof value === 'string' && isDateText(value.trim()),
  },
  dateISO: { presence: false, test: ({ value }) => typeof value === 'string' && isDateISO(value.trim()) },
  time: { presence: false, test: ({ value }) => typeof value === 'string' && TIME.test(value.trim()) },
  number: { presence: false, test: ({ value }) => parseNumber(value) !== null },
  digits: {
    presence: false,
    test: ({ value }) =>
      typeof value === 'number'
        ? Number.isSafeInteger(value) && value >= 0
        : typeof value === 'string' && DIGITS.test(value.trim()),
  },
  modulo: {
    presence: false,
    checkParams: needsDivisor,
    test: ({ value, params }) => hasDivisorOf(value, parseNumber(params[0]) ?? Number.NaN),
  },
};
