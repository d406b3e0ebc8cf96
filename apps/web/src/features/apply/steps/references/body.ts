import type { FormSection, SavedApplication } from '@muster/contract';
import type { StepBody } from '../step-props';

/** One referee block as the form holds it (applicant-flow §2.7, §3.1 `references[]`). */
export type RefereeValues = {
  /** The saved referee's id (an application opened by its key); null for a new one. */
  id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  /** "They don't have an email address": the phone number is asked instead of the email. */
  no_email: boolean;
  /** The number as typed. */
  phone_number: string;
  /** E.164 form of the number, '' while it is not valid. */
  phone_number_formatted: string;
  /** Two-letter region of the number, e.g. GB; '' for the opportunity's default. */
  phone_number_country_code: string;
  /** A request was already sent to this referee: the block is locked. */
  disabled: boolean;
};

/** The references step's answers. */
export type ReferencesValues = { references: RefereeValues[] };

/** An empty referee block. */
export function emptyReferee(): RefereeValues {
  return {
    id: null,
    first_name: '',
    last_name: '',
    email: '',
    no_email: false,
    phone_number: '',
    phone_number_formatted: '',
    phone_number_country_code: '',
    disabled: false,
  };
}

/** The step's answers when nothing is given. */
export function referencesDefaults(): ReferencesValues {
  return { references: [] };
}

/** The top-level fields (and error paths) the step owns. */
export const referencesFields = ['references'] as const;

/** How many referee blocks the step shows: `requested_references`, or more when the answers hold more. */
export function refereeCount(
  section: Pick<FormSection, 'requested_references'>,
  referees: readonly unknown[],
): number {
  return Math.max(section.requested_references ?? 0, referees.length);
}

/**
 * Referee `index` of the answers, complete: a block the form has not written yet (or a draft
 * from before a field existed) reads as empty.
 */
export function refereeAt(
  referees: readonly (Partial<RefereeValues> | null | undefined)[] | undefined,
  index: number,
): RefereeValues {
  return { ...emptyReferee(), ...(referees?.[index] ?? {}) };
}

/** The referees of a saved application (opened by its key) as the form holds them. */
export function refereesFromSaved(saved: SavedApplication['references']): RefereeValues[] {
  return saved.map((referee) => {
    const noEmail = referee.email === null && referee.phone_number !== null;
    return {
      id: referee.id,
      first_name: referee.first_name,
      last_name: referee.last_name,
      email: referee.email ?? '',
      no_email: noEmail,
      phone_number: referee.phone_number ?? '',
      phone_number_formatted: referee.phone_number ?? '',
      phone_number_country_code: referee.phone_number_country_code ?? '',
      disabled: referee.disabled,
    };
  });
}

/**
 * The referees, one entry per block: a referee without an email address is sent with the phone
 * fields and no `email` field (which is how the server knows to ask for the number), any other
 * with its email and no phone fields. A saved referee carries its id, and `disabled` when its
 * request was sent (the server keeps it as it is).
 */
export const referencesBody: StepBody = (section, values) => {
  const count = refereeCount(section, values.references ?? []);
  const references = Array.from({ length: count }, (_, index) => {
    const referee = refereeAt(values.references, index);
    const entry: Record<string, unknown> = { first_name: referee.first_name, last_name: referee.last_name };
    if (referee.no_email) {
      entry.phone_number = referee.phone_number;
      entry.phone_number_formatted = referee.phone_number_formatted;
      entry.phone_number_country_code = referee.phone_number_country_code;
    } else {
      entry.email = referee.email;
    }
    if (referee.id !== null) {
      entry.id = referee.id;
    }
    if (referee.disabled) {
      entry.disabled = true;
    }
    return entry;
  });
  return { references };
};
