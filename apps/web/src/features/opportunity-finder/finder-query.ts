import { COUNTY_MAX_LENGTH, OPPORTUNITY_SEARCH_MAX_LENGTH } from '@muster/contract';

/** Opportunities per page of the home page: a short page on a phone. */
export const FINDER_PAGE_SIZE = 6;

/** What the finder shows, as the address's query string holds it (`/?search&country&county&page`). */
export type FinderQuery = {
  search: string;
  /** Two-letter region code, upper case; empty for any country. */
  country: string;
  /** Empty for any county. */
  county: string;
  page: number;
};

/**
 * Reads the finder's state from the address. Values the API would refuse fall back to their
 * default (no filter, page 1), so an edited or stale link still shows something.
 */
export function readFinderQuery(params: URLSearchParams): FinderQuery {
  const search = (params.get('search') ?? '').trim().slice(0, OPPORTUNITY_SEARCH_MAX_LENGTH);
  const country = (params.get('country') ?? '').trim().toUpperCase();
  const page = Number(params.get('page') ?? '1');
  const validCountry = /^[A-Z]{2}$/.test(country) ? country : '';
  return {
    search,
    country: validCountry,
    // A county belongs to a country: without one it is not a filter the form can show.
    county: validCountry ? (params.get('county') ?? '').trim().slice(0, COUNTY_MAX_LENGTH) : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address query string of a finder state, without defaults (no empty filters, no page 1). */
export function finderSearchParams(query: FinderQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) {
    params.set('search', query.search);
  }
  if (query.country) {
    params.set('country', query.country);
  }
  if (query.county) {
    params.set('county', query.county);
  }
  if (query.page > 1) {
    params.set('page', String(query.page));
  }
  return params;
}

/** The address of a finder state, e.g. `/?search=beach&page=2`. */
export function finderHref(query: FinderQuery): string {
  const search = finderSearchParams(query).toString();
  return search ? `/?${search}` : '/';
}

/** Whether the state filters residential opportunities by place (the residential list answers it). */
export function isPlaceFilter(query: FinderQuery): boolean {
  return query.country !== '';
}

/**
 * The API call answering a finder state: which list (the opportunities, or the residential
 * opportunities when a place is chosen) and its query.
 */
export function finderRequest(query: FinderQuery): {
  list: 'opportunities' | 'residential';
  query: Record<string, string | number | undefined>;
} {
  const common = {
    search: query.search || undefined,
    page: query.page,
    per_page: FINDER_PAGE_SIZE,
  };
  if (!isPlaceFilter(query)) {
    return { list: 'opportunities', query: common };
  }
  return {
    list: 'residential',
    query: { ...common, country: query.country || undefined, county: query.county || undefined },
  };
}
