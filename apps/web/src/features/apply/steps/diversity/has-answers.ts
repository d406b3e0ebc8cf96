import { diversityHasAnswersResponseSchema, perUserRoutes } from '@muster/contract';
import { areaApiFor, apiClient, type ApiClient } from '../../../../lib/api';

/**
 * `GET users/{userId}/diversity/has-answers` (applicant-flow §7): whether the user has answered
 * the diversity questions before (`data.data.has_answered`).
 */
export async function fetchDiversityHasAnswers(
  userId: number,
  options: { signal?: AbortSignal; client?: ApiClient } = {},
): Promise<boolean> {
  const client = options.client ?? apiClient;
  const body = await areaApiFor(client, perUserRoutes).users.diversity.hasAnswers<unknown>(
    { userId },
    undefined,
    {
      signal: options.signal,
    },
  );
  return diversityHasAnswersResponseSchema.parse(body).data.data.has_answered;
}
