import { buildApplicationBodySchema, type FormSection } from '@muster/contract';
import { ADDRESS_PARTS, type AddressPart, type AddressParts } from './body';

/** What the page calls each part (the contract's messages use the same names). */
export const ADDRESS_PART_LABELS: Record<AddressPart, string> = {
  company_name: 'Company',
  street: 'Address line 1',
  street_second: 'Address line 2',
  street_third: 'Address line 3',
  city: 'City',
  county: 'County',
  postcode: 'Postcode',
  country: 'Country',
};

/** The parts an address must have (applicant-flow §5). */
export const REQUIRED_PARTS: readonly AddressPart[] = ['street', 'city', 'postcode', 'country'];

export type AddressProblems = Partial<Record<AddressPart, string>>;

/**
 * What is wrong with one address, by part: the contract's own rules for an address of the
 * application body (the schema the server checks a submit with: line 1, city and postcode
 * required, lengths), plus the country, which the form requires too (applicant-flow §5).
 */
export function checkAddress(section: FormSection, address: AddressParts, today: string): AddressProblems {
  // Only this step, without history: the from date is the row's business, not the address's.
  const schema = buildApplicationBodySchema([{ ...section, min_address_history: null }], {
    applicant: 'existing',
    supervisor: null,
    hasApplicationKey: false,
    requirePassword: false,
    minorAge: 0,
    today,
    host: '',
    defaultPhoneRegion: 'GB',
  });
  const body: Record<string, string> = {};
  for (const part of ADDRESS_PARTS) {
    body[part] = address[part];
  }
  const problems: AddressProblems = {};
  const result = schema.safeParse({ addresses: [body] });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [field, index, part] = issue.path;
      if (field === 'addresses' && index === 0 && typeof part === 'string' && part in ADDRESS_PART_LABELS) {
        problems[part as AddressPart] ??= issue.message;
      }
    }
  }
  if (address.country.trim() === '') {
    problems.country ??= `${ADDRESS_PART_LABELS.country} is required`;
  }
  return problems;
}

/** The address lacks a part it must have, or breaks another rule: it is not complete. */
export function isIncomplete(problems: AddressProblems): boolean {
  return Object.keys(problems).length > 0;
}
