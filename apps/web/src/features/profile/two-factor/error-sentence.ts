import { tooManyAttemptsMessage } from '@muster/contract';
import { isApiError } from '../../../lib/api/errors';

const GENERIC_ERROR = 'Something went wrong, please try again.';

/** The sentence for a failed two-factor call: the 429 wording of applicant-flow §8, else the server's. */
export function errorSentence(error: unknown): string {
  if (isApiError(error, 429)) {
    return tooManyAttemptsMessage(error.retryAfter ?? 60);
  }
  if (isApiError(error) && error.status > 0 && error.status < 500 && error.message) {
    return error.message;
  }
  return GENERIC_ERROR;
}
