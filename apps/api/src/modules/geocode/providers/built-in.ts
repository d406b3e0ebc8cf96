import { GEOCODE_SUGGESTIONS_MAX, type GeocodedAddress } from '@muster/contract';
import type { Executor } from '../../../db/client.js';
import {
  findAddress,
  findAddresses,
  groupTextMatches,
  listPostcodeAddresses,
  listStreetAddresses,
  summarisePostcodes,
  summariseStreetPostcodes,
  type AddressRow,
  type PostcodeSummary,
} from '../repository.js';
import { formatPostcode, parsePostcodeQuery, textSearchQueries, type PostcodeQuery } from '../search-text.js';
import {
  joinId,
  splitId,
  type AddressProvider,
  type ProviderRetrieval,
  type ProviderSuggestion,
} from './provider.js';

const NAME = 'builtin';
/** Most addresses a postcode container lists (UK postcodes hold about 15, rarely over 100). */
const CONTAINER_MAX = 500;
/** A street with more addresses than this opens onto its postcodes instead. */
const STREET_ADDRESSES_MAX = 100;
/** Matches of a text search read to group by street (beyond this the applicant narrows by typing more). */
const TEXT_SAMPLE = 200;

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/** Street, town, then house number as numbers read (9 before 10), then flat. */
function compareRows(a: AddressRow, b: AddressRow): number {
  return (
    collator.compare(a.street, b.street) ||
    collator.compare(a.city ?? '', b.city ?? '') ||
    collator.compare(a.number ?? '', b.number ?? '') ||
    collator.compare(a.unit ?? '', b.unit ?? '') ||
    collator.compare(a.company ?? '', b.company ?? '') ||
    a.id - b.id
  );
}

/**
 * The lines of an address before its town: the flat, then a house number with its street
 * ("10 High Street"), or a building name on a line of its own above the street.
 */
function addressLines(row: AddressRow): string[] {
  const numbered = row.number !== null && /^\d/.test(row.number);
  const building = numbered ? [`${row.number} ${row.street}`] : [row.number, row.street];
  return [row.unit, ...building].filter((line): line is string => Boolean(line));
}

/** A gazetteer row in the fields of an application address (applicant-flow §3.1). */
function toGeocodedAddress(row: AddressRow): GeocodedAddress {
  const lines = addressLines(row);
  return {
    company_name: row.company,
    street: lines[0] ?? row.street,
    street_second: lines[1] ?? null,
    street_third: lines.slice(2).join(', ') || null,
    city: row.city ?? '',
    county: row.district ?? row.region ?? null,
    postcode: formatPostcode(row.postcode),
    country: row.country,
  };
}

function addressSuggestion(row: AddressRow): ProviderSuggestion {
  return {
    id: joinId([NAME, 'address', String(row.id)]),
    name: [row.company, ...addressLines(row), row.city, formatPostcode(row.postcode)]
      .filter(Boolean)
      .join(', '),
    type: 'address',
  };
}

function addressSuggestions(rows: AddressRow[]): ProviderSuggestion[] {
  return [...rows].sort(compareRows).map(addressSuggestion);
}

function plural(total: number): string {
  return total === 1 ? '1 address' : `${total} addresses`;
}

/**
 * The built-in finder over the `addresses` gazetteer.
 *
 * Search, as documented in docs/addresses.md:
 * - a whole postcode ("BS1 4DJ", "bs14dj") answers its addresses when it has at most
 *   GEOCODE_SUGGESTIONS_MAX of them, else the postcode as a container;
 * - the start of a postcode ("BS1", "BS1 4") answers the postcodes under it, in order: a postcode
 *   with one address as that address, any other as a container;
 * - anything else (or a postcode-like query that matches no postcode, such as the A1 road) is
 *   read as words ("10 high st bris"): up to GEOCODE_SUGGESTIONS_MAX matches answer as addresses;
 *   more are grouped by street, a street with several matches answering as a street container.
 */
export function createBuiltInProvider(db: Executor): AddressProvider {
  /** Postcode summaries as suggestions: a one-address postcode as its address, others as containers. */
  async function postcodeSuggestions(summaries: PostcodeSummary[]): Promise<ProviderSuggestion[]> {
    const singles = await findAddresses(
      db,
      summaries.filter((summary) => summary.total === 1).map((summary) => summary.firstId),
    );
    const byId = new Map(singles.map((row) => [row.id, row]));
    return summaries.map((summary) => {
      const single = summary.total === 1 ? byId.get(summary.firstId) : undefined;
      if (single) {
        return addressSuggestion(single);
      }
      const postcode = formatPostcode(summary.postcode);
      return {
        id: joinId([NAME, 'postcode', summary.postcodeKey]),
        name: `${[postcode, summary.street, summary.city].filter(Boolean).join(', ')} (${plural(summary.total)})`,
        type: 'postcode',
      };
    });
  }

  async function searchPostcode(query: PostcodeQuery): Promise<ProviderSuggestion[]> {
    if (query.full) {
      const rows = await listPostcodeAddresses(db, query.prefix, GEOCODE_SUGGESTIONS_MAX + 1);
      if (rows.length > 0 && rows.length <= GEOCODE_SUGGESTIONS_MAX) {
        return addressSuggestions(rows);
      }
    }
    const summaries = await summarisePostcodes(
      db,
      query.prefix,
      query.outwardLength,
      GEOCODE_SUGGESTIONS_MAX,
    );
    return postcodeSuggestions(summaries);
  }

  async function searchWords(tsquery: string): Promise<ProviderSuggestion[]> {
    const { total, groups } = await groupTextMatches(db, tsquery, TEXT_SAMPLE + 1, GEOCODE_SUGGESTIONS_MAX);
    if (total <= GEOCODE_SUGGESTIONS_MAX) {
      return addressSuggestions(
        await findAddresses(
          db,
          groups.flatMap((group) => group.ids),
        ),
      );
    }
    // Many matches: a street matched more than once as the street, once as that address.
    const singles = new Map(
      (
        await findAddresses(
          db,
          groups.filter((group) => group.matches === 1).flatMap((group) => group.ids),
        )
      ).map((row) => [row.id, row]),
    );
    return groups.flatMap((group): ProviderSuggestion[] => {
      if (group.matches > 1) {
        return [
          {
            id: joinId([NAME, 'street', group.streetKey]),
            name: `${[group.street, group.city].filter(Boolean).join(', ')} (${plural(group.streetTotal)})`,
            type: 'street',
          },
        ];
      }
      const row = singles.get(group.ids[0] ?? -1);
      return row ? [addressSuggestion(row)] : [];
    });
  }

  async function retrieveStreet(streetKey: string): Promise<ProviderRetrieval | null> {
    const rows = await listStreetAddresses(db, streetKey, STREET_ADDRESSES_MAX + 1);
    if (rows.length === 0) {
      return null;
    }
    if (rows.length <= STREET_ADDRESSES_MAX) {
      return { kind: 'container', suggestions: addressSuggestions(rows) };
    }
    const postcodes = await summariseStreetPostcodes(db, streetKey, CONTAINER_MAX);
    return { kind: 'container', suggestions: await postcodeSuggestions(postcodes) };
  }

  return {
    name: NAME,

    async search(text) {
      const postcode = parsePostcodeQuery(text);
      if (postcode) {
        const found = await searchPostcode(postcode);
        if (found.length > 0) {
          return found;
        }
      }
      for (const tsquery of textSearchQueries(text)) {
        const found = await searchWords(tsquery);
        if (found.length > 0) {
          return found;
        }
      }
      return [];
    },

    async retrieve(id) {
      const parts = splitId(id);
      if (!parts || parts.length !== 3 || parts[0] !== NAME) {
        return null;
      }
      const [, kind, key = ''] = parts;
      if (kind === 'address') {
        const addressId = /^\d{1,9}$/.test(key) ? Number(key) : null;
        const row = addressId === null ? null : await findAddress(db, addressId);
        return row ? { kind: 'address', address: toGeocodedAddress(row) } : null;
      }
      if (kind === 'postcode') {
        const rows = /^[A-Z0-9]{2,10}$/.test(key) ? await listPostcodeAddresses(db, key, CONTAINER_MAX) : [];
        return rows.length > 0 ? { kind: 'container', suggestions: addressSuggestions(rows) } : null;
      }
      if (kind === 'street') {
        return retrieveStreet(key);
      }
      return null;
    },
  };
}
