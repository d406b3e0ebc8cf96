import type * as LibPhoneNumber from 'libphonenumber-js';
import type { CountryCode, PhoneNumber } from 'libphonenumber-js';
import { z } from 'zod';
import {
  compactE164,
  validateCustomFieldValue,
  type CustomFieldOption,
  type CustomFieldValidationContext,
} from './custom-field.js';
import type { FormSection } from './opportunity.js';
import { passwordSchema } from './password.js';

/*
 * The application form body (applicant-flow §3.1, §3.2) and its rules (§5), built from the
 * opportunity's steps. The server validates a submit with it and the web form resolves with it,
 * so both judge a form the same way. Values may arrive as a browser's FormData sends them (every
 * value text, booleans `1`/`0`, lists as objects keyed `0`, `1`, …) or as JSON.
 */

/** Most entries a list field (addresses, references, documents, terms…) may hold. */
export const MAX_FORM_LIST_LENGTH = 100;

const NAME_MAX = 255;
const LONG_TEXT_MAX = 10_000;
const EMAIL_MAX = 254;

/** What the schema needs to know beyond the steps; the server and the page work it out the same way. */
export type ApplicationSchemaOptions = {
  /**
   * `new`: the form creates the applicant, so the personal details are checked. `existing`: the
   * applicant is known (signed in, an application key, or a supervised person), so the personal
   * details are locked and ignored.
   */
  applicant: 'new' | 'existing';
  /** Supervisor mode (applicant-flow §2.2): the supervisor's answer to "Do they have an email address?". */
  supervisor: { hasEmail: boolean } | null;
  /** The form completes an application created ahead, named by its key. */
  hasApplicationKey: boolean;
  /** A new password must be set (see {@link isPasswordRequired}). */
  requirePassword: boolean;
  /** The organisation's minor age: younger applicants need a parent or guardian. */
  minorAge: number;
  /** Today in the organisation's time zone, YYYY-MM-DD. */
  today: string;
  /** Host shown in the link field message, e.g. `www.example.org`. */
  host: string;
  /** Region telephone numbers without a country code are read in (the opportunity's default). */
  defaultPhoneRegion: string;
  /**
   * libphonenumber-js, passed in rather than imported so that its metadata stays out of the
   * browser's first chunk: the server always passes it; the browser passes it once the telephone
   * widget has loaded it. Without it numbers must be in E.164 form (`+447911123456`).
   */
  phoneLibrary?: PhoneLibrary;
  /** Date of birth of an existing applicant, for the parent or guardian rule. */
  knownDob?: string | null;
  /** Document ids the applicant has already supplied (not asked again). */
  suppliedDocumentIds?: readonly number[];
  /** The applicant has answered the diversity questions before: the step is skipped. */
  diversityAnswered?: boolean;
  /** Motivation ids on offer; when given, a chosen motivation must be one of them. */
  motivationIds?: readonly number[] | null;
  /** Time slot ids of the opportunity; when given, chosen slots must be among them. */
  timeslotIds?: readonly number[] | null;
};

/**
 * Whether the review step asks for a new password (applicant-flow §2.10): an anonymous new
 * applicant always, an existing applicant without a password when the step has `require_password`;
 * never in supervisor mode or for single-sign-on organisations and users (they cannot set one).
 */
export function isPasswordRequired(input: {
  applicant: 'new' | 'existing';
  supervisor: boolean;
  singleSignOn: boolean;
  requirePasswordSetting: boolean;
  hasPassword: boolean;
}): boolean {
  if (input.supervisor || input.singleSignOn) {
    return false;
  }
  if (input.applicant === 'new') {
    return true;
  }
  return input.requirePasswordSetting && !input.hasPassword;
}

/** The stored form of one custom answer: its value by type, and the files of file types. */
export type CustomAnswer = {
  value: string | number | boolean | string[] | { start: string | null; end: string | null } | null;
  /** File ids of files, file and photo answers (their `value` is null). */
  fileIds: string[];
};

export type ApplicantDetails = {
  email: string | null;
  title: string | null;
  firstName: string;
  lastName: string;
  dob: string;
  phone: { number: string; region: string } | null;
};

export type SubmittedAddress = {
  companyName: string | null;
  street: string;
  streetSecond: string | null;
  streetThird: string | null;
  city: string;
  county: string | null;
  postcode: string;
  country: string;
  fromDate: string | null;
};

export type SubmittedReference = {
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  phoneCountryCode: string | null;
};

/** A file sent with the form (a Blob) or the id of an earlier upload (`POST /api/files?ephemeral=1`). */
export type SubmittedFile = Blob | string;

export type FixedDiversityAnswers = {
  genderId: number | null;
  genderAssignedId: number | null;
  nationalityId: number | null;
  nationalityOther: string | null;
  ethnicityId: number | null;
  ethnicityOther: string | null;
  sexualityId: number | null;
  sexualityOther: string | null;
  registeredDisabledId: number | null;
  disabledSelectId: number | null;
  disabledSelectOther: string | null;
  religionId: number | null;
  religionOther: string | null;
};

export type V2DiversityAnswer = { questionId: number; optionIds: number[]; otherText: string | null };

/** A validated, normalised application form. Null parts are steps the form does not have (or skips). */
export type ApplicationSubmission = {
  /** The new applicant's details; null when the details are locked. */
  details: ApplicantDetails | null;
  /** With an application key: the email address given, to match against the application. */
  keyEmail: string | null;
  guardian: { firstName: string; lastName: string; email: string } | null;
  newPassword: string | null;
  addresses: SubmittedAddress[] | null;
  motivation: {
    why: string | null;
    motivationId: number | null;
    specialRequirementsBool: boolean | null;
    specialRequirements: string | null;
    rightToVolunteer: 'yes' | 'no' | 'unsure' | null;
  } | null;
  documents: Array<{ documentTypeId: number; file: SubmittedFile }>;
  references: SubmittedReference[] | null;
  /** Chosen option ids by consent id; null when consents are skipped (supervisor mode with an email). */
  consents: Record<number, number[]> | null;
  additionalConsents: Array<{ id: number; agreed: boolean }> | null;
  /** Ids of the terms accepted; null when skipped. */
  terms: number[] | null;
  questions: Record<string, CustomAnswer>;
  attributes: Record<string, CustomAnswer>;
  timeslotIds: number[];
  diversity: { fixed: FixedDiversityAnswers | null; v2: V2DiversityAnswer[] | null } | null;
};

type Path = Array<string | number>;

/** Collects issues at dotted paths while the form is read. */
class Issues {
  readonly list: Array<{ path: Path; message: string }> = [];
  add(path: Path, message: string): void {
    this.list.push({ path, message });
  }
}

// ------------------------------------------------------------------ value readers

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);
const FALSE_WORDS = new Set(['0', 'false', 'no', 'off']);

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A yes/no as FormData or JSON sends it; undefined when absent; the input itself when unreadable. */
function readFlag(value: unknown): boolean | undefined | 'invalid' {
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

function readText(issues: Issues, path: Path, value: unknown, max: number): string | null {
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

function readId(value: unknown): number | null | 'invalid' {
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
function readList(issues: Issues, path: Path, value: unknown): unknown[] {
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

function readObject(value: unknown): Record<string, unknown> | null {
  return value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(typeof Blob !== 'undefined' && value instanceof Blob)
    ? (value as Record<string, unknown>)
    : null;
}

const emailFormat = z.email();

function readEmail(issues: Issues, path: Path, value: unknown, required: string | null): string | null {
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
function monthsBetween(from: string, today: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = today.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}

/** The parts of libphonenumber-js the form rules use (see `ApplicationBodyOptions.phoneLibrary`). */
export type PhoneLibrary = Pick<
  typeof LibPhoneNumber,
  'parsePhoneNumberFromString' | 'getCountryCallingCode' | 'isSupportedCountry' | 'isValidPhoneNumber'
>;

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

function readPhone(
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
const INVALID = Symbol('invalid');

/** An upload in the form: a file sent with it, or the id of an earlier upload. */
function readSubmittedFile(value: unknown): SubmittedFile | null | typeof INVALID {
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

// ------------------------------------------------------------------ custom fields

type CustomField = {
  slug: string;
  type: string;
  compulsory: boolean;
  message: string | null;
  options: CustomFieldOption[];
};

const FILE_TYPES = new Set(['files', 'file', 'photo']);
const NUMBER_TYPES = new Set(['integer', 'decimal', 'currency']);

/** Puts a FormData value into the shape `validateCustomFieldValue` expects for the type. */
function shapeCustomValue(issues: Issues, path: Path, type: string, raw: unknown): unknown {
  if (type === 'boolean') {
    const flag = readFlag(raw);
    return flag === 'invalid' ? raw : flag;
  }
  if (type === 'checkboxes') {
    return readList(issues, path, raw)
      .filter((item) => !isBlank(item))
      .map((item) => (typeof item === 'number' ? String(item) : item));
  }
  if (type === 'startenddate') {
    const range = readObject(raw);
    if (!range) {
      return isBlank(raw) ? null : raw;
    }
    const end = (key: string) => (isBlank(range[key]) ? null : range[key]);
    return { start: end('start'), end: end('end') };
  }
  if (FILE_TYPES.has(type)) {
    const single = readObject(raw);
    // One attachment sent as an object of its fields, or a list of them.
    const list = single && 'id' in single ? [single] : readList(issues, path, raw);
    return list
      .filter((item) => !isBlank(item))
      .map((item) => {
        if (typeof item === 'string') {
          return { id: item, url: `/api/files/${item}` };
        }
        const attachment = readObject(item);
        if (attachment && (typeof attachment.id === 'string' || typeof attachment.id === 'number')) {
          const id = String(attachment.id);
          return {
            ...attachment,
            id,
            url: typeof attachment.url === 'string' ? attachment.url : `/api/files/${id}`,
          };
        }
        return item;
      });
  }
  if (typeof raw === 'string') {
    return raw.trim();
  }
  return raw;
}

function readCustomAnswers(
  issues: Issues,
  root: string,
  fields: readonly CustomField[],
  rawValues: unknown,
  context: CustomFieldValidationContext,
): Record<string, CustomAnswer> {
  const values = readObject(rawValues) ?? {};
  const answers: Record<string, CustomAnswer> = {};
  for (const field of fields) {
    const path = [root, field.slug];
    const shaped = shapeCustomValue(issues, path, field.type, values[field.slug]);
    const message = validateCustomFieldValue(
      {
        type: field.type,
        compulsory: field.compulsory,
        options: field.options,
        message: field.message ?? undefined,
      },
      shaped,
      context,
    );
    if (message !== null) {
      issues.add(path, message);
      continue;
    }
    answers[field.slug] = storedCustomAnswer(field.type, shaped);
  }
  return answers;
}

function storedCustomAnswer(type: string, shaped: unknown): CustomAnswer {
  if (FILE_TYPES.has(type)) {
    const list = Array.isArray(shaped) ? shaped : [];
    return { value: null, fileIds: list.map((item) => String((item as { id: string }).id)) };
  }
  if (NUMBER_TYPES.has(type)) {
    return { value: isBlank(shaped) ? null : Number(shaped), fileIds: [] };
  }
  if (type === 'checkboxes') {
    return { value: (shaped as unknown[]).map(String), fileIds: [] };
  }
  if (type === 'startenddate') {
    const range = shaped as { start: string | null; end: string | null } | null;
    return {
      value: range && (range.start || range.end) ? { start: range.start, end: range.end } : null,
      fileIds: [],
    };
  }
  if (type === 'boolean') {
    return { value: typeof shaped === 'boolean' ? shaped : null, fileIds: [] };
  }
  return { value: isBlank(shaped) ? null : (shaped as string), fileIds: [] };
}

// ------------------------------------------------------------------ the steps

function allOf<T>(sections: readonly FormSection[], pick: (section: FormSection) => readonly T[]): T[] {
  return sections.flatMap((section) => [...pick(section)]);
}

function readDetails(
  issues: Issues,
  raw: Record<string, unknown>,
  sections: readonly FormSection[],
  options: ApplicationSchemaOptions,
): ApplicantDetails {
  const needsEmail = !(options.supervisor && !options.supervisor.hasEmail);
  const email = needsEmail ? readEmail(issues, ['email'], raw.email, 'Email is required') : null;
  if (needsEmail) {
    const confirm = readText(issues, ['email_confirm'], raw.email_confirm, EMAIL_MAX);
    if (confirm === null) {
      if (isBlank(raw.email_confirm)) {
        issues.add(['email_confirm'], 'Confirm email is required');
      }
    } else if (email !== null && confirm.toLowerCase() !== email.toLowerCase()) {
      issues.add(['email_confirm'], 'The email confirmation does not match.');
    }
  }
  const required = (key: string, label: string, max = NAME_MAX) => {
    const text = readText(issues, [key], raw[key], max);
    if (text === null && isBlank(raw[key])) {
      issues.add([key], `${label} is required`);
    }
    return text ?? '';
  };
  const firstName = required('first_name', 'First name');
  const lastName = required('last_name', 'Last name');
  const title = readText(issues, ['title'], raw.title, 50);
  const dob = readDob(issues, raw.dob, options.today);
  const phoneRequired = sections.some(
    (section) => section.type === 'basic-details' && section.phone_number_compulsory,
  );
  const phone = readPhone(
    issues,
    ['contact_number'],
    raw.contact_number,
    raw.contact_number_formatted,
    raw.contact_number_country_code,
    options.defaultPhoneRegion,
    options.phoneLibrary,
  );
  if (
    phone === null &&
    phoneRequired &&
    isBlank(raw.contact_number) &&
    isBlank(raw.contact_number_formatted)
  ) {
    issues.add(['contact_number'], 'Contact number is required');
  }
  return { email, title, firstName, lastName, dob: dob ?? '', phone };
}

function readDob(issues: Issues, value: unknown, today: string): string | null {
  if (isBlank(value)) {
    issues.add(['dob'], 'Date of birth is required');
    return null;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (!isRealIsoDate(text) || text < '1900-01-01') {
    issues.add(['dob'], 'Please enter a valid date');
    return null;
  }
  if (text > today) {
    issues.add(['dob'], 'The date of birth cannot be in the future');
    return null;
  }
  return text;
}

function readGuardian(
  issues: Issues,
  raw: Record<string, unknown>,
  dob: string | null,
  options: ApplicationSchemaOptions,
): ApplicationSubmission['guardian'] {
  if (!dob || ageOnDate(dob, options.today) >= options.minorAge) {
    return null;
  }
  const name = (key: string, label: string) => {
    const text = readText(issues, [key], raw[key], NAME_MAX);
    if (text === null && isBlank(raw[key])) {
      issues.add([key], `${label} is required`);
    }
    return text ?? '';
  };
  const firstName = name('parents_first_name', 'Parent or guardian first name');
  const lastName = name('parents_last_name', 'Parent or guardian last name');
  const email = readEmail(
    issues,
    ['parents_email'],
    raw.parents_email,
    'Parent or guardian email is required',
  );
  return { firstName, lastName, email: email ?? '' };
}

function readAddresses(issues: Issues, raw: unknown, minMonths: number, today: string): SubmittedAddress[] {
  const entries = readList(issues, ['addresses'], raw);
  const addresses: SubmittedAddress[] = [];
  let oldest: string | null = null;
  let datesComplete = true;
  entries.forEach((entry, index) => {
    const address = readObject(entry) ?? {};
    const at = (key: string): Path => ['addresses', index, key];
    const text = (key: string, max = NAME_MAX) => readText(issues, at(key), address[key], max);
    const required = (key: string, label: string) => {
      const value = text(key);
      if (value === null && isBlank(address[key])) {
        issues.add(at(key), `${label} is required`);
      }
      return value ?? '';
    };
    const street = required('street', 'Address line 1');
    const city = required('city', 'City');
    const postcode = required('postcode', 'Postcode');
    let fromDate: string | null = null;
    const fromText = text('from_date', 10);
    if (fromText !== null) {
      const full = /^\d{4}-\d{2}$/.test(fromText) ? `${fromText}-01` : fromText;
      if (!isRealIsoDate(full)) {
        issues.add(at('from_date'), 'Please enter a valid date');
        datesComplete = false;
      } else if (full > today) {
        issues.add(at('from_date'), 'The from date cannot be in the future');
        datesComplete = false;
      } else {
        fromDate = full;
        oldest = oldest === null || full < oldest ? full : oldest;
      }
    } else if (minMonths > 0) {
      issues.add(at('from_date'), 'From date is required');
      datesComplete = false;
    }
    addresses.push({
      companyName: text('company_name'),
      street,
      streetSecond: text('street_second'),
      streetThird: text('street_third'),
      city,
      county: text('county'),
      postcode,
      country: text('country') ?? 'United Kingdom',
      fromDate,
    });
  });
  if (addresses.length === 0) {
    issues.add(['addresses'], 'Please provide an address');
  } else if (minMonths > 0 && datesComplete && oldest !== null) {
    const missing = minMonths - monthsBetween(oldest, today);
    if (missing > 0) {
      issues.add(['addresses'], `Please provide at least ${missing} more month(s) of your address history`);
    }
  }
  return addresses;
}

function readMotivation(
  issues: Issues,
  raw: Record<string, unknown>,
  sections: readonly FormSection[],
  options: ApplicationSchemaOptions,
): NonNullable<ApplicationSubmission['motivation']> {
  const why = readText(issues, ['why'], raw.why, LONG_TEXT_MAX);
  if (why === null && !options.hasApplicationKey && isBlank(raw.why)) {
    issues.add(['why'], 'Please tell us why you would like to volunteer');
  }
  const motivationRaw = readObject(raw.motivation)?.id ?? raw.motivation;
  const motivationId = readId(motivationRaw);
  if (
    motivationId === 'invalid' ||
    (motivationId !== null && options.motivationIds && !options.motivationIds.includes(motivationId))
  ) {
    issues.add(['motivation'], 'Please select an option');
  }
  const special = readFlag(raw.special_requirements_bool);
  if (special === 'invalid') {
    issues.add(['special_requirements_bool'], 'Please select an option');
  }
  const details = readText(issues, ['special_requirements'], raw.special_requirements, LONG_TEXT_MAX);
  if (special === true && details === null && isBlank(raw.special_requirements)) {
    issues.add(['special_requirements'], 'Please tell us about your requirements');
  }
  let rightToVolunteer: 'yes' | 'no' | 'unsure' | null = null;
  if (sections.some((section) => section.type === 'motivation' && section.apply_right_to_work)) {
    const answer = typeof raw.right_to_volunteer === 'string' ? raw.right_to_volunteer.trim() : '';
    if (answer === 'yes' || answer === 'no' || answer === 'unsure') {
      rightToVolunteer = answer;
    } else {
      issues.add(['right_to_volunteer'], 'Please select an option');
    }
  }
  return {
    why,
    motivationId: typeof motivationId === 'number' ? motivationId : null,
    specialRequirementsBool: typeof special === 'boolean' ? special : null,
    specialRequirements: special === true ? details : null,
    rightToVolunteer,
  };
}

function readDocuments(
  issues: Issues,
  raw: unknown,
  sections: readonly FormSection[],
  supplied: readonly number[],
): ApplicationSubmission['documents'] {
  const wanted = allOf(sections, (section) =>
    section.type === 'supporting-documents' ? section.documents : [],
  );
  const wantedIds = new Set(wanted.map((document) => document.id));
  const given = new Map<number, SubmittedFile>();
  readList(issues, ['supportingDocuments'], raw).forEach((entry, index) => {
    const item = readObject(entry);
    if (!item) {
      return;
    }
    const documentId = readId(item.documentId ?? item.document_id);
    if (documentId === null && isBlank(item.file)) {
      return;
    }
    if (documentId === 'invalid' || documentId === null || !wantedIds.has(documentId)) {
      issues.add(['supportingDocuments', index, 'documentId'], 'This document is not asked for on this form');
      return;
    }
    const file = readSubmittedFile(item.file);
    if (file === INVALID) {
      issues.add(['supportingDocuments', documentId], 'Please select a file');
    } else if (file !== null) {
      given.set(documentId, file);
    }
  });
  for (const document of wanted) {
    if (!given.has(document.id) && !supplied.includes(document.id)) {
      issues.add(['supportingDocuments', document.id], 'Please select a file');
    }
  }
  return [...given.entries()].map(([documentTypeId, file]) => ({ documentTypeId, file }));
}

function readReferences(
  issues: Issues,
  raw: unknown,
  requested: number,
  fallbackRegion: string,
  phoneLibrary: PhoneLibrary | undefined,
): SubmittedReference[] {
  const entries = readList(issues, ['references'], raw);
  const references: SubmittedReference[] = [];
  const count = Math.max(requested, entries.length);
  for (let index = 0; index < count; index += 1) {
    const entry = readObject(entries[index]) ?? {};
    const blank = ['first_name', 'last_name', 'email', 'phone_number', 'phone_number_formatted'].every(
      (key) => isBlank(entry[key]),
    );
    if (blank && index >= requested) {
      // An extra, untouched referee block.
      continue;
    }
    const at = (key: string): Path => ['references', index, key];
    const name = (key: string, label: string) => {
      const text = readText(issues, at(key), entry[key], NAME_MAX);
      if (text === null && isBlank(entry[key])) {
        issues.add(at(key), `${label} is required`);
      }
      return text ?? '';
    };
    const firstName = name('first_name', 'First name');
    const lastName = name('last_name', 'Last name');
    const email = readEmail(issues, at('email'), entry.email, null);
    const phone = readPhone(
      issues,
      at('phone_number'),
      entry.phone_number,
      entry.phone_number_formatted,
      entry.phone_number_country_code,
      fallbackRegion,
      phoneLibrary,
    );
    if (isBlank(entry.email) && isBlank(entry.phone_number) && isBlank(entry.phone_number_formatted)) {
      const message = 'Please provide an email address, or a telephone number when they do not have one';
      issues.add(at('email'), message);
      issues.add(at('phone_number'), message);
    }
    references.push({
      firstName,
      lastName,
      email,
      phoneNumber: phone?.number ?? null,
      phoneCountryCode: phone?.region ?? null,
    });
  }
  return references;
}

function consentMessage(type: FormSection['consents'][number]['type']): string {
  return type === 'radio'
    ? 'Please select an option'
    : type === 'checkbox'
      ? 'You must agree to the above statement'
      : 'Please select at least one answer';
}

/**
 * Consent answers: a list of chosen option ids (`consents[0]=12`, applicant-flow §3.1), where an
 * entry may also be `{id, answer}` (answer an option id or a list of them, §3.7).
 */
function readConsents(
  issues: Issues,
  raw: unknown,
  sections: readonly FormSection[],
): Record<number, number[]> {
  const consents = allOf(sections, (section) => section.consents);
  const consentOfOption = new Map<number, number>();
  for (const consent of consents) {
    for (const option of consent.options) {
      consentOfOption.set(option.id, consent.id);
    }
  }
  const chosen = new Map<number, Set<number>>(consents.map((consent) => [consent.id, new Set<number>()]));
  const choose = (optionValue: unknown, consentId: number | null) => {
    const optionId = readId(optionValue);
    if (optionId === null) {
      return;
    }
    const owner = optionId === 'invalid' ? undefined : consentOfOption.get(optionId);
    if (owner === undefined || (consentId !== null && owner !== consentId)) {
      issues.add(consentId === null ? ['consents'] : ['consents', consentId], 'Please select a valid option');
      return;
    }
    chosen.get(owner)?.add(optionId as number);
  };
  for (const value of readList(issues, ['consents'], raw)) {
    const entry = readObject(value);
    if (entry) {
      const consentId = readId(entry.id);
      for (const answer of readList(issues, ['consents'], entry.answer)) {
        choose(answer, typeof consentId === 'number' ? consentId : null);
      }
    } else {
      choose(value, null);
    }
  }
  const answers: Record<number, number[]> = {};
  for (const consent of consents) {
    const ids = [...(chosen.get(consent.id) ?? [])];
    if (consent.type !== 'multiple-checkboxes' && ids.length > 1) {
      issues.add(['consents', consent.id], 'Please select only one option');
    } else if (consent.compulsory && consent.options.length > 0 && ids.length === 0) {
      issues.add(['consents', consent.id], consentMessage(consent.type));
    }
    answers[consent.id] = ids;
  }
  return answers;
}

function readFlags(issues: Issues, root: string, raw: unknown, count: number): boolean[] {
  const list = readList(issues, [root], raw);
  return Array.from({ length: count }, (_, index) => {
    const flag = readFlag(list[index]);
    if (flag === 'invalid') {
      issues.add([root, index], 'Please select an option');
      return false;
    }
    return flag === true;
  });
}

const FIXED_DIVERSITY: Array<{
  key: keyof FixedDiversityAnswers;
  field: string;
  other?: keyof FixedDiversityAnswers;
}> = [
  { key: 'genderId', field: 'gender' },
  { key: 'genderAssignedId', field: 'gender_assigned' },
  { key: 'nationalityId', field: 'nationality', other: 'nationalityOther' },
  { key: 'ethnicityId', field: 'ethnicity', other: 'ethnicityOther' },
  { key: 'sexualityId', field: 'sexuality', other: 'sexualityOther' },
  { key: 'registeredDisabledId', field: 'registered_disabled' },
  { key: 'disabledSelectId', field: 'disabled_select', other: 'disabledSelectOther' },
  { key: 'religionId', field: 'religion', other: 'religionOther' },
];

/** The registered-disabled "Yes" (applicant-flow §3.3): it reveals the disability type. */
export const REGISTERED_DISABLED_YES = 37;

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function readFixedDiversity(
  issues: Issues,
  raw: Record<string, unknown>,
  options: Record<string, Array<{ id: number; is_other: boolean }>>,
  compulsory: boolean,
): FixedDiversityAnswers {
  const answers: FixedDiversityAnswers = {
    genderId: null,
    genderAssignedId: null,
    nationalityId: null,
    nationalityOther: null,
    ethnicityId: null,
    ethnicityOther: null,
    sexualityId: null,
    sexualityOther: null,
    registeredDisabledId: null,
    disabledSelectId: null,
    disabledSelectOther: null,
    religionId: null,
    religionOther: null,
  };
  const set = (key: keyof FixedDiversityAnswers, value: number | string | null) => {
    (answers as Record<string, number | string | null>)[key] = value;
  };
  for (const { key, field, other } of FIXED_DIVERSITY) {
    const name = snake(key);
    const path: Path = ['diversity', name];
    // The disability type is asked only after "Yes"; any other answer clears it (applicant-flow §4).
    if (field === 'disabled_select' && answers.registeredDisabledId !== REGISTERED_DISABLED_YES) {
      continue;
    }
    const id = readId(raw[name]);
    const option =
      typeof id === 'number' ? options[field]?.find((candidate) => candidate.id === id) : undefined;
    if (id === 'invalid' || (id !== null && !option)) {
      issues.add(path, 'Please select a valid option');
      continue;
    }
    if (id === null) {
      if (compulsory) {
        issues.add(path, 'Please select an option');
      }
      continue;
    }
    set(key, id);
    if (other && option?.is_other) {
      const text = readText(issues, ['diversity', snake(other)], raw[snake(other)], NAME_MAX);
      if (text === null) {
        issues.add(['diversity', snake(other)], 'Please specify');
      }
      set(other, text);
    }
  }
  return answers;
}

type V2Question = Extract<NonNullable<FormSection['diversity']>, { mode: 'v2' }>['questions'][number];

function readV2Diversity(
  issues: Issues,
  raw: unknown,
  questions: readonly V2Question[],
  compulsory: boolean,
): V2DiversityAnswer[] {
  const root: Path = ['diversity', 'diversity_v2_questions'];
  // Keyed by question id (`diversity_v2_questions[3][option]`), or a list of `{id|question_id, …}`.
  const byQuestion = new Map<number, Record<string, unknown>>();
  const object = readObject(raw);
  if (Array.isArray(raw)) {
    for (const entry of raw) {
      const answer = readObject(entry);
      const id = answer ? readId(answer.question_id ?? answer.id) : null;
      if (answer && typeof id === 'number') {
        byQuestion.set(id, answer);
      }
    }
  } else if (object) {
    for (const [key, value] of Object.entries(object)) {
      const answer = readObject(value);
      const id = readId(key);
      if (answer && typeof id === 'number') {
        byQuestion.set(id, answer);
      }
    }
  }
  if (compulsory && byQuestion.size === 0 && questions.some((question) => question.compulsory)) {
    issues.add(root, 'The diversity questions field is required.');
  }
  const chosen = new Map<number, number[]>();
  const answers: V2DiversityAnswer[] = [];
  // Parents come before their children in the server's order; a child is shown only when a
  // shown parent's answer includes one of its options (applicant-flow §3.5).
  const visible = (question: V2Question) =>
    question.depends_on.length === 0 ||
    question.depends_on.some((dependency) =>
      chosen.get(dependency.question_id)?.includes(dependency.option_id),
    );
  for (const question of questions) {
    if (!visible(question)) {
      continue;
    }
    const path: Path = [...root, question.id];
    const answer = byQuestion.get(question.id) ?? {};
    const rawIds = question.is_multiple_select
      ? readList(issues, path, answer.options ?? answer.option)
      : isBlank(answer.option)
        ? readList(issues, path, answer.options).slice(0, 2)
        : [answer.option];
    const ids: number[] = [];
    let invalid = false;
    for (const value of rawIds) {
      const id = readId(readObject(value)?.id ?? value);
      if (id === null) {
        continue;
      }
      if (id === 'invalid' || !question.options.some((option) => option.id === id)) {
        invalid = true;
      } else if (!ids.includes(id)) {
        ids.push(id);
      }
    }
    if (invalid) {
      issues.add(path, 'Please select a valid option');
      continue;
    }
    if (!question.is_multiple_select && ids.length > 1) {
      issues.add(path, 'Please select only one option');
      continue;
    }
    if (ids.length === 0) {
      if (compulsory && question.compulsory) {
        issues.add(path, 'Please select an option');
      }
      continue;
    }
    chosen.set(question.id, ids);
    const otherChosen = question.options.some((option) => option.is_other && ids.includes(option.id));
    const otherText = otherChosen
      ? readText(issues, [...path, 'other_text'], answer.other_text, NAME_MAX)
      : null;
    if (otherChosen && otherText === null) {
      issues.add(path, 'Please specify');
      continue;
    }
    answers.push({ questionId: question.id, optionIds: ids, otherText });
  }
  return answers;
}

function readPassword(issues: Issues, raw: Record<string, unknown>): string | null {
  const password = typeof raw.new_password === 'string' ? raw.new_password : '';
  if (password === '') {
    issues.add(['new_password'], 'Password is required');
    return null;
  }
  const result = passwordSchema.safeParse(password);
  if (!result.success) {
    for (const issue of result.error.issues) {
      issues.add(['new_password'], issue.message);
    }
  }
  if (raw.new_password_confirm !== password) {
    issues.add(['new_password_confirm'], 'The password confirmation does not match.');
  }
  return result.success ? password : null;
}

function readTimeslots(
  issues: Issues,
  raw: unknown,
  allowed: readonly number[] | null | undefined,
): number[] {
  const ids: number[] = [];
  for (const value of readList(issues, ['timeslot_ids'], raw)) {
    const id = readId(value);
    if (id === null) {
      continue;
    }
    if (id === 'invalid' || (allowed && !allowed.includes(id))) {
      issues.add(['timeslot_ids'], 'Please select a valid time slot');
      return [];
    }
    if (!ids.includes(id)) {
      ids.push(id);
    }
  }
  return ids;
}

/** Reads and checks a whole form; every problem is reported, at the path of its field. */
function readSubmission(
  issues: Issues,
  raw: Record<string, unknown>,
  sections: readonly FormSection[],
  options: ApplicationSchemaOptions,
): ApplicationSubmission {
  const has = (type: FormSection['type']) => sections.some((section) => section.type === type);
  const details = options.applicant === 'new' ? readDetails(issues, raw, sections, options) : null;
  const keyEmail =
    options.applicant === 'existing' && options.hasApplicationKey
      ? readEmail(issues, ['email'], raw.email, 'Email is required')
      : null;
  const dob = details ? (details.dob === '' ? null : details.dob) : (options.knownDob ?? null);
  const guardian = readGuardian(issues, raw, dob, options);
  const minAddressHistory = Math.max(
    0,
    ...sections
      .filter((section) => section.type === 'address-details')
      .map((section) => section.min_address_history ?? 0),
  );
  const requestedReferences = Math.max(
    0,
    ...sections
      .filter((section) => section.type === 'references')
      .map((section) => section.requested_references ?? 0),
  );
  // Supervisor mode with an email: the applicant answers consents and terms later (applicant-flow §2.2).
  const consentsDeferred = options.supervisor?.hasEmail === true;
  const additional = allOf(sections, (section) => section.additional_consents);
  const terms = allOf(sections, (section) => section.terms);

  let acceptedTerms: number[] | null = null;
  if (!consentsDeferred) {
    const ticks = readFlags(issues, 'terms', raw.terms, terms.length);
    ticks.forEach((ticked, index) => {
      if (!ticked) {
        issues.add(['terms', index], 'Please verify that you agree to the above statement');
      }
    });
    acceptedTerms = terms.filter((_, index) => ticks[index]).map((term) => term.id);
  }

  const diversitySection = sections.find((section) => section.type === 'diversity' && section.diversity);
  let diversity: ApplicationSubmission['diversity'] = null;
  if (diversitySection?.diversity && !options.diversityAnswered) {
    const answers = readObject(raw.diversity) ?? {};
    diversity =
      diversitySection.diversity.mode === 'v2'
        ? {
            fixed: null,
            v2: readV2Diversity(
              issues,
              answers.diversity_v2_questions,
              diversitySection.diversity.questions,
              diversitySection.diversity_compulsory,
            ),
          }
        : {
            fixed: readFixedDiversity(
              issues,
              answers,
              diversitySection.diversity.options,
              diversitySection.diversity_compulsory,
            ),
            v2: null,
          };
  }

  const questionFields = allOf(sections, (section) => section.questions);
  const attributeFields = allOf(sections, (section) =>
    section.attributes
      .map(({ attribute }) => attribute)
      .filter((attribute) => attribute.permission === 'write'),
  );
  const customContext: CustomFieldValidationContext = {
    host: options.host,
    ...(options.phoneLibrary ? { isValidPhoneNumber: options.phoneLibrary.isValidPhoneNumber } : {}),
  };

  return {
    details,
    keyEmail,
    guardian,
    newPassword: options.requirePassword ? readPassword(issues, raw) : null,
    addresses: has('address-details')
      ? readAddresses(issues, raw.addresses, minAddressHistory, options.today)
      : null,
    motivation: has('motivation') ? readMotivation(issues, raw, sections, options) : null,
    documents: readDocuments(issues, raw.supportingDocuments, sections, options.suppliedDocumentIds ?? []),
    references: has('references')
      ? readReferences(issues, raw.references, requestedReferences, options.defaultPhoneRegion, options.phoneLibrary)
      : null,
    consents: consentsDeferred ? null : readConsents(issues, raw.consents, sections),
    additionalConsents: consentsDeferred
      ? null
      : readFlags(issues, 'additional_consent', raw.additional_consent, additional.length).map(
          (agreed, index) => ({
            id: (additional[index] as { id: number }).id,
            agreed,
          }),
        ),
    terms: acceptedTerms,
    questions: readCustomAnswers(issues, 'questions', dedupe(questionFields), raw.questions, customContext),
    attributes: readCustomAnswers(
      issues,
      'attributes',
      dedupe(attributeFields),
      raw.attributes,
      customContext,
    ),
    timeslotIds: readTimeslots(issues, raw.timeslot_ids, options.timeslotIds),
    diversity,
  };
}

function dedupe<T extends { slug: string }>(fields: T[]): T[] {
  const seen = new Set<string>();
  return fields.filter((field) => (seen.has(field.slug) ? false : (seen.add(field.slug), true)));
}

const describedFields = {
  email: 'Applicant’s email address (not needed in supervisor mode without an email).',
  email_confirm: 'The same email address again.',
  new_password: 'New password (review step), by the password rules.',
  new_password_confirm: 'The same password again.',
  title: 'Title, e.g. Ms.',
  first_name: 'First name.',
  last_name: 'Last name.',
  contact_number:
    'Telephone number as typed; required when the basic-details step has phone_number_compulsory.',
  contact_number_formatted: 'The number in E.164, when the widget has formatted it.',
  contact_number_country_code: 'Region (GB) or dial code (44) the number was typed for.',
  dob: 'Date of birth, YYYY-MM-DD.',
  parents_first_name: 'Parent or guardian first name (applicants under the minor age).',
  parents_last_name: 'Parent or guardian last name.',
  parents_email: 'Parent or guardian email address.',
  addresses:
    'Address history, newest first: company_name, street, street_second, street_third, city, county, postcode, country, from_date.',
  why: 'Why the applicant wants to volunteer (required without an application key).',
  motivation: 'Chosen motivation id (or `{id}`).',
  special_requirements_bool: 'yes or no.',
  special_requirements: 'Details when special_requirements_bool is yes.',
  right_to_volunteer: 'yes, no or unsure; required when the motivation step has apply_right_to_work.',
  supportingDocuments: 'List of `{documentId, file}`: a file part, or the id of an earlier upload.',
  references: 'Referees: first_name, last_name, email or phone_number (+ phone_number_country_code).',
  consents: 'Chosen consent option ids, or `{id, answer}` entries.',
  additional_consent: 'Yes/no per additional consent, in the form’s order.',
  terms: 'A tick per term, in the form’s order; each must be ticked.',
  questions: 'Answers keyed by question slug.',
  attributes: 'Values keyed by attribute slug.',
  timeslot_ids: 'Chosen time slot ids.',
  diversity:
    'Diversity answers: the fixed `*_id` fields or `diversity_v2_questions[{questionId}][option|options|other_text]`.',
} as const;

/**
 * The application form body for an opportunity's steps (applicant-flow §3.1, §3.2, §5). It
 * parses a raw body — nested as FormData keys parse (`addresses[0][street]`) or JSON — into an
 * {@link ApplicationSubmission}, reporting every broken rule at its dotted path
 * (`email`, `addresses.0.street`, `questions.{slug}`, `attributes.{slug}`, `terms.0`,
 * `consents.{consentId}`, `supportingDocuments.{documentId}`, `diversity.diversity_v2_questions.{id}`, …).
 * The server validates submits with it; the web form resolves with the very same schema.
 */
export function buildApplicationBodySchema(
  sections: readonly FormSection[],
  options: ApplicationSchemaOptions,
) {
  const shape = Object.fromEntries(
    Object.entries(describedFields).map(([key, description]) => [
      key,
      z.unknown().optional().describe(description),
    ]),
  ) as Record<keyof typeof describedFields, z.ZodOptional<z.ZodUnknown>>;
  return z
    .looseObject(shape)
    .describe('Application form (applicant-flow §3.1, §3.2)')
    .transform((raw, ctx): ApplicationSubmission => {
      const issues = new Issues();
      const submission = readSubmission(issues, raw, sections, options);
      for (const issue of issues.list) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
      return submission;
    });
}
export type ApplicationBodySchema = ReturnType<typeof buildApplicationBodySchema>;
