import { catalogueEntries } from '@muster/contract';
import { lazyAreasApi, type CatalogueApi } from './catalogue-api';
import type { ApiClient } from './client';
import { apiClient } from './default-client';

/*
 * The client of the whole catalogue, in a module of its own (and not in this folder's index):
 * it carries every route, so the pages on the applicant's path call `areaApiFor` with the areas
 * they need instead.
 */

const byClient = new WeakMap<ApiClient, CatalogueApi>();

/**
 * The typed client of the whole catalogue over `client`, one per client, each area built when
 * the page first calls it (`lazyAreasApi`): nothing is built while the page's modules load.
 */
export function catalogueApiFor(client: ApiClient): CatalogueApi {
  let api = byClient.get(client);
  if (!api) {
    api = lazyAreasApi(client, catalogueEntries);
    byClient.set(client, api);
  }
  return api;
}

/** The typed client of the whole catalogue over {@link apiClient}: `api.users.consents.index({ userId })`. */
export const api = catalogueApiFor(apiClient);
