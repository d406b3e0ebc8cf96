import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../lib/api/default-client';
import { TOKEN_STORAGE_KEY } from '../lib/api/token-store';
import { SessionProvider } from '../lib/session/session-context';
import { makeSessionToken, makeToken } from '../lib/session/test-tokens';
import { TwoFactorEnrolmentGuard } from './two-factor-enrolment-guard';

const heldToken = makeToken({
  user: { id: 7, display_name: 'Erin Enrol', organisation: { id: 1, name: 'Org' }, permissions: [] },
  environment: 'test',
  exp: Math.floor(Date.now() / 1000) + 3600,
  two_factor_enrolment_required: true,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** A page that loads lazily after `ms`, as the app's pages do. */
function lazyPage(text: string, ms: number) {
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { Component: () => <p>{text}</p> };
  };
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <TwoFactorEnrolmentGuard>
            <Outlet />
          </TwoFactorEnrolmentGuard>
        ),
        children: [
          { path: '/portal', element: <p>Portal page</p> },
          { path: '/portal/team/:id', lazy: lazyPage('Team page', 80) },
          { path: '/apply/:id', element: <p>Apply page</p> },
          { path: '/login', element: <p>Sign-in page</p> },
          { path: '/portal/user/me/two-factor-setup', element: <Where /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return router;
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('TwoFactorEnrolmentGuard', () => {
  it('sends a sign-in held until two-factor is set up to the set-up page, remembering where it was going', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, heldToken);
    renderAt('/apply/3?start_date=2026-01-01');
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/portal/user/me/two-factor-setup?intended=%2Fapply%2F3%3Fstart_date%3D2026-01-01',
    );
    expect(screen.queryByText('Apply page')).not.toBeInTheDocument();
  });

  it('never carries a sign-in token from the address into the query', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, heldToken);
    renderAt('/portal#token=abc.def.ghi');
    expect(await screen.findByTestId('where')).toHaveTextContent(
      /^\/portal\/user\/me\/two-factor-setup\?intended=%2Fportal$/,
    );
  });

  it('from the sign-in page, remembers its intended page', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, heldToken);
    renderAt('/login?intended=%2Fportal%2Fteam%2F4');
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/portal/user/me/two-factor-setup?intended=%2Fportal%2Fteam%2F4',
    );
  });

  it('still leads there when the sign-in page sends the user on at the moment it signs in', async () => {
    const router = renderAt('/login?intended=%2Fportal%2Fteam%2F4');
    await screen.findByText('Sign-in page');
    await act(async () => {
      // The stored token re-renders the guard at once; the sign-in page's navigation comes after.
      tokenStore.set(heldToken);
      await new Promise((resolve) => setTimeout(resolve, 0));
      void router.navigate('/portal/team/4', { replace: true });
      await new Promise((resolve) => setTimeout(resolve, 150));
    });
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/portal/user/me/two-factor-setup?intended=%2Fportal%2Fteam%2F4',
    );
    expect(screen.queryByText('Team page')).not.toBeInTheDocument();
  });

  it('lets the set-up page itself through', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, heldToken);
    renderAt('/portal/user/me/two-factor-setup?intended=%2Fportal');
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/portal/user/me/two-factor-setup?intended=%2Fportal',
    );
  });

  it('leaves a signed-out visitor alone', async () => {
    renderAt('/portal');
    expect(await screen.findByText('Portal page')).toBeInTheDocument();
  });

  it('leaves a sign-in that is not held alone', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeSessionToken([]));
    renderAt('/apply/3');
    expect(await screen.findByText('Apply page')).toBeInTheDocument();
  });
});
