import {
  hasStep,
  isBlank,
  NAME_MAX,
  readEmail,
  readList,
  readObject,
  readPhone,
  readText,
  type Path,
  type StepReadContext,
} from '../read.js';

/* The references step (applicant-flow §2.7): the referees, as many as the step requests at least. */

export type SubmittedReference = {
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

/** The body fields this step owns, with their descriptions. */
export const referencesFields = {
  references: 'Referees: first_name, last_name, email or phone_number (+ phone_number_country_code).',
} as const;

/**
 * Reads the referees: the `requested_references` first blocks are required, extra blocks only
 * when touched; each needs a name and an email address or a telephone number.
 */
export function readReferences({ issues, raw, sections, options }: StepReadContext): ReferencesPart {
  if (!hasStep(sections, 'references')) {
    return { references: null };
  }
  const requested = Math.max(
    0,
    ...sections
      .filter((section) => section.type === 'references')
      .map((section) => section.requested_references ?? 0),
  );
  const entries = readList(issues, ['references'], raw.references);
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
      options.defaultPhoneRegion,
      options.phoneLibrary,
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
  return { references };
}
