import {
  isResidentialType,
  type OpportunityCountry,
  type OpportunityListItem,
  type OpportunityListQuery,
  type OpportunityListResponse,
  type ResidentialOpportunityListQuery,
  todayIn,
} from '@muster/contract';
import type { Executor } from '../../db/client.js';
import {
  listOpportunityCounties,
  listOpportunityCountries,
  listOpportunityPage,
  type OpportunityFilter,
} from './repository.js';

/** Longest summary of a description, ellipsis included. */
export const SUMMARY_MAX_LENGTH = 200;
/** How much of a description is read to make its summary (room for collapsed white space). */
const DESCRIPTION_READ_LENGTH = SUMMARY_MAX_LENGTH * 2;

/** The organisation a list is for: its id, and its time zone, which says when "today" is. */
export type FinderOrganisation = { id: number; timezone: string };

/** The distinct words of a search, lower case; none for an empty search. */
export function searchWords(search: string | undefined): string[] {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)];
}

/**
 * A description shortened for a list: white space collapsed, at most `max` characters, cut at a
 * word and ended with an ellipsis when anything was left out (`cut` says the text given is already
 * only the start of it). Null when there is nothing to show.
 */
export function summarise(description: string | null, cut = false, max = SUMMARY_MAX_LENGTH): string | null {
  const text = (description ?? '').replace(/\s+/g, ' ').trim();
  if (text === '') {
    return null;
  }
  if (text.length <= max && !cut) {
    return text;
  }
  const room = text.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  // A word longer than half the room is cut through rather than dropping most of the text.
  const head = text.length > max - 1 && lastSpace > max / 2 ? room.slice(0, lastSpace) : room;
  return `${head.replace(/[\s,;:.!?-]+$/, '')}…`;
}

function filterOf(
  organisation: FinderOrganisation,
  search: string | undefined,
  now: Date,
  extra: Pick<OpportunityFilter, 'residentialOnly' | 'country' | 'county'>,
): OpportunityFilter {
  return {
    organisationId: organisation.id,
    today: todayIn(organisation.timezone, now),
    words: searchWords(search),
    ...extra,
  };
}

async function page(
  db: Executor,
  filter: OpportunityFilter,
  query: Pick<OpportunityListQuery, 'page' | 'per_page'>,
): Promise<OpportunityListResponse> {
  const { rows, total } = await listOpportunityPage(db, filter, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
    descriptionLength: DESCRIPTION_READ_LENGTH,
  });
  const data: OpportunityListItem[] = rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    display_name: row.displayName,
    type: row.type,
    residential: isResidentialType(row.type),
    team: { id: row.teamId, name: row.teamName },
    start_date: row.startDate,
    end_date: row.endDate,
    summary: summarise(row.description, row.descriptionCut),
    country:
      row.countryRegion && row.countryName ? { region: row.countryRegion, name: row.countryName } : null,
    county: row.county,
  }));
  return { data, meta: { current_page: query.page, per_page: query.per_page, total } };
}

/**
 * One page of the organisation's published opportunities that have not ended, matching every word
 * of the search in their name or description, soonest first.
 */
export async function listOpportunities(
  db: Executor,
  organisation: FinderOrganisation,
  query: OpportunityListQuery,
  now: Date = new Date(),
): Promise<OpportunityListResponse> {
  return page(db, filterOf(organisation, query.search, now, { residentialOnly: false }), query);
}

/** As {@link listOpportunities}, residential ones only, optionally in one country and county. */
export async function listResidentialOpportunities(
  db: Executor,
  organisation: FinderOrganisation,
  query: ResidentialOpportunityListQuery,
  now: Date = new Date(),
): Promise<OpportunityListResponse> {
  const filter = filterOf(organisation, query.search, now, {
    residentialOnly: true,
    country: query.country,
    county: query.county,
  });
  return page(db, filter, query);
}

/** The countries the organisation's published residential opportunities (not ended) take place in. */
export async function listResidentialCountries(
  db: Executor,
  organisation: FinderOrganisation,
  now: Date = new Date(),
): Promise<OpportunityCountry[]> {
  return listOpportunityCountries(db, filterOf(organisation, undefined, now, { residentialOnly: true }));
}

/** The counties of `country` that the organisation's published residential opportunities take place in. */
export async function listResidentialCounties(
  db: Executor,
  organisation: FinderOrganisation,
  country: string,
  now: Date = new Date(),
): Promise<Array<{ name: string }>> {
  return listOpportunityCounties(
    db,
    filterOf(organisation, undefined, now, { residentialOnly: true, country }),
  );
}
