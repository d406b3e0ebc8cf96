/** Sends the browser to another address (a full page load), e.g. the single sign-on provider. */
export function leavePage(url: string): void {
  window.location.assign(url);
}

/**
 * `url` with the way back to the form: `intended` as the spec names it, and `redirect`, which
 * the single sign-on route reads.
 */
export function withReturnPath(url: string, returnPath: string): string {
  const separator = url.includes('?') ? '&' : '?';
  const back = encodeURIComponent(returnPath);
  return `${url}${separator}intended=${back}&redirect=${back}`;
}
