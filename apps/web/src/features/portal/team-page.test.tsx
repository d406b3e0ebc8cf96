import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../lib/testing/axe';
import { TeamPage } from './team-page';
import { renderPortalRoute, signIn, stubPortalApi } from './test-support';

const { answers } = stubPortalApi({ message: 'This team does not exist.' });

/** The hash lives on window.location (useHashState reads it there), the path in the memory router. */
function renderAt(path: string, hash = '') {
  window.history.replaceState(null, '', `${path}${hash}`);
  return renderPortalRoute('/portal/team/:teamId', <TeamPage />, `${path}${hash}`);
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('TeamPage', () => {
  it('sends a signed-out visitor to sign in', async () => {
    renderAt('/portal/team/12');
    expect(await screen.findByText(/^Login page/)).toBeTruthy();
  });

  it('opens the role tab for the user named in the hash, without axe violations', async () => {
    signIn(5);
    answers['GET /api/teams/12?user_id=3'] = {
      status: 200,
      body: { data: { id: 12, name: 'Kitchen', user_id: 3, roles: ['Cook'] } },
    };
    const view = renderAt('/portal/team/12', '#tab=1&user_id=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Role' })).toBeTruthy();
    expect(screen.getByText('Cook')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Role' }).getAttribute('aria-current')).toBe('page');
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it("shows the signed-in user's own team on the first tab by default", async () => {
    signIn(5);
    answers['GET /api/teams/12'] = {
      status: 200,
      body: { data: { id: 12, name: 'Kitchen', user_id: 5, roles: ['Cook'] } },
    };
    renderAt('/portal/team/12');
    expect(await screen.findByRole('heading', { level: 2, name: 'About the team' })).toBeTruthy();
    expect(screen.getByText('Kitchen: you are Cook.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your role' }).getAttribute('href')).toBe('#tab=1');
  });

  it('says not allowed on 403 and not found on 404', async () => {
    signIn(5);
    answers['GET /api/teams/12'] = { status: 403, body: { message: 'You are not a member of this team.' } };
    const view = renderAt('/portal/team/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
    view.unmount();
    renderAt('/portal/team/13');
    expect(await screen.findByRole('heading', { level: 1, name: 'Team not found' })).toBeTruthy();
  });
});
