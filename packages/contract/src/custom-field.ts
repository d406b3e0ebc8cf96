import { z } from 'zod';
import { attachmentsOf, isAcceptedPhoto, isCustomFieldValueEmpty } from './custom-field-basics.js';

export {
  CUSTOM_FIELD_TYPES,
  isAcceptedPhoto,
  isCustomFieldValueEmpty,
  isKnownCustomFieldType,
  PHOTO_EXTENSIONS,
  PHOTO_MIME_TYPES,
  sortCustomFieldOptions,
  type CustomFieldType,
} from './custom-field-basics.js';

/** One choice of a dropdown, radio or checkboxes field. */
export const fieldOptionSchema = z.object({
  value: z.union([z.string(), z.number()]).describe('What the field stores when this option is chosen.'),
  display: z.string().describe('What the option shows.'),
  position: z.number().describe('Options are listed by ascending position.'),
  default_selected: z.boolean().optional().describe('Preselected while the field has no value.'),
});
export type CustomFieldOption = z.infer<typeof fieldOptionSchema>;

/** An uploaded file held by a file, files or photo field. */
export const attachmentSchema = z.object({
  id: z.union([z.string(), z.number()]).describe('File id.'),
  url: z.string().describe('Where the file is read from.'),
  original_name: z.string().optional().describe('The name the file was uploaded with.'),
  name: z.string().optional().describe('Older records carry the name here instead of `original_name`.'),
  file_size: z.number().optional().describe('Size in bytes.'),
  size: z.number().optional().describe('Older records carry the size here instead of `file_size`.'),
  type: z.string().optional().describe('Mime type.'),
  thumbnails: z
    .object({ thumb: z.string().optional().describe('URL of a small preview image.') })
    .optional()
    .describe('Preview images of an image file.'),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** Value of a startenddate field: each end a YYYY-MM-DD date or null. */
export const startEndValueSchema = z.object({
  start: z.string().nullable().describe('Start date, YYYY-MM-DD, or null.'),
  end: z.string().nullable().describe('End date, YYYY-MM-DD, or null.'),
});
export type StartEndValue = z.infer<typeof startEndValueSchema>;

/** A custom attribute field as the server supplies it (applicant-flow §3.8). */
export const customFieldSchema = z.object({
  type: z.string().describe('One of the 18 attribute types; an unknown type renders as plain text.'),
  name: z.string().describe('Label shown to the user.'),
  slug: z.string().describe('Key of the value under `attributes`.'),
  compulsory: z.boolean().default(false).describe('A value is required.'),
  permission: z
    .enum(['write', 'read-only'])
    .default('write')
    .describe('Only `write` makes the field editable.'),
  value: z.unknown().optional().describe('Current value; its shape depends on the type.'),
  options: z.array(fieldOptionSchema).default([]).describe('Choices of dropdown, radio and checkboxes.'),
  message: z.string().optional().describe('Replaces the default validation message.'),
});
/** A field as parsed (defaults applied). */
export type CustomField = z.infer<typeof customFieldSchema>;
/** A field as written by hand or received (defaults may be missing). */
export type CustomFieldInput = z.input<typeof customFieldSchema>;

/** The default validation message of each type (applicant-flow §5); `{host}` is filled in for links. */
const defaultMessages: Record<string, string> = {
  boolean: 'Please select an option',
  dropdown: 'Please select an option',
  checkboxes: 'Please select an option',
  radio: 'Please select an option',
  currency: 'Please provide a value',
  decimal: 'Please provide a value',
  integer: 'Please provide a value',
  html: 'Please provide a value',
  text: 'Please provide a value',
  textarea: 'Please provide a value',
  date: 'Please provide a date',
  datetime: 'Please select a date and a time',
  email: 'Please provide a valid email address',
  telephone: 'Please enter a valid telephone number',
  startenddate: 'Please select a start and end date',
  file: 'Please select a file',
  files: 'Please select a file',
  photo: 'Please select a file',
  link: 'Please provide a valid link (e.g. {host})',
};

/**
 * The message a field shows when its value is invalid: its own `message` when it has one,
 * otherwise the type's default. Unknown types fall back to the text message.
 */
export function customFieldMessage(
  field: { type: string; message?: string | undefined },
  context: { host: string },
): string {
  if (field.message !== undefined && field.message.trim() !== '') {
    return field.message;
  }
  const template = defaultMessages[field.type] ?? 'Please provide a value';
  return template.replace('{host}', context.host);
}

/**
 * A link: optional http(s) scheme, dotted host name ending in a suffix of 1 to 6 letters
 * (applicant-flow §5), optional port, then an optional path, query or fragment.
 */
const LINK_PATTERN = /^(https?:\/\/)?([\da-z-]+\.)+[a-z]{1,6}(:\d{1,5})?([/?#]\S*)?$/i;

/** Whether a link value passes the link pattern. */
export function isValidLink(value: string): boolean {
  return LINK_PATTERN.test(value.trim());
}

const isoDate = z.iso.date();
const isoTime = z.iso.time({ precision: -1 });
const email = z.email();

/** A real calendar date in YYYY-MM-DD form. */
function isDate(value: unknown): value is string {
  return typeof value === 'string' && isoDate.safeParse(value).success;
}

/** A datetime in the stored form `YYYY-MM-DD HH:mm` (a `T` separator is tolerated). */
function isDateTime(value: unknown): boolean {
  if (typeof value !== 'string') {
    return false;
  }
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(value.trim());
  return match !== null && isDate(match[1]) && isoTime.safeParse(match[2]).success;
}

/** Turns a number field's value (a number or numeric text) into a number; NaN when it is not one. */
function toNumber(value: unknown): number {
  if (typeof value === 'number') {
    return value;
  }
  if (typeof value === 'string' && value.trim() !== '') {
    return Number(value.trim());
  }
  return Number.NaN;
}

/** Whether a non-empty value is well formed for its type. */
function isWellFormed(
  field: { type: string; options?: CustomFieldOption[] | undefined },
  value: unknown,
  context: CustomFieldValidationContext,
): boolean {
  const optionValues = (field.options ?? []).map((option) => String(option.value));
  const isOption = (candidate: unknown) =>
    optionValues.length === 0 || optionValues.includes(String(candidate));
  switch (field.type) {
    case 'email':
      return typeof value === 'string' && email.safeParse(value.trim()).success;
    case 'telephone':
      return (
        typeof value === 'string' &&
        (context.isValidPhoneNumber ?? isE164Shaped)(value.trim(), context.defaultPhoneRegion ?? 'GB')
      );
    case 'link':
      return typeof value === 'string' && isValidLink(value);
    case 'date':
      return isDate(value);
    case 'datetime':
      return isDateTime(value);
    case 'integer':
      return Number.isInteger(toNumber(value));
    case 'decimal':
      return Number.isFinite(toNumber(value));
    case 'currency': {
      // Money has whole pence at most: the input steps by 0.01.
      const amount = toNumber(value);
      return Number.isFinite(amount) && Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6;
    }
    case 'boolean':
      return typeof value === 'boolean';
    case 'dropdown':
    case 'radio':
      return (typeof value === 'string' || typeof value === 'number') && isOption(value);
    case 'checkboxes':
      return Array.isArray(value) && value.every((item) => isOption(item));
    case 'startenddate': {
      const range = startEndValueSchema.safeParse(value);
      if (!range.success) {
        return false;
      }
      const { start, end } = range.data;
      // Both ends are needed, as real dates, the end not before the start.
      return isDate(start) && isDate(end) && start <= end;
    }
    case 'file':
    case 'photo': {
      const list = attachmentsOf(value);
      if (list.length !== 1 || !attachmentSchema.safeParse(list[0]).success) {
        return false;
      }
      const attachment = attachmentSchema.parse(list[0]);
      return (
        field.type !== 'photo' || attachment.type === undefined || isAcceptedPhoto({ type: attachment.type })
      );
    }
    case 'files':
      return attachmentsOf(value).every((item) => attachmentSchema.safeParse(item).success);
    case 'text':
    case 'html':
      return typeof value === 'string';
    default:
      // An unknown type is only ever shown, never edited: there is nothing to check.
      return true;
  }
}

/**
 * Checks one custom field's value, the same way in the browser and on the server: a compulsory
 * field needs a value, and a value that is given must be well formed for the type (email,
 * telephone and link formats, real dates, numbers, known options, a complete date range, one
 * file for single-file fields, an image for photos). Returns the field's message (its custom
 * `message` or the default of applicant-flow §5), or null when the value is acceptable.
 */
export function validateCustomFieldValue(
  field: {
    type: string;
    compulsory?: boolean | undefined;
    options?: CustomFieldOption[] | undefined;
    message?: string | undefined;
  },
  value: unknown,
  context: CustomFieldValidationContext,
): string | null {
  if (isCustomFieldValueEmpty(field.type, value)) {
    return field.compulsory === true ? customFieldMessage(field, context) : null;
  }
  return isWellFormed(field, value, context) ? null : customFieldMessage(field, context);
}

/**
 * What custom-field validation needs from its surroundings. The telephone check is passed in
 * rather than imported, so that libphonenumber's metadata stays out of the browser's first
 * chunk: the server passes libphonenumber-js's `isValidPhoneNumber`, the browser the same
 * function once the telephone widget has loaded it lazily. Without one, only the E.164 shape
 * is checked.
 */
export type CustomFieldValidationContext = {
  /** The site's host, for the link message's example. */
  host: string;
  /** Full number check; numbers without a country code are read in `defaultRegion`. */
  isValidPhoneNumber?: (text: string, defaultRegion: string) => boolean;
  /** Region of numbers typed without a country code: the opportunity's, else GB (applicant-flow §9). */
  defaultPhoneRegion?: string;
};

/**
 * The number in E.164 form when the text has that shape (a plus, a non-zero digit, 7 to 15 digits
 * in all; spaces, brackets and dashes ignored), else null. The check used when libphonenumber has
 * not been passed in.
 */
export function compactE164(text: string): string | null {
  const compact = text.replace(/[\s()-]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
}

function isE164Shaped(text: string): boolean {
  return compactE164(text) !== null;
}

