import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { tokenStore } from '../../lib/api/default-client';
import { SessionProvider } from '../../lib/session/session-context';
import { makeToken } from '../../lib/session/test-tokens';

/** What the stubbed API answers to one request. */
export type FakeAnswer = { status: number; body: unknown };
/** One request the page made, body parsed from JSON. */
export type FakeRequest = { method: string; url: string; body: unknown };

/** Answers keyed by `METHOD url` (e.g. `GET /api/users/5/applications/9`), and the requests made. */
export interface FakeApi {
  answers: Record<string, FakeAnswer>;
  requests: FakeRequest[];
}

/**
 * Stubs `fetch` for every test of the calling file: each test starts signed out with no answers;
 * a request without an answer gets a 404 with `notFound` as its body.
 */
export function stubPortalApi(notFound: unknown = { message: 'Not found' }): FakeApi {
  const api: FakeApi = { answers: {}, requests: [] };
  const network = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : input.toString();
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    api.requests.push({ method, url, body });
    const answer = api.answers[`${method} ${url}`] ?? { status: 404, body: notFound };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/vnd.muster.v3+json' },
    });
  };
  beforeEach(() => {
    localStorage.clear();
    // Emptied in place, so tests may hold on to `answers` and `requests`.
    for (const key of Object.keys(api.answers)) {
      delete api.answers[key];
    }
    api.requests.length = 0;
    vi.stubGlobal('fetch', vi.fn(network));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });
  return api;
}

/** Signs user `id` in (a session token in the token store), with no permissions. */
export function signIn(id: number) {
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

/**
 * Renders `page` on route `path` at address `at`, with a fresh query client and the session; the
 * login route shows "Login page" and the query it was sent with.
 */
export function renderPortalRoute(path: string, page: ReactNode, at: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <MemoryRouter initialEntries={[at]}>
          <main>
            <Routes>
              <Route path={path} element={page} />
              <Route path="/login" element={<LoginProbe />} />
            </Routes>
          </main>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}
