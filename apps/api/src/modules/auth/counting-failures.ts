import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors.js';
import type { Limiter } from '../../plugins/rate-limit.js';

/**
 * Runs `action` as one attempt against the given failure limits: the attempt is counted
 * atomically before the action runs (so parallel guesses cannot all pass a check made before any
 * of them is counted), and forgiven unless the action refuses the credentials (401/403).
 */
export async function countingFailures<T>(
  request: FastifyRequest,
  limits: Array<[Limiter, string]>,
  action: () => Promise<T>,
): Promise<T> {
  const taken: Array<{ forgive(): Promise<void> }> = [];
  try {
    for (const [limiter, key] of limits) {
      taken.push(await limiter.attempt(request, key));
    }
  } catch (error) {
    await Promise.all(taken.map((attempt) => attempt.forgive()));
    throw error;
  }
  try {
    const result = await action();
    await Promise.all(taken.map((attempt) => attempt.forgive()));
    return result;
  } catch (error) {
    if (!(error instanceof HttpError && (error.statusCode === 401 || error.statusCode === 403))) {
      await Promise.all(taken.map((attempt) => attempt.forgive()));
    }
    throw error;
  }
}
