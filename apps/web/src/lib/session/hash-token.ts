import type { TokenStore } from '../api/token-store';
import { parseHashParams } from '../hash-state/hash-state';

/**
 * A magic link or login link finishes the sign-in by sending the browser back to the app with
 * `#token=…`. This stores that token and removes it from the address (keeping any other hash
 * parameters), so it never lingers in history or gets copied along with the URL.
 * Returns true when a token was taken.
 */
export function consumeTokenFromHash(tokenStore: TokenStore, win: Window = window): boolean {
  const params = parseHashParams(win.location.hash);
  const token = params.get('token');
  if (!token) {
    return false;
  }
  tokenStore.set(token);
  params.delete('token');
  const rest = params.toString();
  const { pathname, search } = win.location;
  win.history.replaceState(win.history.state, '', `${pathname}${search}${rest ? `#${rest}` : ''}`);
  return true;
}
