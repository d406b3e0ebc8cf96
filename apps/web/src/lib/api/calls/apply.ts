import type { CheckEmailResponse, PublicMotivationsResponse } from '@muster/contract';
import type { ApiClient } from '../client';
import { apiClient } from '../default-client';

/* The application form's calls outside the catalogue (applicant-flow §7, §9). */

/**
 * `POST application/check-email {email}`: 200 for a new address; 409 (an account with a
 * password) and 410 (an account without one) come back as ApiError, like 429 with Retry-After.
 */
export function checkEmail(
  email: string,
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<CheckEmailResponse> {
  return client.post<CheckEmailResponse>('application/check-email', { email }, { signal });
}

/** `GET motivations/public?limit=999`: the reasons for volunteering the form offers. */
export function fetchPublicMotivations(client: ApiClient = apiClient): Promise<PublicMotivationsResponse> {
  return client.get<PublicMotivationsResponse>('motivations/public', { query: { limit: 999 } });
}
