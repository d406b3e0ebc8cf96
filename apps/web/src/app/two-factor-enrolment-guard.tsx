import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { parseHashParams } from '../lib/hash-state';
import { TWO_FACTOR_SETUP_PATH, twoFactorSetupPath, useSession } from '../lib/session';

/** The hash to remember, without a sign-in's `#token=` (a token must never travel in a query). */
function hashToKeep(hash: string): string {
  const params = parseHashParams(hash);
  params.delete('token');
  const rest = params.toString();
  return rest ? `#${rest}` : '';
}

/**
 * Enforced two-factor (issue 9): while the sign-in is held until two-factor is set up, every page
 * but the set-up page leads there, remembering where the user was going; the server answers
 * nothing else meanwhile. From the sign-in page, "where they were going" is its `intended`.
 */
export function TwoFactorEnrolmentGuard({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (!session?.twoFactorEnrolmentRequired || location.pathname === TWO_FACTOR_SETUP_PATH) {
    return children;
  }
  const intended =
    location.pathname === '/login'
      ? (new URLSearchParams(location.search).get('intended') ?? '/portal')
      : `${location.pathname}${location.search}${hashToKeep(location.hash)}`;
  // Keyed by location: a navigation that lands elsewhere meanwhile (the sign-in page sending the
  // user on) is redirected again, even when the target is the same.
  return <Navigate key={location.key} to={twoFactorSetupPath(intended)} replace />;
}
