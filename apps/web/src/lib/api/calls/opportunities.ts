import type { ReadOptions } from '../catalogue-api';
import type { ApiClient, QueryParams } from '../client';
import { apiClient } from '../default-client';

/*
 * The opportunity itself and the public opportunity list: routes of the opportunities module,
 * not catalogue entries (its children, `application-form` and `apply`, are `api.opportunities.*`).
 */

/** `GET opportunities/{idOrSlug}`: one opportunity; answers the raw body for the caller to check. */
export function fetchOpportunity(
  opportunityId: string,
  options?: ReadOptions,
  client: ApiClient = apiClient,
): Promise<unknown> {
  return client.get<unknown>(`opportunities/${encodeURIComponent(opportunityId)}`, options);
}

/** `GET opportunities/?query`: a page of the opportunities open to applicants. */
export function listOpportunities(
  query: QueryParams,
  options?: ReadOptions,
  client: ApiClient = apiClient,
): Promise<unknown> {
  return client.get<unknown>('opportunities/', { ...options, query });
}
