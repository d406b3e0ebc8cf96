import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_TOKEN_STORAGE_KEY } from '../../lib/auth/auth-api';
import { tokenStore } from '../../lib/api/default-client';
import { SessionProvider } from '../../lib/session/session-context';
import { makeSessionToken } from '../../lib/session/test-tokens';
import { LoginPage } from './login-page';

type Call = { url: string; method: string; body: Record<string, unknown> };
type Answer = { status: number; body: unknown; headers?: Record<string, string> };

let calls: Call[];
let answers: Record<string, Answer[]>;
const session = makeSessionToken(['view-users']);

/** The network, as the sign-in endpoints answer it: one queued answer per call to a path. */
function network(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = input instanceof Request ? input.url : input.toString();
  const body = typeof init?.body === 'string' ? init.body : '{}';
  // The organisation lookup (single sign-on or not) is not part of the sign-in conversation.
  if (!url.endsWith('/organisation/detailed/')) {
    calls.push({ url, method: init?.method ?? 'GET', body: JSON.parse(body) as Record<string, unknown> });
  }
  const answer = answers[url]?.shift();
  if (!answer) {
    return Promise.resolve(new Response(JSON.stringify({ message: 'Not found' }), { status: 404 }));
  }
  return Promise.resolve(
    new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/vnd.muster.v3+json', ...answer.headers },
    }),
  );
}

function renderLogin(path = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/portal', element: <p>Portal home</p> },
      { path: '/apply/3', element: <p>Apply page</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

async function fillCredentials(email = 'applicant@example.org', password = 'Volunteer123') {
  await userEvent.type(screen.getByLabelText('Email address'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  calls = [];
  answers = {};
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.stubGlobal('fetch', vi.fn(network));
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('LoginPage: email and password', () => {
  it('says what is missing before calling the server', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('signs in without a second factor, stores the token and goes to /portal', async () => {
    answers['/api/auth/api/'] = [{ status: 200, body: { token: session, two_factor: false } }];
    renderLogin();
    await fillCredentials();
    expect(await screen.findByText('Portal home')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: '/api/auth/api/',
      method: 'POST',
      body: { email: 'applicant@example.org', password: 'Volunteer123', minimal: true },
    });
    expect(tokenStore.get()).toBe(session);
  });

  it('goes to the intended path when it is on this site', async () => {
    answers['/api/auth/api/'] = [{ status: 200, body: { token: session, two_factor: false } }];
    renderLogin('/login?intended=%2Fapply%2F3');
    await fillCredentials();
    expect(await screen.findByText('Apply page')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ intended: '/apply/3' });
  });

  it('ignores an intended address on another site', async () => {
    answers['/api/auth/api/'] = [{ status: 200, body: { token: session, two_factor: false } }];
    renderLogin('/login?intended=https%3A%2F%2Fevil.example%2F');
    await fillCredentials();
    expect(await screen.findByText('Portal home')).toBeInTheDocument();
  });

  it('shows "Username or password do not match our records." under the email on 401', async () => {
    answers['/api/auth/api/'] = [{ status: 401, body: { message: 'Username or password do not match our records.' } }];
    renderLogin();
    await fillCredentials();
    const message = await screen.findByText('Username or password do not match our records.');
    const email = screen.getByLabelText('Email address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Username or password do not match our records.');
    expect(message.id).toBe('login-email-error');
    expect(tokenStore.get()).toBeNull();
  });

  it("shows the server's reason under the email on 403", async () => {
    const sso = 'Your account signs in through Example ID. Please use the single sign-on button.';
    answers['/api/auth/api/'] = [{ status: 403, body: { message: sso } }];
    renderLogin();
    await fillCredentials();
    expect(await screen.findByText(sso)).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(sso);
  });

  it('shows the wait in seconds on 429', async () => {
    answers['/api/auth/api/'] = [{ status: 429, body: { message: 'Too many requests' }, headers: { 'Retry-After': '42' } }];
    renderLogin();
    await fillCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have tried too many times, please wait for 42 seconds before trying again.',
    );
  });
});

describe('LoginPage: second factor', () => {
  it.each([
    ['email', /emailed you a 6-digit code/],
    ['sms', /text message/],
    ['auth_app', /authenticator app/],
  ] as const)('%s: six code boxes; pasting fills them; trusting keeps the device token', async (method, prompt) => {
    answers['/api/auth/api/'] = [{ status: 200, body: { token: 'interim', two_factor: true, method } }];
    answers['/api/auth/api/token'] = [{ status: 200, body: { token: session, two_factor: false, device_token: 'device-1' } }];
    renderLogin();
    await fillCredentials();
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(screen.getByText(prompt)).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Verification code' });
    const boxes = within(group).getAllByRole('textbox');
    expect(boxes).toHaveLength(6);
    await userEvent.click(boxes[0]!);
    await userEvent.paste('123456');
    expect(boxes.map((box) => (box as HTMLInputElement).value).join('')).toBe('123456');
    await userEvent.click(screen.getByLabelText('Trust this computer'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Portal home')).toBeInTheDocument();
    expect(calls[1]).toMatchObject({ url: '/api/auth/api/token', body: { token: 'interim', key: '123456', trust: true } });
    expect(tokenStore.get()).toBe(session);
    expect(localStorage.getItem(DEVICE_TOKEN_STORAGE_KEY)).toBe('device-1');
  });

  it('signs in with a recovery code when the device is lost, and says when it does not work', async () => {
    answers['/api/auth/api/'] = [{ status: 200, body: { token: 'interim', two_factor: true, method: 'auth_app' } }];
    answers['/api/auth/api/token'] = [
      { status: 401, body: { message: 'Invalid code, please try again' } },
      { status: 200, body: { token: session, two_factor: false } },
    ];
    renderLogin();
    await fillCredentials();
    await userEvent.click(await screen.findByRole('button', { name: 'Lost your device? Use a recovery code' }));
    expect(screen.getByRole('heading', { name: 'Use a recovery code' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter one of your recovery codes')).toBeInTheDocument();
    const field = screen.getByLabelText('Recovery code');
    await userEvent.type(field, 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Invalid code, please try again')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(field);
    await userEvent.type(field, 'mnpqr-stuvw');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Portal home')).toBeInTheDocument();
    expect(calls.slice(1).map((call) => call.body)).toEqual([
      { token: 'interim', recovery_code: 'abcde-fghjk', trust: false },
      { token: 'interim', recovery_code: 'mnpqr-stuvw', trust: false },
    ]);
    expect(tokenStore.get()).toBe(session);
  });

  it('sends the kept device token on the next sign-in', async () => {
    localStorage.setItem(DEVICE_TOKEN_STORAGE_KEY, 'device-1');
    answers['/api/auth/api/'] = [{ status: 200, body: { token: session, two_factor: false } }];
    renderLogin();
    await fillCredentials();
    await screen.findByText('Portal home');
    expect(calls[0]?.body).toMatchObject({ device_token: 'device-1' });
  });

  it('says "Invalid code, please try again" for a wrong code', async () => {
    answers['/api/auth/api/'] = [{ status: 200, body: { token: 'interim', two_factor: true, method: 'email' } }];
    answers['/api/auth/api/token'] = [{ status: 401, body: { message: 'Invalid code, please try again' } }];
    renderLogin();
    await fillCredentials();
    const boxes = within(await screen.findByRole('group', { name: 'Verification code' })).getAllByRole('textbox');
    await userEvent.click(boxes[0]!);
    await userEvent.keyboard('654321');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Invalid code, please try again')).toBeInTheDocument();
    expect(boxes.map((box) => (box as HTMLInputElement).value).join('')).toBe('');
    expect(tokenStore.get()).toBeNull();
  });

  it('shows the server\'s reason when the sign-in itself has expired, and can start again', async () => {
    const expired = 'This sign-in has expired or had too many wrong codes, please sign in again.';
    answers['/api/auth/api/'] = [{ status: 200, body: { token: 'interim', two_factor: true, method: 'email' } }];
    answers['/api/auth/api/token'] = [{ status: 401, body: { message: expired } }];
    renderLogin();
    await fillCredentials();
    const boxes = within(await screen.findByRole('group', { name: 'Verification code' })).getAllByRole('textbox');
    await userEvent.click(boxes[0]!);
    await userEvent.keyboard('654321');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(expired);
    expect(screen.queryByText('Invalid code, please try again')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(screen.getByLabelText('Email address')).toBeInTheDocument();
  });

  it('asks for all six digits before sending', async () => {
    answers['/api/auth/api/'] = [{ status: 200, body: { token: 'interim', two_factor: true, method: 'sms' } }];
    renderLogin();
    await fillCredentials();
    const boxes = within(await screen.findByRole('group', { name: 'Verification code' })).getAllByRole('textbox');
    await userEvent.click(boxes[0]!);
    await userEvent.keyboard('123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter the 6-digit code')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('magic_link: shows a message and no code boxes', async () => {
    answers['/api/auth/api/'] = [{ status: 200, body: { token: 'interim', two_factor: true, method: 'magic_link' } }];
    renderLogin();
    await fillCredentials();
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toHaveFocus();
    expect(screen.getByText(/emailed you a link to sign in/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Trust this computer')).not.toBeInTheDocument();
  });
});

describe('LoginPage: arriving from a link', () => {
  it('stores #token=, clears the fragment and goes to the intended page', async () => {
    window.history.replaceState(null, '', `/login?intended=%2Fapply%2F3#token=${session}`);
    renderLogin('/login?intended=%2Fapply%2F3');
    expect(await screen.findByText('Apply page')).toBeInTheDocument();
    expect(tokenStore.get()).toBe(session);
    expect(window.location.hash).toBe('');
    expect(calls).toHaveLength(0);
  });
});

describe('LoginPage: single sign-on organisations', () => {
  it('offers the provider instead of a password, keeping where to go afterwards', async () => {
    answers['/api/organisation/detailed/'] = [
      {
        status: 200,
        body: {
          data: {
            id: 1,
            name: 'SSO Trust',
            sso_provider: { name: 'Acme ID' },
            minor_age: 18,
            currency_symbol: '£',
            date_format: 'DD/MM/Y',
            timezone: 'Europe/London',
            features: null,
            package_features: null,
            tech_features: {},
          },
        },
      },
    ];
    renderLogin('/login?intended=%2Fapply%2F3');
    const link = await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    expect(link).toHaveAttribute('href', '/auth/sso/redirect?redirect=%2Fapply%2F3');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('says so when the provider sent the user back with an error', () => {
    window.history.replaceState(null, '', '/login#sso_error=access_denied');
    renderLogin();
    expect(screen.getByRole('alert')).toHaveTextContent('Signing in through your organisation did not complete.');
  });
});
