import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../lib/api/default-client';
import { TOKEN_STORAGE_KEY } from '../../lib/api/token-store';
import { SessionProvider } from '../../lib/session/session-context';
import { makeSessionToken, makeToken } from '../../lib/session/test-tokens';
import { axeViolations } from '../../lib/testing/axe';
import { stubQueuedApi } from './test-support';
import { TwoFactorSetupPage } from './two-factor-setup-page';

const { calls, answers } = stubQueuedApi({ repeatLast: true, contentType: 'application/json' });

const USER = '/api/users/7';
const ENFORCEMENT = '/api/users/7/two-factor/enforcement';
const TWO_FACTOR = '/api/users/7/two-factor/';
const REFRESH = '/api/auth/api/refresh';
const RECOVERY = Array.from({ length: 10 }, (_, index) => `fghjk-mnp${String(index).padStart(2, '2')}`);

const heldToken = makeToken({
  user: { id: 7, display_name: 'Erin Enrol', organisation: { id: 1, name: 'Org' }, permissions: [] },
  environment: 'test',
  exp: Math.floor(Date.now() / 1000) + 3600,
  two_factor_enrolment_required: true,
});
const freeToken = makeSessionToken([]);

function given(options: { enabled?: boolean; roles?: string[]; sms?: boolean } = {}) {
  answers[`GET ${USER}`] = [
    {
      status: 200,
      body: {
        data: {
          id: 7,
          display_name: 'Erin Enrol',
          '2fa_enabled': options.enabled ?? false,
          '2fa_method': options.enabled ? 'email' : null,
          '2fa_enforced': true,
          '2fa_trusted': false,
          '2fa_secret': false,
        },
      },
    },
  ];
  answers[`GET ${ENFORCEMENT}`] = [
    {
      status: 200,
      body: {
        data: {
          enforced: true,
          roles: options.roles ?? ['Safeguarding Lead'],
          sms_available: options.sms ?? true,
        },
      },
    },
  ];
  answers[`POST ${REFRESH}`] = [{ status: 200, body: { token: freeToken } }];
}

function renderPage(path = '/portal/user/me/two-factor-setup?intended=%2Fapply%2Fquick-help') {
  const router = createMemoryRouter(
    [
      { path: '/portal/user/me/two-factor-setup', element: <TwoFactorSetupPage /> },
      { path: '/apply/quick-help', element: <p>Apply page</p> },
      { path: '/portal', element: <p>Portal page</p> },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { view, router };
}

async function typeCode(code: string) {
  const boxes = within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');
  await userEvent.click(boxes[0]!);
  await userEvent.paste(code);
}

// Four axe runs over the whole page: more than the default five seconds on a busy machine.
describe('TwoFactorSetupPage: a sign-in held until two-factor is set up', { timeout: 20_000 }, () => {
  it('names the role, sets up email with its code, shows the recovery codes once, then continues', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, heldToken);
    given();
    answers[`POST ${TWO_FACTOR}`] = [
      { status: 200, body: { data: { method: 'email', sent_to: 'e•••@example.org' } } },
    ];
    answers[`PUT ${TWO_FACTOR}`] = [
      {
        status: 422,
        body: {
          message: 'You have entered an invalid verification key',
          errors: { code: ['You have entered an invalid verification key'] },
        },
      },
      {
        status: 200,
        body: { data: { two_factor_enabled: true, method: 'email', recovery_codes: RECOVERY } },
      },
    ];
    const { view, router } = renderPage();

    // Idle.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up two-factor authentication' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Your role Safeguarding Lead requires two-factor authentication. Set it up to continue.',
      ),
    ).toBeInTheDocument();
    const methods = screen.getByRole('group', { name: 'Choose a method' });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['email', 'sms', 'auth_app']);
    expect(await axeViolations(view.container)).toEqual([]);

    // Verifying.
    await userEvent.click(screen.getByRole('radio', { name: 'Email' }));
    expect(
      await screen.findByText('We have sent a 6-digit code to e•••@example.org. Enter it below.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST' && call.url === TWO_FACTOR)?.body).toEqual({
      two_factor: true,
      method: 'email',
    });
    expect(await axeViolations(view.container)).toEqual([]);

    // Error: the boxes are cleared.
    await typeCode('000000');
    await userEvent.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(await screen.findByText('You have entered an invalid verification key')).toBeInTheDocument();
    const boxes = within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');
    expect(boxes.map((box) => (box as HTMLInputElement).value).join('')).toBe('');
    expect(await axeViolations(view.container)).toEqual([]);

    // Confirmed: the codes, and a renewed sign-in that is no longer held.
    await typeCode('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication is on' }),
    ).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY);
    await vi.waitFor(() => expect(tokenStore.get()).toBe(freeToken));
    expect(calls.find((call) => call.url === REFRESH)?.body).toEqual({ token: heldToken, minimal: true });
    expect(screen.getByRole('list', { name: 'Your recovery codes' })).toBeInTheDocument();
    expect(await axeViolations(view.container)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Apply page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apply/quick-help');
  });

  it('offers no SMS without a gateway, and names every enforcing role', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, heldToken);
    given({ sms: false, roles: ['Safeguarding Lead', 'Trustee'] });
    renderPage();
    expect(
      await screen.findByText(
        'Your role Safeguarding Lead, Trustee requires two-factor authentication. Set it up to continue.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'SMS (text message)' })).not.toBeInTheDocument();
  });

  it('asks for all six digits before calling the server', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, heldToken);
    given();
    answers[`POST ${TWO_FACTOR}`] = [
      {
        status: 200,
        body: {
          data: {
            method: 'auth-app',
            sent_to: null,
            secret: 'ABCDEFGHIJKLMNOP',
            qr_code: 'data:image/png;base64,AA==',
          },
        },
      },
    ];
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'Authenticator app' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(await screen.findByText('Please enter the 6-digit code')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('renews a held sign-in whose user has already set two-factor up, and goes on', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, heldToken);
    given({ enabled: true });
    renderPage();
    expect(await screen.findByText('Apply page')).toBeInTheDocument();
    expect(tokenStore.get()).toBe(freeToken);
  });

  it('says so when the sign-in cannot be renewed after set-up', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, heldToken);
    given();
    answers[`POST ${REFRESH}`] = [
      { status: 401, body: { message: 'Your session has expired, please sign in again.' } },
    ];
    answers[`POST ${TWO_FACTOR}`] = [
      { status: 200, body: { data: { method: 'email', sent_to: 'e•••@example.org' } } },
    ];
    answers[`PUT ${TWO_FACTOR}`] = [
      {
        status: 200,
        body: { data: { two_factor_enabled: true, method: 'email', recovery_codes: RECOVERY } },
      },
    ];
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: 'Email' }));
    await screen.findByText(/We have sent a 6-digit code/);
    await typeCode('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Two-factor authentication is on, but we could not continue your sign-in. Please sign in again.',
    );
    expect(screen.getByRole('list', { name: 'Your recovery codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
  });
});

describe('TwoFactorSetupPage: anyone else', () => {
  it('sends a sign-in that is not held on to where it was going', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, freeToken);
    renderPage();
    expect(await screen.findByText('Apply page')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('never loops back to itself, nor leaves the site', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, freeToken);
    renderPage('/portal/user/me/two-factor-setup?intended=https%3A%2F%2Fevil.example%2F');
    expect(await screen.findByText('Portal page')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in, and back', async () => {
    const { router } = renderPage();
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.search).toBe(
      `?intended=${encodeURIComponent('/portal/user/me/two-factor-setup?intended=%2Fapply%2Fquick-help')}`,
    );
  });
});
