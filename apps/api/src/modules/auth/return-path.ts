/**
 * The address to send the browser to, if it is on our own origin: a relative path (`/portal`,
 * not `//evil.test` or `/\evil.test`) or an absolute URL on PUBLIC_ORIGIN (reduced to its path).
 * Anything else, including other schemes and hosts, gives `fallback`.
 */
export function safeReturnPath(
  value: string | undefined | null,
  publicOrigin: string,
  fallback = '/',
): string {
  if (!value) {
    return fallback;
  }
  const base = new URL(publicOrigin);
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  // A relative value must really be a path: browsers read `//x` and `/\x` as another host.
  const relative = value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
  if (
    url.origin !== base.origin ||
    (!relative && !value.startsWith(`${base.origin}/`) && value !== base.origin)
  ) {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex -- control characters in a Location header are refused outright
  if (/[\u0000-\u001f\u007f]/.test(value)) {
    return fallback;
  }
  return `${url.pathname}${url.search}`;
}

/** `path` with the session token in its fragment, never in the query (the fragment is not sent to servers or logged). */
export function withTokenFragment(path: string, token: string): string {
  return `${path}#token=${encodeURIComponent(token)}`;
}
