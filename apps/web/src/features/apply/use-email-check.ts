import { useEffect, useState } from 'react';
import { regexes } from 'zod/v4/core';
import { isApiError, isCancelledError } from '../../lib/api/errors';
import { checkEmail, fetchKeyedApplication, type KeyedApplication } from './api';

/** The pause after typing before the existing-user check fires (applicant-flow §9). */
export const EMAIL_CHECK_DELAY_MS = 800;

/**
 * Whether the address passes the format check that must precede the existence check (applicant-flow §5).
 * zod's own pattern, the one `z.email()` checks with, without building a schema: this runs as the
 * applicant types, before zod's schemas have loaded.
 */
export function isEmailFormatValid(email: string): boolean {
  return regexes.email.test(email.trim());
}

/** Where the existing-user check stands for the address in the box (applicant-flow §4). */
export type EmailCheckState =
  | { status: 'idle' }
  | { status: 'waiting' }
  | { status: 'checking' }
  | { status: 'new' }
  | { status: 'existing' }
  | { status: 'no-password'; message: string }
  /** Application key: the address is the applicant's; their saved application came back. */
  | { status: 'key-matched'; application: KeyedApplication }
  /** Application key: the address is not the applicant's (403). */
  | { status: 'key-mismatch'; message: string }
  /** Application key: the application has been completed already (404). */
  | { status: 'key-completed' }
  | { status: 'rate-limited'; retryAfter: number }
  | { status: 'failed'; message: string };

/** Runs one check of an address; a rejection (429, network) becomes the rate-limited or failed state. */
export type EmailChecker = (email: string, signal: AbortSignal) => Promise<{ state: EmailCheckState; redirect: string | null }>;

type Result = { email: string; state: EmailCheckState };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `redirect` of a check answer: in `data` (the API's envelope) or at the top. */
export function redirectOf(body: unknown): string | null {
  if (!isRecord(body)) {
    return null;
  }
  const redirect = isRecord(body.data) && 'redirect' in body.data ? body.data.redirect : body.redirect;
  return typeof redirect === 'string' && redirect !== '' ? redirect : null;
}

const CHECK_FAILED = 'We could not check your email address. Please try again.';

/** The existing-user check of applicant-flow §4: `POST application/check-email`. */
export const accountChecker: EmailChecker = async (email, signal) => {
  try {
    const answer = await checkEmail(email, signal);
    return { state: { status: 'new' }, redirect: redirectOf(answer) };
  } catch (error) {
    const redirect = isApiError(error) ? redirectOf(error.body) : null;
    if (isApiError(error, 409)) {
      return { state: { status: 'existing' }, redirect };
    }
    if (isApiError(error, 410)) {
      return { state: { status: 'no-password', message: error.message }, redirect };
    }
    throw error;
  }
};

/** With an application key: `GET opportunities/{id}/apply/` with the address in X-EMAIL-ADDRESS. */
export function keyChecker(opportunityKey: string, applicationKey: string): EmailChecker {
  return async (email) => {
    try {
      const application = await fetchKeyedApplication(opportunityKey, applicationKey, email);
      return { state: { status: 'key-matched', application }, redirect: null };
    } catch (error) {
      if (isApiError(error, 403)) {
        return { state: { status: 'key-mismatch', message: error.message }, redirect: null };
      }
      if (isApiError(error, 404)) {
        return { state: { status: 'key-completed' }, redirect: null };
      }
      throw error;
    }
  };
}

/**
 * The existing-user check of the basic-details step: once the address is well formed and 800 ms
 * have passed without typing, `POST application/check-email`. 200 is a new applicant, 409 an
 * account with a password (sign in), 410 one without; 429 carries the wait in seconds, after
 * which the check runs again by itself. A `redirect` in any answer is handed to `onRedirect`.
 */
export function useEmailCheck({
  email,
  enabled,
  onRedirect,
  checker = accountChecker,
  delayMs = EMAIL_CHECK_DELAY_MS,
}: {
  email: string;
  enabled: boolean;
  onRedirect: (url: string) => void;
  /** What a check is: the existing-user check by default, the application-key check with a key. */
  checker?: EmailChecker;
  delayMs?: number;
}): { state: EmailCheckState; retry: () => void } {
  const trimmed = email.trim();
  const valid = enabled && isEmailFormatValid(trimmed);
  const [result, setResult] = useState<Result | null>(null);
  const [inFlight, setInFlight] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const settled = valid && result?.email === trimmed;

  useEffect(() => {
    if (!valid || settled) {
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setInFlight(trimmed);
      const finish = (state: EmailCheckState) => {
        setInFlight((current) => (current === trimmed ? null : current));
        setResult({ email: trimmed, state });
      };
      checker(trimmed, controller.signal).then(
        ({ state, redirect }) => {
          if (redirect) {
            onRedirect(redirect);
          }
          finish(state);
        },
        (error: unknown) => {
          if (isCancelledError(error) || controller.signal.aborted) {
            return;
          }
          if (isApiError(error, 429)) {
            finish({ status: 'rate-limited', retryAfter: error.retryAfter ?? 60 });
          } else {
            finish({ status: 'failed', message: CHECK_FAILED });
          }
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `attempt` re-runs the check on demand (retry, end of a rate limit).
  }, [valid, settled, trimmed, delayMs, onRedirect, checker, attempt]);

  // When the rate limit's wait is over, the check runs again by itself.
  const waitSeconds = settled && result.state.status === 'rate-limited' ? result.state.retryAfter : null;
  useEffect(() => {
    if (waitSeconds === null) {
      return undefined;
    }
    const timer = setTimeout(() => {
      setResult(null);
      setAttempt((count) => count + 1);
    }, waitSeconds * 1000);
    return () => clearTimeout(timer);
  }, [waitSeconds, result]);

  let state: EmailCheckState;
  if (!valid) {
    state = { status: 'idle' };
  } else if (settled) {
    state = result.state;
  } else {
    state = inFlight === trimmed ? { status: 'checking' } : { status: 'waiting' };
  }
  return {
    state,
    retry: () => {
      setResult(null);
      setAttempt((count) => count + 1);
    },
  };
}
