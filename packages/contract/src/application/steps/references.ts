import {
  hasStep,
  isBlank,
  NAME_MAX,
  readEmail,
  readFlag,
  readId,
  readList,
  readObject,
  readPhone,
  readText,
  type Path,
  type StepReadContext,
} from '../read.js';

/* The references step (applicant-flow §2.7): the referees, as many as the step requests at least. */

export type SubmittedReference = {
  /**
   * The saved referee this block shows (an application opened by its key lists its referees
   * with their ids); null for a referee new in this form.
   */
  id: number | null;
  /** The form showed the referee locked: a request was already sent to them. */
  disabled: boolean;
  firstName: string;
  lastName: string;
  email: string | null;
  phoneNumber: string | null;
  phoneCountryCode: string | null;
};

export type ReferencesPart = {
  /** Null when the form has no references step. */
  references: SubmittedReference[] | null;
};

/** The message at `references.N.email` when a referee has neither an email address nor a phone number. */
export const REFEREE_CONTACT_REQUIRED =
  'Please provide an email address, or a telephone number when they do not have one';
/** The message at `references.N.phone_number` when a referee without an email address has no phone number. */
export const REFEREE_PHONE_REQUIRED = 'Phone number is required';

/** The body fields this step owns, with their descriptions. */
export const referencesFields = {
  references:
    'Referees: first_name, last_name, and email, or (for a referee without an email address, sent without ' +
    'the email field) phone_number with phone_number_formatted and phone_number_country_code; id and ' +
    'disabled (1) for a saved referee whose request was already sent, which is kept as it is.',
} as const;

const CONTACT_KEYS = ['email', 'phone_number', 'phone_number_formatted'] as const;
const PHONE_KEYS = ['phone_number', 'phone_number_formatted', 'phone_number_country_code'] as const;

/** The number of referee blocks the form's references steps ask for. */
function requestedReferences(context: StepReadContext): number {
  return Math.max(
    0,
    ...context.sections
      .filter((section) => section.type === 'references')
      .map((section) => section.requested_references ?? 0),
  );
}

/**
 * Reads the referees: the `requested_references` first blocks are required, extra blocks only
 * when touched; each needs a first and last name, and an email address or a telephone number.
 * A block sent with phone fields and without an `email` field is a referee who has no email
 * address ("They don't have an email address" ticked): a missing number is reported at
 * `phone_number`; otherwise a missing email address is reported at `email`.
 */
export function readReferences(context: StepReadContext): ReferencesPart {
  const { issues, raw, sections, options } = context;
  if (!hasStep(sections, 'references')) {
    return { references: null };
  }
  const requested = requestedReferences(context);
  const entries = readList(issues, ['references'], raw.references);
  const references: SubmittedReference[] = [];
  const count = Math.max(requested, entries.length);
  for (let index = 0; index < count; index += 1) {
    const entry = readObject(entries[index]) ?? {};
    const blank = ['first_name', 'last_name', ...CONTACT_KEYS].every((key) => isBlank(entry[key]));
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
      options.defaultPhoneRegion,
      options.phoneLibrary,
    );
    if (CONTACT_KEYS.every((key) => isBlank(entry[key]))) {
      const withoutEmail = !('email' in entry) && PHONE_KEYS.some((key) => key in entry);
      if (withoutEmail) {
        issues.add(at('phone_number'), REFEREE_PHONE_REQUIRED);
      } else {
        issues.add(at('email'), REFEREE_CONTACT_REQUIRED);
      }
    }
    const id = readId(entry.id);
    references.push({
      id: typeof id === 'number' ? id : null,
      disabled: readFlag(entry.disabled) === true,
      firstName,
      lastName,
      email,
      phoneNumber: phone?.number ?? null,
      phoneCountryCode: phone?.region ?? null,
    });
  }
  return { references };
}
