/** Field errors as the API sends them: messages keyed by dotted field path. */
export type FieldErrors = Record<string, string[]>;

/**
 * A request that reached the server (or tried to) and did not succeed. `status` is the HTTP
 * status, or 0 when the server could not be reached at all.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly errors: FieldErrors;
  /** Seconds to wait before trying again, from the `Retry-After` header (429, 503). */
  readonly retryAfter: number | null;
  /** The parsed answer body, when there was one. */
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    options: { errors?: FieldErrors; retryAfter?: number | null; body?: unknown } = {},
  ) {
    super(message);
    this.status = status;
    this.errors = options.errors ?? {};
    this.retryAfter = options.retryAfter ?? null;
    this.body = options.body;
  }
}

/** A request that was cancelled (superseded by a newer one, or aborted by its caller) and dropped. */
export class CancelledError extends Error {
  override readonly name = 'CancelledError';

  constructor(message = 'The request was cancelled.') {
    super(message);
  }
}

/** True for a request rejected only because it was cancelled: callers ignore these. */
export function isCancelledError(error: unknown): error is CancelledError {
  return error instanceof CancelledError;
}

/** True for an {@link ApiError}, optionally with the given status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * Reads `Retry-After`: whole seconds, or an HTTP date turned into seconds from `now`.
 * Null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null || value.trim() === '') {
    return null;
  }
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    return Number.parseInt(trimmed, 10);
  }
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) {
    return null;
  }
  return Math.max(0, Math.ceil((date - now) / 1000));
}
