import {
  geocodeRetrieveResponseSchema,
  geocodeSearchResponseSchema,
  type GeocodeRetrieveResponse,
  type GeocodeSuggestion,
  usersEventsBulkRoutes,
} from '@muster/contract';
import { areaApiFor, apiClient, type ApiClient } from '../../../../lib/api';
import { apiLinkPath, followApiLink } from '../../../../lib/api/calls/links';

/** What a retrieve answers: the full address, or a container's suggestions. */
export type Retrieved = GeocodeRetrieveResponse['data']['data'];

type CallOptions = { signal?: AbortSignal; client?: ApiClient };

/**
 * `GET geocode/retrieve/?q={q}&type=address&usePca=1` (applicant-flow §7): suggestions for what
 * the applicant typed, best first. The caller cancels a superseded search through `signal`; a
 * cancelled call rejects with the client's CancelledError.
 */
export async function searchAddresses(q: string, options: CallOptions = {}): Promise<GeocodeSuggestion[]> {
  const client = options.client ?? apiClient;
  const body = await areaApiFor(client, usersEventsBulkRoutes).geocode.retrieve.index<unknown>(
    { q, type: 'address', usePca: 1 },
    { signal: options.signal },
  );
  return geocodeSearchResponseSchema.parse(body).data.data;
}

/**
 * The API path of a suggestion's `retrieve_url`, which is relative to the site
 * (`/api/geocode/retrieve/{id}`); a URL elsewhere is refused.
 */
export function retrievePath(retrieveUrl: string, origin: string = window.location.origin): string {
  return apiLinkPath(retrieveUrl, origin);
}

/** `GET {retrieve_url}`: the full address of a suggestion, or the suggestions inside a container. */
export async function retrieveSuggestion(retrieveUrl: string, options: CallOptions = {}): Promise<Retrieved> {
  const client = options.client ?? apiClient;
  const body = await followApiLink(retrieveUrl, { signal: options.signal }, client);
  return geocodeRetrieveResponseSchema.parse(body).data.data;
}
