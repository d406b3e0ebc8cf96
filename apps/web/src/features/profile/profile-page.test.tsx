import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../lib/api/default-client';
import { SessionProvider } from '../../lib/session/session-context';
import { makeToken } from '../../lib/session/test-tokens';
import { axeViolations } from '../../lib/testing/axe';
import { ProfilePage, profileUserId } from './profile-page';

let urls: string[];

/** Every read answers an empty consent list; anything else is not found. */
function network(input: RequestInfo | URL): Promise<Response> {
  const url = input instanceof Request ? input.url : input.toString();
  urls.push(url);
  const consents = /\/api\/users\/\d+\/consents\/$/.test(url);
  return Promise.resolve(
    new Response(JSON.stringify(consents ? { data: { data: [] } } : { message: 'Not found' }), {
      status: consents ? 200 : 404,
      headers: { 'Content-Type': 'application/vnd.muster.v3+json' },
    }),
  );
}

function LoginProbe() {
  const location = useLocation();
  return <p>Login at {location.search}</p>;
}

function renderAt(path: string, signedInAs: number | null, permissions: string[] = []) {
  if (signedInAs !== null) {
    tokenStore.set(
      makeToken({
        user: { id: signedInAs, display_name: 'Viewer', organisation: { id: 1, name: 'Org' }, permissions },
        environment: 'test',
        exp: Math.floor(Date.now() / 1000) + 3600,
      }),
    );
  }
  const router = createMemoryRouter(
    [
      { path: '/portal/user/:userId', element: <ProfilePage /> },
      { path: '/login', element: <LoginProbe /> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <main>
          <RouterProvider router={router} />
        </main>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  urls = [];
  localStorage.clear();
  vi.stubGlobal('fetch', vi.fn(network));
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('profileUserId', () => {
  it('reads me as the signed-in user and a number as that user', () => {
    expect(profileUserId('me', 7)).toBe(7);
    expect(profileUserId('12', 7)).toBe(12);
    expect(profileUserId('0', 7)).toBeNull();
    expect(profileUserId('abc', 7)).toBeNull();
  });
});

describe('ProfilePage', () => {
  it('sends a signed-out visitor to sign in, to come back here', async () => {
    renderAt('/portal/user/me#tab=1', null);
    expect(await screen.findByText(/Login at/)).toHaveTextContent(
      `Login at ?intended=${encodeURIComponent('/portal/user/me#tab=1')}`,
    );
  });

  it('shows the own profile with the two-factor and consent panels, and no "come later" text', async () => {
    renderAt('/portal/user/me', 7);
    expect(await screen.findByRole('heading', { name: 'Your profile', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(await screen.findByText('There are no consents to answer.')).toBeInTheDocument();
    expect(urls).toContain('/api/users/7/consents/');
    // Each panel's read is sent once: the page's and the panel's are the same query.
    expect(urls.filter((url) => url === '/api/users/7/consents/')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Account', level: 2 })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/come later/i);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('shows the panels once all have their answers, one per task from the top, so none moves another down', async () => {
    let answerConsents: () => void = () => undefined;
    const consentsHeld = new Promise<void>((resolve) => {
      answerConsents = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = input instanceof Request ? input.url : input.toString();
        if (/\/consents\/$/.test(url)) {
          await consentsHeld;
        }
        return network(input);
      }),
    );
    renderAt('/portal/user/me', 7);
    expect(await screen.findByText('Loading the profile…')).toBeInTheDocument();
    // The two-factor reads have answered; their panel still waits for the consents.
    await vi.waitFor(() =>
      expect(urls.filter((url) => !url.includes('/consents/')).length).toBeGreaterThan(0),
    );
    expect(screen.queryByRole('heading', { name: 'Two-factor authentication' })).not.toBeInTheDocument();
    answerConsents();
    // The first panel alone first: a later one is only ever added below those shown.
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Account', level: 2 })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading the profile…')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Privacy and consent' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Account', level: 2 })).toBeInTheDocument();
  });

  it('opens someone else’s profile with the consent panel only', async () => {
    renderAt('/portal/user/5', 7, ['changeUserDetails']);
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('There are no consents to answer.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Two-factor authentication' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Account' })).not.toBeInTheDocument();
    expect(urls).toEqual(['/api/users/5/consents/']);
  });

  it('says a profile address that names no user is not found', async () => {
    renderAt('/portal/user/abc', 7);
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
  });
});
