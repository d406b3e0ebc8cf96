import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { tokenStore as defaultTokenStore } from '../api/default-client';
import type { TokenStore } from '../api/token-store';
import { createFeatureModel, type FeatureModel, type OrganisationFeatureSource } from './features';
import { consumeTokenFromHash } from './hash-token';
import { can, decodeSession, type Session } from './session';

type SessionContextValue = {
  token: string | null;
  session: Session | null;
  /** True when this page load arrived with `#token=` (magic link or login link) and it was taken. */
  tokenFromLink: boolean;
  /** A link's sign-in as someone other than the signed-in user, waiting for the user's choice. */
  accountSwitch: AccountSwitch | null;
  /** Organisation with feature fields, when given explicitly; else the session's organisation. */
  organisation: OrganisationFeatureSource | null;
  tokenStore: TokenStore;
};

/** A pending switch of accounts (see `consumeTokenFromHash`): who is signed in, who the link signs in. */
export type AccountSwitch = {
  current: Session;
  incoming: Session;
  /** Signs in as the link's account. */
  accept: () => void;
  /** Stays signed in as now; the link's sign-in is ended on the server. */
  decline: () => void;
};

const SessionContext = createContext<SessionContextValue | null>(null);

/** Ends a sign-in the user declined, so that its token is dead even if it was copied. */
function revokeToken(token: string): void {
  void fetch('/auth/logout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
    redirect: 'manual',
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * Provides the decoded session of the stored token, re-decoded whenever the token changes (also
 * from another tab). On first render it takes a `#token=` from the address.
 */
export function SessionProvider({
  children,
  tokenStore = defaultTokenStore,
  organisation,
}: {
  children: ReactNode;
  tokenStore?: TokenStore;
  /** Overrides the organisation read from the token (e.g. the fuller `GET organisation/detailed`). */
  organisation?: OrganisationFeatureSource | null;
}) {
  // Runs once per provider; a second run (StrictMode) finds the fragment already cleared.
  const [fromLink] = useState(() =>
    typeof window !== 'undefined' ? consumeTokenFromHash(tokenStore) : ({ kind: 'none' } as const),
  );
  const [pending, setPending] = useState(fromLink.kind === 'pending' ? fromLink.token : null);
  const [switched, setSwitched] = useState(false);
  const tokenFromLink = fromLink.kind === 'stored' || switched;
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);
  const value = useMemo<SessionContextValue>(() => {
    const session = decodeSession(token);
    const incoming = decodeSession(pending);
    return {
      token,
      session,
      tokenFromLink,
      accountSwitch:
        pending && session && incoming
          ? {
              current: session,
              incoming,
              accept: () => {
                tokenStore.set(pending);
                setPending(null);
                setSwitched(true);
              },
              decline: () => {
                revokeToken(pending);
                setPending(null);
              },
            }
          : null,
      organisation: organisation ?? session?.user.organisation ?? null,
      tokenStore,
    };
  }, [token, tokenFromLink, pending, organisation, tokenStore]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) {
    throw new Error('useSession, usePermissions and useFeatures need a <SessionProvider> above them.');
  }
  return value;
}

/** A link's sign-in as another account, waiting for the user to choose (null when there is none). */
export function useAccountSwitch(): AccountSwitch | null {
  return useSessionContext().accountSwitch;
}

/** The current session (null when signed out), its token, and the token store to sign in or out. */
export function useSession() {
  const { session, token, tokenFromLink, tokenStore } = useSessionContext();
  return { session, token, signedIn: session !== null, tokenFromLink, tokenStore };
}

/** `can('view-users')` for the current user; false when signed out. */
export function usePermissions() {
  const { session } = useSessionContext();
  return useMemo(
    () => ({
      can: (permission: string) => can(session, permission),
      permissions: session?.user.permissions ?? [],
    }),
    [session],
  );
}

/** The organisation's feature model (platform-foundation §6). */
export function useFeatures(): FeatureModel {
  const { organisation } = useSessionContext();
  return useMemo(() => createFeatureModel(organisation), [organisation]);
}
