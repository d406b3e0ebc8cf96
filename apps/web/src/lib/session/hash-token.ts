import type { TokenStore } from '../api/token-store';
import { parseHashParams } from '../hash-state/hash-state';
import { decodeSession } from './session';

/** What a `#token=` in the address came to: stored, held back for the user to decide, or none. */
export type HashTokenResult =
  | { kind: 'none' }
  | { kind: 'stored' }
  /** Another person is signed in here: the link's token waits until the user chooses (login CSRF). */
  | { kind: 'pending'; token: string };

/** True when the two tokens belong to different people (or organisations). */
export function isOtherAccount(current: string | null, incoming: string): boolean {
  const now = decodeSession(current);
  const next = decodeSession(incoming);
  if (!now || !next) {
    return false;
  }
  return now.user.id !== next.user.id || now.user.organisation?.id !== next.user.organisation?.id;
}

/**
 * A magic link or login link finishes the sign-in by sending the browser back to the app with
 * `#token=…`. This removes the token from the address (keeping any other hash parameters), so it
 * never lingers in history or gets copied along with the URL, and stores it — unless someone else
 * is signed in in this browser: then the token is answered as pending, so that a link sent by an
 * attacker cannot silently switch the victim into the attacker's account.
 */
export function consumeTokenFromHash(tokenStore: TokenStore, win: Window = window): HashTokenResult {
  const params = parseHashParams(win.location.hash);
  const token = params.get('token');
  if (!token) {
    return { kind: 'none' };
  }
  params.delete('token');
  const rest = params.toString();
  const { pathname, search } = win.location;
  win.history.replaceState(win.history.state, '', `${pathname}${search}${rest ? `#${rest}` : ''}`);
  if (isOtherAccount(tokenStore.get(), token)) {
    return { kind: 'pending', token };
  }
  tokenStore.set(token);
  return { kind: 'stored' };
}
