import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResetPasswordPage } from './reset-password-page';

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/password/reset/:token', element: <ResetPasswordPage /> }], {
    initialEntries: [url],
  });
  return render(<RouterProvider router={router} />);
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResetPasswordPage', () => {
  it('refuses a password that breaks the rules before asking the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/password/reset/abc');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const field = screen.getByLabelText('New password');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById('new-password-error')).toHaveTextContent(
      'Your password must be at least 8 characters long',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the token and the new password, then offers sign-in without signing in', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer(200, { message: 'Your password has been changed.' }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/password/reset/tok-123?intended=%2Fapply%2Fquick-help');
    await userEvent.type(screen.getByLabelText('New password'), 'Better123');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Better123');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByRole('heading', { name: 'Your password has been changed' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toContain('/api/password/reset');
    expect(JSON.parse(init.body as string)).toEqual({
      token: 'tok-123',
      password: 'Better123',
      password_confirmation: 'Better123',
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?intended=%2Fapply%2Fquick-help',
    );
  });

  it('explains a used or expired link', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(401, { message: 'This link is no longer valid.' })));
    renderAt('/password/reset/used');
    await userEvent.type(screen.getByLabelText('New password'), 'Better123');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Better123');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This password reset link has expired or has already been used.'),
    );
  });
});
