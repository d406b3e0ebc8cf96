import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from './session-context';

/**
 * Renders `children` with the signed-in user's id; a signed-out visitor is sent to sign in and
 * brought back to the same address (path, query and hash).
 */
export function SignedIn({ children }: { children: (userId: number) => ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  const userId = session?.user.id ?? null;
  // A session without a user id (e.g. an unfinished sign-in) has no page of its own to show.
  if (userId === null) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?intended=${encodeURIComponent(here)}`} replace />;
  }
  return <>{children(userId)}</>;
}
