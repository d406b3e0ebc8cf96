import { timezoneListResponseSchema, type Timezone } from '@muster/contract';
import type { ApiClient } from '../client';
import { apiClient } from '../default-client';

/** The organisation root's time zone list (platform-foundation §7), relative to `/api/`. */
export const TIMEZONES_PATH = 'organisation/timezones/';

/**
 * `GET organisation/timezones/`: the timezone picker's options, through the shared API client
 * (vendor media type, the token when signed in, the 503 hook, cancellation through `signal`).
 * The call is public: the application form asks it before the applicant has an account.
 * Rejects when the answer is not a list of time zones.
 */
export async function fetchTimezones(
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<Timezone[]> {
  const body = await client.get<unknown>(TIMEZONES_PATH, signal ? { signal } : {});
  return timezoneListResponseSchema.parse(body).data;
}
