import { API_BASE_PATH } from '@muster/contract';
import type { ApiClient, RequestOptions } from '../client';
import { apiClient } from '../default-client';

/*
 * Links the API hands out (a geocode suggestion's `retrieve_url`), followed through the client so
 * that they get the token, the renewal and cancellation like every other call.
 */

/**
 * The client path of an API link, which is relative to the site (`/api/geocode/retrieve/{id}`);
 * a URL elsewhere is refused, so that an answer cannot send the token to another host.
 */
export function apiLinkPath(link: string, origin: string = window.location.origin): string {
  const url = new URL(link, origin);
  if (url.origin !== origin || !url.pathname.startsWith(API_BASE_PATH)) {
    throw new Error(`The address finder answered an address outside the API: ${link}`);
  }
  return `${url.pathname.slice(API_BASE_PATH.length)}${url.search}`;
}

/** `GET {link}`: follows an API link; answers the raw body for the caller to check. */
export function followApiLink(
  link: string,
  options?: Omit<RequestOptions, 'body'>,
  client: ApiClient = apiClient,
): Promise<unknown> {
  return client.get<unknown>(apiLinkPath(link), options);
}
