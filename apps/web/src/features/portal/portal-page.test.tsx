import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../lib/api/default-client';
import { SessionProvider } from '../../lib/session/session-context';
import { makeToken } from '../../lib/session/test-tokens';
import { axeViolations } from '../../lib/testing/axe';
import { PortalPage } from './portal-page';

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;

const APPLICATIONS = '/api/users/5/applications/';
const STAYS = '/api/users/5/residential-bookings?include=team&include_cancelled=1';

function network(input: RequestInfo | URL): Promise<Response> {
  const url = input instanceof Request ? input.url : input.toString();
  const answer = answers[url] ?? { status: 404, body: { message: 'Not found' } };
  return Promise.resolve(
    new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/vnd.muster.v3+json' },
    }),
  );
}

function signIn(id: number) {
  tokenStore.set(
    makeToken({
      user: { id, display_name: 'Viewer', organisation: { id: 1, name: 'Org' }, permissions: [] },
      environment: 'test',
      exp: Math.floor(Date.now() / 1000) + 3600,
    }),
  );
}

function LoginProbe() {
  const location = useLocation();
  return <p>Login page {location.search}</p>;
}

function renderPortal(at = '/portal') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <MemoryRouter initialEntries={[at]}>
          <main>
            <Routes>
              <Route path="/portal" element={<PortalPage />} />
              <Route path="/login" element={<LoginProbe />} />
            </Routes>
          </main>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  answers = {};
  vi.stubGlobal('fetch', vi.fn(network));
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PortalPage', () => {
  it('sends a signed-out visitor to sign in and back', async () => {
    renderPortal('/portal#tab=1');
    expect(
      await screen.findByText(`Login page ?intended=${encodeURIComponent('/portal#tab=1')}`),
    ).toBeTruthy();
  });

  it("lists the user's applications and stays (cancelled ones too), linking each to its page, without axe violations", async () => {
    signIn(5);
    answers[APPLICATIONS] = {
      status: 200,
      body: {
        data: [
          {
            id: 9,
            opportunity: { id: 2, slug: 'quick-help', name: 'Quick help' },
            status: 'submitted',
            created_at: '2030-05-02T10:00:00.000Z',
            completed_at: '2030-05-02T10:00:00.000Z',
          },
          {
            id: 4,
            opportunity: { id: 1, slug: 'residential-week', name: 'Residential week' },
            status: 'pending',
            created_at: '2030-04-01T10:00:00.000Z',
            completed_at: null,
          },
        ],
      },
    };
    answers[STAYS] = {
      status: 200,
      body: {
        data: [
          {
            id: 3,
            start_date: '2030-06-01',
            end_date: '2030-06-08',
            status: 'cancelled',
            team: { id: 7, name: 'Hill Farm' },
          },
          {
            id: 8,
            start_date: '2030-07-01',
            end_date: '2030-07-04',
            status: 'confirmed',
            team: { id: 7, name: 'Hill Farm' },
          },
        ],
      },
    };
    const view = renderPortal();
    const applications = await screen.findByRole('table', { name: 'Your applications, newest first' });
    const rows = within(applications).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Quick help2 May 2030Submitted',
      'Residential week1 April 2030Not finished',
    ]);
    const stays = await screen.findByRole('table', { name: 'Your residential stays, latest first' });
    expect(
      within(stays)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'Hill Farm, arriving 1 July 20301 July 20304 July 2030Confirmed',
      'Hill Farm, arriving 1 June 20301 June 20308 June 2030Cancelled',
    ]);
    const links = within(stays).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Hill Farm, arriving 1 July 2030', '/portal/residential/bookings/8'],
      ['Hill Farm, arriving 1 June 2030', '/portal/residential/bookings/3'],
    ]);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('points to the opportunity list when there is nothing yet', async () => {
    signIn(5);
    answers[APPLICATIONS] = { status: 200, body: { data: [] } };
    answers[STAYS] = { status: 200, body: { data: [] } };
    const view = renderPortal();
    expect(await screen.findByText(/You have not applied for anything yet/)).toBeTruthy();
    expect(await screen.findByText(/You have no residential stays booked/)).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Find an opportunity' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', '/']);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('says so when a list cannot be loaded', async () => {
    signIn(5);
    answers[APPLICATIONS] = { status: 403, body: { message: 'You do not have permission to do that.' } };
    answers[STAYS] = { status: 200, body: { data: [] } };
    renderPortal();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not load your applications. Please reload the page to try again.',
    );
  });
});
