import type { FormSection } from '@muster/contract';
import type { StepBody } from '../step-props';

/** The country of a new address (applicant-flow §3.1, §9). */
export const DEFAULT_COUNTRY = 'United Kingdom';

/** The parts of an address the applicant gives (applicant-flow §3.1), without the from date. */
export const ADDRESS_PARTS = [
  'company_name',
  'street',
  'street_second',
  'street_third',
  'city',
  'county',
  'postcode',
  'country',
] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];
export type AddressParts = Record<AddressPart, string>;

/** One address of the history as the form holds it. */
export type AddressRow = AddressParts & {
  /** The month moved in, `YYYY-MM`, or '' while not given. */
  from_date: string;
  /** Identifies the row on the page while rows come and go; never sent. */
  key: string;
};

/** The address-details step's answers: the address history, newest first. */
export type AddressDetailsValues = { addresses: AddressRow[] };

let lastKey = 0;

/**
 * A row key no other row has, including rows of a draft kept from an earlier visit (so not a
 * bare counter, which starts again with each page load).
 */
export function newRowKey(): string {
  lastKey += 1;
  const unique =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `address-${lastKey}-${unique}`;
}

/** A row with no address and no date (country as the default). */
export function emptyAddressRow(key: string = newRowKey()): AddressRow {
  return {
    company_name: '',
    street: '',
    street_second: '',
    street_third: '',
    city: '',
    county: '',
    postcode: '',
    country: DEFAULT_COUNTRY,
    from_date: '',
    key,
  };
}

/** The step's answers when nothing is given: no address yet (the step shows one empty row). */
export function addressDetailsDefaults(): AddressDetailsValues {
  return { addresses: [] };
}

/** The top-level fields (and error paths) the step owns. */
export const addressDetailsFields = ['addresses'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** A stored from date as the month-year box holds it: `YYYY-MM` (from `YYYY-MM` or `YYYY-MM-DD`), else ''. */
function monthOf(value: unknown): string {
  const match = /^(\d{4}-\d{2})(-\d{2})?$/.exec(text(value));
  return match?.[1] ?? '';
}

/**
 * The rows of `value` (the form's `addresses`, a stored draft or a saved application's list),
 * each with every part as text, the from date as `YYYY-MM` and a key; anything unreadable is
 * left out.
 */
export function readAddressRows(value: unknown): AddressRow[] {
  if (!Array.isArray(value)) {
    return [];
  }
  return value.filter(isRecord).map((entry, index) => {
    const row = emptyAddressRow(typeof entry.key === 'string' && entry.key !== '' ? entry.key : `stored-${index}`);
    for (const part of ADDRESS_PARTS) {
      row[part] = text(entry[part]);
    }
    if (entry.country === undefined || entry.country === null) {
      row.country = DEFAULT_COUNTRY;
    }
    row.from_date = monthOf(entry.from_date);
    return row;
  });
}

/** The row has an address: any part other than the (defaulted) country is filled. */
export function hasAddress(row: AddressParts): boolean {
  return ADDRESS_PARTS.some((part) => part !== 'country' && row[part].trim() !== '');
}

/** The row is still the empty one the page offers: no address and no date. It is not sent. */
export function isBlankRow(row: AddressRow): boolean {
  return !hasAddress(row) && row.from_date === '';
}

/** The months of address history the form asks for (the largest of its address steps; 0 for none). */
export function historyMonthsOf(sections: readonly FormSection[]): number {
  return Math.max(
    0,
    ...sections
      .filter((section) => section.type === 'address-details')
      .map((section) => section.min_address_history ?? 0),
  );
}

/**
 * Where each row's answers are in the body, and so its errors (`addresses.{index}.street`): its
 * position among the rows that are sent, or null for a blank row.
 */
export function bodyIndexes(rows: readonly AddressRow[]): (number | null)[] {
  let next = 0;
  return rows.map((row) => (isBlankRow(row) ? null : next++));
}

/**
 * `addresses[]` (applicant-flow §3.1): every row but the blank ones, newest first, each with its
 * parts and, when the form asks for address history, `from_date` as the first of the month
 * (`YYYY-MM-DD`), or '' while not given.
 */
export const addressDetailsBody: StepBody = (_section, values, context) => {
  const history = historyMonthsOf(context.sections) > 0;
  const rows = readAddressRows(values.addresses).filter((row) => !isBlankRow(row));
  return {
    addresses: rows.map((row) => {
      const address: Record<string, string> = {};
      for (const part of ADDRESS_PARTS) {
        address[part] = row[part];
      }
      if (history) {
        address.from_date = row.from_date === '' ? '' : `${row.from_date}-01`;
      }
      return address;
    }),
  };
};
