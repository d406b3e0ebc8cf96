/*
 * The router reads `//api/x` as `/api/x` (duplicate slashes ignored) and `/%61pi/x` as `/api/x`
 * (it decodes the path), while hooks that look at `request.url` saw the raw text, so such a
 * request reached API handlers without passing tenancy. The URL is normalised once, before any
 * hook or the router sees it (Fastify's `rewriteUrl`), so that every check reads what routing reads.
 */

/** Percent-encoded letters, digits, `-`, `_` and `~`: characters that never need encoding (RFC 3986 §2.3). */
const ENCODED_UNRESERVED = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2d|5f|7e)/gi;

/**
 * `url` with its path normalised: encoded unreserved characters decoded and runs of slashes
 * made one. The query string is left exactly as sent.
 */
export function normaliseUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  const normalised = path
    .replace(ENCODED_UNRESERVED, (encoded) => String.fromCharCode(Number.parseInt(encoded.slice(1), 16)))
    .replace(/\/{2,}/g, '/');
  return `${normalised}${query}`;
}
