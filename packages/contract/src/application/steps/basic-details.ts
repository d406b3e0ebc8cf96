import {
  ageOnDate,
  EMAIL_MAX,
  isBlank,
  isRealIsoDate,
  NAME_MAX,
  readEmail,
  readPhone,
  readText,
  type Issues,
  type StepReadContext,
} from '../read.js';

/* The basic-details step (applicant-flow §2.2, §3.1): the personal details and the parent or guardian. */

export type ApplicantDetails = {
  email: string | null;
  title: string | null;
  firstName: string;
  lastName: string;
  dob: string;
  phone: { number: string; region: string } | null;
};

export type BasicDetailsPart = {
  /** The new applicant's details; null when the details are locked. */
  details: ApplicantDetails | null;
  /** With an application key: the email address given, to match against the application. */
  keyEmail: string | null;
  guardian: { firstName: string; lastName: string; email: string } | null;
};

/** The body fields this step owns, with their descriptions. */
export const basicDetailsFields = {
  email: 'Applicant’s email address (not needed in supervisor mode without an email).',
  email_confirm: 'The same email address again.',
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
} as const;

/**
 * Reads the personal details of a new applicant (locked, so not read, for a known one), the
 * email given with an application key, and the parent or guardian of an applicant under the
 * minor age (by the given or the known date of birth).
 */
export function readBasicDetails(context: StepReadContext): BasicDetailsPart {
  const { issues, raw, options } = context;
  const details = options.applicant === 'new' ? readDetails(context) : null;
  const keyEmail =
    options.applicant === 'existing' && options.hasApplicationKey
      ? readEmail(issues, ['email'], raw.email, 'Email is required')
      : null;
  const dob = details ? (details.dob === '' ? null : details.dob) : (options.knownDob ?? null);
  const guardian = readGuardian(context, dob);
  return { details, keyEmail, guardian };
}

function readDetails({ issues, raw, sections, options }: StepReadContext): ApplicantDetails {
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
  { issues, raw, options }: StepReadContext,
  dob: string | null,
): BasicDetailsPart['guardian'] {
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
