import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTokenStore } from '../lib/api/token-store';
import { SessionProvider, useSession } from '../lib/session/session-context';
import { makeToken } from '../lib/session/test-tokens';
import { AccountSwitchPrompt } from './account-switch-prompt';

// Issue 10, finding 16: a login or magic link for another person asks before switching accounts.
// One expiry for every token of the file, so that a token built twice is the same token.
const EXPIRES = Math.floor(Date.now() / 1000) + 3600;

function tokenFor(id: number, name: string): string {
  return makeToken({
    user: { id, display_name: name, organisation: { id: 1, name: 'Org' }, permissions: [] },
    environment: 'test',
    exp: EXPIRES,
  });
}

function WhoAmI() {
  const { session } = useSession();
  return <p>signed in as {session?.user.display_name ?? 'nobody'}</p>;
}

function renderWithLink(stored: string | null, linkToken: string) {
  window.history.replaceState(null, '', `/portal#token=${linkToken}&tab=1`);
  const tokens = createTokenStore({ storage: null });
  if (stored) {
    tokens.set(stored);
  }
  render(
    <SessionProvider tokenStore={tokens}>
      <AccountSwitchPrompt />
      <WhoAmI />
    </SessionProvider>,
  );
  return tokens;
}

describe('AccountSwitchPrompt', () => {
  const fetchSpy = vi.fn(async () => new Response(null, { status: 303 }));
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchSpy);
    fetchSpy.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('signs in straight away when nobody is signed in, or the link is for the same person', () => {
    renderWithLink(null, tokenFor(2, 'Mallory'));
    expect(screen.getByText('signed in as Mallory')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(window.location.hash).toBe('#tab=1');
  });

  it('keeps the current person signed in until they choose, and revokes a declined link', async () => {
    const tokens = renderWithLink(tokenFor(1, 'Alice'), tokenFor(2, 'Mallory'));
    const prompt = screen.getByRole('alertdialog', { name: 'Switch accounts?' });
    expect(prompt).toHaveFocus();
    expect(window.location.hash).toBe('#tab=1');
    expect(screen.getByText('signed in as Alice')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stay signed in as Alice' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('signed in as Alice')).toBeInTheDocument();
    expect(tokens.get()).toBe(tokenFor(1, 'Alice'));
    expect(fetchSpy).toHaveBeenCalledWith('/auth/logout', expect.objectContaining({ method: 'POST' }));
  });

  it('switches when the person asks to', async () => {
    renderWithLink(tokenFor(1, 'Alice'), tokenFor(2, 'Mallory'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue as Mallory' }));
    expect(screen.getByText('signed in as Mallory')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
