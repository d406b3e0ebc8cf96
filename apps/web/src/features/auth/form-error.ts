import { isApiError } from '../../lib/api/errors';

/** A sentence for an error with no field to sit beside. */
export function formErrorMessage(error: unknown): string {
  if (isApiError(error) && error.message) {
    return error.message;
  }
  return 'Something went wrong, please try again.';
}
