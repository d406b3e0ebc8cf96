import { API_MEDIA_TYPE, timezoneListResponseSchema, type Timezone } from '@muster/contract';

/** Where the options come from (platform-foundation §7, organisation root). */
export const TIMEZONES_PATH = '/api/organisation/timezones/';

/**
 * Loads the time zones. A deliberately tiny wrapper kept beside the widget until the shared API
 * client exists (TODO(#4): move onto the shared client in src/lib once it lands). The call is
 * public, so no token is sent.
 */
export async function fetchTimezones(signal?: AbortSignal): Promise<Timezone[]> {
  const response = await fetch(TIMEZONES_PATH, { headers: { Accept: API_MEDIA_TYPE }, signal });
  if (!response.ok) {
    throw new Error(`The time zones could not be loaded (HTTP ${response.status}).`);
  }
  const body: unknown = await response.json();
  return timezoneListResponseSchema.parse(body).data;
}
