import type { ReferenceAnsweredResponse } from '@muster/contract';
import type { ApiClient } from '../client';
import { apiClient } from '../default-client';

/**
 * `POST reference/{token} {answers}`: gives the reference (answers by question id); the link
 * then works no more. Not a generic operation of the `reference` entry (a POST to one record),
 * so written out here; reading the form is `api.reference.show(token)`.
 */
export function postReference(
  token: string,
  answers: Record<string, string>,
  client: ApiClient = apiClient,
): Promise<ReferenceAnsweredResponse> {
  return client.post<ReferenceAnsweredResponse>(
    `reference/${encodeURIComponent(token)}`,
    { answers },
    { auth: false },
  );
}
