import {
  opportunityCountiesResponseSchema,
  opportunityCountriesResponseSchema,
  opportunityListResponseSchema,
  type OpportunityCountry,
  type OpportunityListResponse,
} from '@muster/contract';
import { listOpportunities } from '../../lib/api/calls/opportunities';
import { api } from '../../lib/api/catalogue-client';
import { finderRequest, type FinderQuery } from './finder-query';

/**
 * One page of the opportunities a finder state asks for: `GET opportunities/`, or
 * `GET residential-opportunities/` when a country or county is chosen.
 */
export async function fetchOpportunities(
  query: FinderQuery,
  signal?: AbortSignal,
): Promise<OpportunityListResponse> {
  const request = finderRequest(query);
  const body =
    request.list === 'opportunities'
      ? await listOpportunities(request.query, { signal, auth: false })
      : await api.residentialOpportunities.index<unknown>(request.query, { signal, auth: false });
  return opportunityListResponseSchema.parse(body);
}

/** `GET residential-opportunities/countries`: where residential opportunities take place. */
export async function fetchResidentialCountries(signal?: AbortSignal): Promise<OpportunityCountry[]> {
  const body = await api.residentialOpportunities.countries.index<unknown>(undefined, {
    signal,
    auth: false,
  });
  return opportunityCountriesResponseSchema.parse(body).data;
}

/** `GET residential-opportunities/counties/?country`: the counties of one of those countries. */
export async function fetchResidentialCounties(country: string, signal?: AbortSignal): Promise<string[]> {
  const body = await api.residentialOpportunities.counties.index<unknown>(
    { country },
    { signal, auth: false },
  );
  return opportunityCountiesResponseSchema.parse(body).data.map((county) => county.name);
}
