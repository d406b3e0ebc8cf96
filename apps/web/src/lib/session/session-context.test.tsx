import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTokenStore } from '../api/token-store';
import { SessionProvider, useFeatures, usePermissions, useSession } from './session-context';
import { consumeTokenFromHash } from './hash-token';
import { makeSessionToken } from './test-tokens';

function Probe() {
  const { signedIn, session } = useSession();
  const { can } = usePermissions();
  const features = useFeatures();
  return (
    <ul>
      <li>signed in: {String(signedIn)}</li>
      <li>name: {session?.user.display_name ?? '-'}</li>
      <li>view-users: {String(can('view-users'))}</li>
      <li>rotas: {features.amount('rotas')}</li>
    </ul>
  );
}

describe('SessionProvider', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('decodes the stored token and follows its changes', () => {
    const tokens = createTokenStore({ storage: null });
    render(
      <SessionProvider tokenStore={tokens}>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('signed in: false')).toBeInTheDocument();
    expect(screen.getByText('view-users: false')).toBeInTheDocument();
    act(() => tokens.set(makeSessionToken(['view-users'], { package_features: { rotas: 4 } })));
    expect(screen.getByText('signed in: true')).toBeInTheDocument();
    expect(screen.getByText('name: Ann Example')).toBeInTheDocument();
    expect(screen.getByText('view-users: true')).toBeInTheDocument();
    expect(screen.getByText('rotas: 4')).toBeInTheDocument();
    act(() => tokens.clear());
    expect(screen.getByText('signed in: false')).toBeInTheDocument();
  });

  it('takes #token= from the address, stores it and clears it from the fragment', () => {
    const token = makeSessionToken(['view-users']);
    window.history.replaceState(null, '', `/portal?x=1#tab=2&token=${token}`);
    const tokens = createTokenStore({ storage: null });
    render(
      <SessionProvider tokenStore={tokens}>
        <Probe />
      </SessionProvider>,
    );
    expect(tokens.get()).toBe(token);
    expect(screen.getByText('signed in: true')).toBeInTheDocument();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/portal?x=1#tab=2',
    );
  });
});

describe('consumeTokenFromHash', () => {
  it('leaves an address without a token alone', () => {
    window.history.replaceState(null, '', '/portal#tab=1');
    const tokens = createTokenStore({ storage: null });
    expect(consumeTokenFromHash(tokens)).toEqual({ kind: 'none' });
    expect(tokens.get()).toBeNull();
    expect(window.location.hash).toBe('#tab=1');
  });
});
