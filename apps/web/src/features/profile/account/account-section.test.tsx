import { accountMessages } from '@muster/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../../lib/api/default-client';
import { SessionProvider } from '../../../lib/session/session-context';
import { makeSessionToken } from '../../../lib/session/test-tokens';
import { axeViolations } from '../../../lib/testing/axe';
import { stubQueuedApi } from '../test-support';
import { AccountSection } from './account-section';

const { calls, answers } = stubQueuedApi();

const PASSWORD = '/api/users/7/password/';
const SESSIONS = '/api/users/7/sessions';
const CONTACT_DETAILS = '/api/users/7?include=emailAddresses%2CphoneNumbers';

function renderSection() {
  tokenStore.set(makeSessionToken([]));
  const router = createMemoryRouter(
    [
      {
        path: '/portal/user/me',
        element: (
          <main>
            <AccountSection userId={7} />
          </main>
        ),
      },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/portal/user/me'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

async function fill(current: string, next: string, confirmation = next) {
  if (current) {
    await userEvent.type(screen.getByLabelText('Current password'), current);
  }
  if (next) {
    await userEvent.type(screen.getByLabelText('New password'), next);
  }
  if (confirmation) {
    await userEvent.type(screen.getByLabelText('Confirm new password'), confirmation);
  }
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

beforeEach(() => {
  // The email and phone change forms read the address and number on file.
  answers[`GET ${CONTACT_DETAILS}`] = [
    {
      status: 200,
      body: { data: { id: 7, emailAddresses: [{ id: 1, email: 'casey@example.org', primary: true }] } },
    },
  ];
});

describe('AccountSection: change password', () => {
  it('checks the rules of applicant-flow §5 before calling the server', async () => {
    renderSection();
    await fill('', 'short', 'other');
    expect(screen.getByText('Please enter your current password')).toBeInTheDocument();
    const newPassword = screen.getByLabelText('New password');
    expect(newPassword).toHaveAttribute('aria-invalid', 'true');
    const errorId = newPassword.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '';
    expect(document.getElementById(errorId)).toHaveTextContent(
      'Your password must be at least 8 characters long',
    );
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('sends the current and new password, then says the other sign-ins ended', async () => {
    answers[`PUT ${PASSWORD}`] = [
      { status: 200, body: { data: { message: accountMessages.passwordChanged, other_sessions_ended: 1 } } },
    ];
    renderSection();
    await fill('Volunteer123', 'Brand-new-Pass9');
    expect(await screen.findByRole('button', { name: 'Saved!' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      current_password: 'Volunteer123',
      password: 'Brand-new-Pass9',
      password_confirmation: 'Brand-new-Pass9',
    });
    expect(screen.getByText(accountMessages.passwordChanged)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('shows a wrong current password at its field', async () => {
    answers[`PUT ${PASSWORD}`] = [
      {
        status: 422,
        body: {
          message: accountMessages.currentPasswordWrong,
          errors: { current_password: [accountMessages.currentPasswordWrong] },
        },
      },
    ];
    renderSection();
    await fill('Wrong-pass1', 'Brand-new-Pass9');
    const message = await screen.findByText(accountMessages.currentPasswordWrong);
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-describedby', message.id);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('shows the waiting time after too many tries, and a sentence for other failures', async () => {
    answers[`PUT ${PASSWORD}`] = [
      { status: 429, body: { message: 'Too many' }, headers: { 'Retry-After': '42' } },
      { status: 500, body: { message: 'Boom' } },
    ];
    renderSection();
    await fill('Wrong-pass1', 'Brand-new-Pass9');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have tried too many times, please wait for 42 seconds before trying again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Something went wrong while updating your information'),
    ).toBeInTheDocument();
  });
});

describe('AccountSection: email and phone', () => {
  it('offers the email and phone change before the password change', async () => {
    renderSection();
    const email = await screen.findByRole('group', { name: 'Change email address' });
    expect(email).toHaveTextContent('Your email address: casey@example.org');
    expect(screen.getByRole('group', { name: 'Change phone number' })).toHaveTextContent(
      'You have no phone number yet.',
    );
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Change email address',
      'Change phone number',
      'Change password',
      'Sign out everywhere',
    ]);
  });
});

describe('AccountSection: sign out everywhere', () => {
  it('ends every sign-in, forgets the token and goes to sign in', async () => {
    answers[`DELETE ${SESSIONS}`] = [
      { status: 200, body: { data: { message: accountMessages.signedOutEverywhere, sessions_ended: 2 } } },
    ];
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
  });

  it('stays and says so when it fails', async () => {
    answers[`DELETE ${SESSIONS}`] = [{ status: 500, body: { message: 'Boom' } }];
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while updating your information',
    );
    expect(tokenStore.get()).not.toBeNull();
  });
});
