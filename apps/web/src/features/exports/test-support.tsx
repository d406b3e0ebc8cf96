import type { ExportRecord } from '@muster/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { tokenStore } from '../../lib/api/default-client';
import { SessionProvider } from '../../lib/session/session-context';
import { makeToken } from '../../lib/session/test-tokens';
import { ExportPage } from './export-page';

/** A file the stubbed API answers with: its bytes, type and Content-Disposition. */
export type FakeFile = { text: string; type: string; disposition?: string };
/** What the stubbed API answers to one request: JSON, or a file. */
export type FakeAnswer = { status: number; body?: unknown; file?: FakeFile };
/** One request the page made, with its bearer token (if any). */
export type FakeRequest = { method: string; url: string; authorization: string | null };

/**
 * Answers keyed by `METHOD url` (e.g. `GET /api/exports/5`). A list is answered in turn, its last
 * answer over and over, as the export's progress is while the page polls.
 */
export interface FakeApi {
  answers: Record<string, FakeAnswer | FakeAnswer[]>;
  requests: FakeRequest[];
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  const headers = new Headers(init?.headers);
  return headers.get(name);
}

/**
 * Stubs `fetch` for every test of the calling file: each test starts signed out with no answers;
 * a request without an answer gets a 404.
 */
export function stubExportsApi(): FakeApi {
  const api: FakeApi = { answers: {}, requests: [] };
  const network = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : input.toString();
    const method = init?.method ?? 'GET';
    api.requests.push({ method, url, authorization: headerOf(init, 'Authorization') });
    const listed = api.answers[`${method} ${url}`];
    const answer: FakeAnswer = (Array.isArray(listed)
      ? listed.length > 1
        ? listed.shift()
        : listed[0]
      : listed) ?? {
      status: 404,
      body: { message: 'The export was not found.' },
    };
    if (answer.file) {
      // Bytes, not a jsdom Blob, which the runtime's Response cannot read.
      return new Response(new TextEncoder().encode(answer.file.text), {
        status: answer.status,
        headers: {
          'Content-Type': answer.file.type,
          ...(answer.file.disposition ? { 'Content-Disposition': answer.file.disposition } : {}),
        },
      });
    }
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
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

/** Signs user `id` in (a session token in the token store); answers the token. */
export function signIn(id: number): string {
  const token = makeToken({
    user: {
      id,
      display_name: 'Exporter',
      organisation: { id: 1, name: 'Org' },
      permissions: ['view-users', 'manage-exports'],
    },
    environment: 'test',
    exp: Math.floor(Date.now() / 1000) + 3600,
  });
  tokenStore.set(token);
  return token;
}

/** A users export of user 5, ready, with both files. */
export function readyExport(overrides: Partial<ExportRecord> = {}): ExportRecord {
  return {
    id: 5,
    kind: 'users',
    report: null,
    columns: ['id', 'first_name', 'last_name', 'email'],
    query: { status: ['active'] },
    status: 'ready',
    progress: { rows_done: 120, rows_total: 120, percent: 100 },
    files: [
      { format: 'csv', url: '/api/exports/5/download?format=csv', bytes: 5_400 },
      { format: 'xlsx', url: '/api/exports/5/download?format=xlsx', bytes: 12_345 },
    ],
    error: null,
    created_at: '2030-06-01T09:00:00.000Z',
    started_at: '2030-06-01T09:00:01.000Z',
    finished_at: '2030-06-01T09:00:05.000Z',
    expires_at: '2099-06-08T09:00:05.000Z',
    ...overrides,
  };
}

function LoginProbe() {
  const location = useLocation();
  return <p>Login page {location.search}</p>;
}

/** Renders the export page at address `at`, with a fresh query client and the session. */
export function renderExportPage(at: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <MemoryRouter initialEntries={[at]}>
          <main>
            <Routes>
              <Route path="/exports/:exportId" element={<ExportPage />} />
              <Route path="/login" element={<LoginProbe />} />
            </Routes>
          </main>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}
