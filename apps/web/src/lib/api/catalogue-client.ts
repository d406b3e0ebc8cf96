import { catalogueEntries } from '@muster/contract';
import { areaApiFor, type CatalogueApi } from './catalogue-api';
import type { ApiClient } from './client';
import { apiClient } from './default-client';

/*
 * The client of the whole catalogue, in a module of its own (and not in this folder's index):
 * it carries every route, so the pages on the applicant's path call `areaApiFor` with the areas
 * they need instead.
 */

/** The typed client of the whole catalogue over `client`, built once per client. */
export function catalogueApiFor(client: ApiClient): CatalogueApi {
  return areaApiFor(client, catalogueEntries);
}

/** The typed client of the whole catalogue over {@link apiClient}: `api.users.consents.index({ userId })`. */
export const api = catalogueApiFor(apiClient);
