import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTokenStore } from '../../../lib/api/token-store';
import { SessionProvider } from '../../../lib/session/session-context';
import { makeSessionToken } from '../../../lib/session/test-tokens';
import { TeamLink, teamHref } from './team-link';

function renderAs(permissions: string[] | null, ui: React.ReactNode) {
  const tokens = createTokenStore({ storage: null });
  if (permissions) {
    tokens.set(makeSessionToken(permissions));
  }
  return render(
    <MemoryRouter>
      <SessionProvider tokenStore={tokens}>{ui}</SessionProvider>
    </MemoryRouter>,
  );
}

describe('teamHref', () => {
  it('points at the team page with tab=1, and user_id when a user is given', () => {
    expect(teamHref(12)).toBe('/portal/team/12#tab=1');
    expect(teamHref(12, 3)).toBe('/portal/team/12#tab=1&user_id=3');
  });
});

describe('TeamLink', () => {
  it('links the team name for a user holding view-related-hierarchy-touchpoints', () => {
    renderAs(['view-related-hierarchy-touchpoints'], <TeamLink team={{ id: 12, name: 'Kitchen' }} user={{ id: 3 }} />);
    expect(screen.getByRole('link', { name: 'Kitchen' })).toHaveAttribute('href', '/portal/team/12#tab=1&user_id=3');
  });

  it('shows plain text without the permission, or signed out', () => {
    renderAs(['view-users'], <TeamLink team={{ id: 12, name: 'Kitchen' }} />);
    expect(screen.getByText('Kitchen')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows plain text when signed out', () => {
    renderAs(null, <TeamLink team={{ id: 12, name: 'Kitchen' }} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Kitchen')).toBeInTheDocument();
  });
});
