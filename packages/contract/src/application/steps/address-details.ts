import {
  hasStep,
  isBlank,
  isRealIsoDate,
  monthsBetween,
  NAME_MAX,
  readList,
  readObject,
  readText,
  type Path,
  type StepReadContext,
} from '../read.js';

/* The address-details step (applicant-flow §2.4): the address history, newest first. */

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

export type AddressDetailsPart = {
  /** Null when the form has no address-details step. */
  addresses: SubmittedAddress[] | null;
};

/** The body fields this step owns, with their descriptions. */
export const addressDetailsFields = {
  addresses:
    'Address history, newest first: company_name, street, street_second, street_third, city, county, postcode, country, from_date.',
} as const;

/**
 * Reads the addresses: at least one, each with its first line, city and postcode; with a
 * `min_address_history`, from dates covering that many months back from today.
 */
export function readAddressDetails({ issues, raw, sections, options }: StepReadContext): AddressDetailsPart {
  if (!hasStep(sections, 'address-details')) {
    return { addresses: null };
  }
  const minMonths = Math.max(
    0,
    ...sections
      .filter((section) => section.type === 'address-details')
      .map((section) => section.min_address_history ?? 0),
  );
  const today = options.today;
  const entries = readList(issues, ['addresses'], raw.addresses);
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
  return { addresses };
}
