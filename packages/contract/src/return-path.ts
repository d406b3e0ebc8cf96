/*
 * One check for every place that sends a browser to an address it was given (the sign-in
 * `intended`, `/auth/logout?return=`, login and magic links, single sign-on, the web's redirects).
 * The input is parsed the way a browser parses it and the NORMALISED result is what is judged:
 * `/.//evil.tld`, `/%2e//evil.tld` and `/..//evil.tld` all normalise to `//evil.tld`, which a
 * browser reads as another host.
 */

// Control characters are stripped by URL parsers and can smuggle a host; a backslash is read as a slash.
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/** A base no real request comes from, to prove that a path stays on whatever origin it is resolved against. */
const PROBE_ORIGIN = 'https://return-path.invalid';

function decodedOrSelf(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** True when `path` (already normalised) is a path on the current origin, however a browser reads it. */
function isLocalPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || UNSAFE_CHARACTERS.test(path)) {
    return false;
  }
  // An encoded slash or backslash right after the first slash (`/%2f…`, `/%5c…`) is refused too:
  // some servers and proxies decode it before redirecting.
  const decoded = decodedOrSelf(path);
  if (/^\/[/\\]/.test(decoded) || UNSAFE_CHARACTERS.test(decoded.slice(0, 2))) {
    return false;
  }
  try {
    return new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * The address to send the browser to when it is on our own origin: a relative path (`/portal`)
 * or an absolute URL on `origin` (reduced to its path). Anything else — another host or scheme,
 * protocol-relative `//host`, backslashes, control characters, or a path whose normalised form
 * is any of those — gives `fallback`. The fragment is kept only when `keepHash` is set (the API
 * appends its own `#token=`).
 */
export function safeReturnPath(
  value: string | undefined | null,
  origin: string,
  fallback = '/',
  options: { keepHash?: boolean } = {},
): string {
  if (!value || UNSAFE_CHARACTERS.test(value)) {
    return fallback;
  }
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  const relative = value.startsWith('/') && !value.startsWith('//');
  const absoluteHere = value === base.origin || value.startsWith(`${base.origin}/`);
  if ((!relative && !absoluteHere) || url.origin !== base.origin) {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${options.keepHash ? url.hash : ''}`;
  return isLocalPath(path) ? path : fallback;
}
