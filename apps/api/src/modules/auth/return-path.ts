import { safeReturnPath } from '@muster/contract';

// One check for the API and the web (issue 10, finding 1): it lives in the contract.
export { safeReturnPath };

/** `path` with the session token in its fragment, never in the query (the fragment is not sent to servers or logged). */
export function withTokenFragment(path: string, token: string): string {
  return `${path}#token=${encodeURIComponent(token)}`;
}
