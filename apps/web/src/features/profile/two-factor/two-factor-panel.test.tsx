import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEVICE_TOKEN_STORAGE_KEY } from '../../../lib/auth/auth-api';
import { axeViolations } from '../../../lib/testing/axe';
import { stubQueuedApi } from '../test-support';
import { TwoFactorPanel } from './two-factor-panel';

const { calls, answers } = stubQueuedApi({ repeatLast: true, contentType: 'application/json' });

const USER = '/api/users/7';
const ENFORCEMENT = '/api/users/7/two-factor/enforcement';
const TWO_FACTOR = '/api/users/7/two-factor/';
const TRUST = '/api/users/7/two-factor/trust-computer';
const RECOVERY_URL = '/api/users/7/two-factor/recovery-codes';
const RECOVERY = Array.from({ length: 10 }, (_, index) => `abcde-fgh${String(index).padStart(2, '2')}`);

function userBody(overrides: Record<string, unknown> = {}) {
  return {
    data: {
      id: 7,
      display_name: 'Ada Lovelace',
      '2fa_enabled': false,
      '2fa_method': null,
      '2fa_enforced': false,
      '2fa_trusted': false,
      '2fa_secret': false,
      ...overrides,
    },
  };
}

function given(options: { user?: Record<string, unknown>; roles?: string[]; sms?: boolean } = {}) {
  answers[`GET ${USER}`] = [{ status: 200, body: userBody(options.user) }];
  const roles = options.roles ?? [];
  answers[`GET ${ENFORCEMENT}`] = [
    {
      status: 200,
      body: { data: { enforced: roles.length > 0, roles, sms_available: options.sms ?? true } },
    },
  ];
}

async function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <main>
        <TwoFactorPanel userId={7} />
      </main>
    </QueryClientProvider>,
  );
  await screen.findByText(/Two-factor authentication is (on|off)/);
  return view;
}

const sent = (method: string) =>
  calls.filter((call) => call.method === method && call.url.startsWith(TWO_FACTOR));
const boxes = () => screen.getAllByRole('textbox', { name: /Digit \d of 6/ });

async function typeCode(code: string) {
  await userEvent.click(boxes()[0]!);
  await userEvent.keyboard(code);
}

describe('TwoFactorPanel: switching it on', () => {
  it('is idle with the three methods and no axe violations', async () => {
    given();
    const view = await renderPanel();
    expect(screen.getByText('Two-factor authentication is off.')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Choose a method to switch it on' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['email', 'sms', 'auth_app']);
    expect(screen.queryByRole('button', { name: 'Disable 2FA' })).not.toBeInTheDocument();
    expect(await axeViolations(view.container.ownerDocument.body)).toEqual([]);
  });

  it('does not offer SMS when the server has no gateway for it', async () => {
    given({ sms: false });
    await renderPanel();
    expect(screen.queryByRole('radio', { name: 'SMS (text message)' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Email' })).toBeInTheDocument();
  });

  it('choosing email sends a code, shows the six boxes, and Authenticate confirms it', async () => {
    given();
    answers[`POST ${TWO_FACTOR}`] = [
      { status: 200, body: { data: { method: 'email', sent_to: 'a•••@example.org' } } },
    ];
    answers[`PUT ${TWO_FACTOR}`] = [
      {
        status: 200,
        body: { data: { two_factor_enabled: true, method: 'email', recovery_codes: RECOVERY } },
      },
    ];
    const view = await renderPanel();
    await userEvent.click(screen.getByRole('radio', { name: 'Email' }));
    expect(
      await screen.findByText('We have sent a 6-digit code to a•••@example.org. Enter it below.'),
    ).toBeInTheDocument();
    expect(sent('POST')[0]?.body).toEqual({ two_factor: true, method: 'email' });
    expect(boxes()).toHaveLength(6);
    expect(await axeViolations(view.container.ownerDocument.body)).toEqual([]);

    await typeCode('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(await screen.findByRole('button', { name: /Done!/ })).toHaveAttribute('aria-disabled', 'true');
    expect(sent('PUT')[0]?.body).toEqual({ two_factor: true, method: 'email', code: '123456' });
    // The done state lasts about two seconds, then the panel says what changed.
    expect(
      await screen.findByText('Two-factor authentication is now on.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Authenticate' })).not.toBeInTheDocument();
    // The recovery codes are shown once, after set-up.
    const list = screen.getByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY);
  });

  it('auth_app is sent as auth-app and shows the QR code and the secret for manual entry', async () => {
    given();
    answers[`POST ${TWO_FACTOR}`] = [
      {
        status: 200,
        body: {
          data: {
            method: 'auth-app',
            sent_to: null,
            secret: 'JBSWY3DPEHPK3PXP',
            otpauth_uri: 'otpauth://totp/Org:a%40example.org?secret=JBSWY3DPEHPK3PXP&issuer=Org',
            qr_code: 'data:image/png;base64,iVBORw0KGgo=',
          },
        },
      },
    ];
    await renderPanel();
    await userEvent.click(screen.getByRole('radio', { name: 'Authenticator app' }));
    const qr = await screen.findByRole('img', {
      name: 'QR code to add this account to your authenticator app',
    });
    expect(qr).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(sent('POST')[0]?.body).toEqual({ two_factor: true, method: 'auth-app' });
    expect(screen.getByText('Enter the 6-digit code shown in your authenticator app.')).toBeInTheDocument();
  });

  it('a wrong key says so and clears the boxes (error state, no axe violations)', async () => {
    given();
    answers[`POST ${TWO_FACTOR}`] = [
      { status: 200, body: { data: { method: 'email', sent_to: 'a•••@example.org' } } },
    ];
    answers[`PUT ${TWO_FACTOR}`] = [
      {
        status: 422,
        body: {
          message: 'You have entered an invalid verification key',
          errors: { code: ['You have entered an invalid verification key'] },
        },
      },
    ];
    const view = await renderPanel();
    await userEvent.click(screen.getByRole('radio', { name: 'Email' }));
    await screen.findByText(/We have sent a 6-digit code/);
    await typeCode('654321');
    await userEvent.click(screen.getByRole('button', { name: 'Authenticate' }));
    const error = await screen.findByText('You have entered an invalid verification key');
    expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['', '', '', '', '', '']);
    expect(screen.getByRole('group', { name: 'Verification code' })).toHaveAttribute(
      'aria-describedby',
      expect.stringContaining(error.id),
    );
    expect(screen.getByRole('button', { name: 'Authenticate' })).not.toHaveAttribute('aria-disabled');
    expect(await axeViolations(view.container.ownerDocument.body)).toEqual([]);
  });

  it('asks for all six digits before calling the server', async () => {
    given();
    answers[`POST ${TWO_FACTOR}`] = [
      { status: 200, body: { data: { method: 'email', sent_to: 'a•••@example.org' } } },
    ];
    await renderPanel();
    await userEvent.click(screen.getByRole('radio', { name: 'Email' }));
    await screen.findByText(/We have sent a 6-digit code/);
    await typeCode('123');
    await userEvent.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(await screen.findByText('Please enter the 6-digit code')).toBeInTheDocument();
    expect(sent('PUT')).toHaveLength(0);
  });

  it('a 429 shows how many seconds to wait', async () => {
    given();
    answers[`POST ${TWO_FACTOR}`] = [
      {
        status: 429,
        body: { message: 'You have tried too many times, please wait for 42 seconds before trying again.' },
        headers: { 'Retry-After': '42' },
      },
    ];
    await renderPanel();
    await userEvent.click(screen.getByRole('radio', { name: 'SMS (text message)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have tried too many times, please wait for 42 seconds before trying again.',
    );
    expect(sent('POST')[0]?.body).toEqual({ two_factor: true, method: 'sms' });
  });
});

describe('TwoFactorPanel: an enabled account', () => {
  it('Disable 2FA sends a code and Authenticate switches it off', async () => {
    given({ user: { '2fa_enabled': true, '2fa_method': 'sms' } });
    answers[`POST ${TWO_FACTOR}`] = [
      { status: 200, body: { data: { method: 'sms', sent_to: '•••••••••0456' } } },
    ];
    answers[`PUT ${TWO_FACTOR}`] = [
      { status: 200, body: { data: { two_factor_enabled: false, method: null } } },
    ];
    await renderPanel();
    expect(screen.getByText('Two-factor authentication is on: sms (text message).')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'SMS (text message)' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Disable 2FA' }));
    expect(
      await screen.findByText('We have sent a 6-digit code to •••••••••0456. Enter it below.'),
    ).toBeInTheDocument();
    expect(sent('POST')[0]?.body).toEqual({ two_factor: false });
    await typeCode('111222');
    await userEvent.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect(
      await screen.findByText('Two-factor authentication is now off.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(sent('PUT')[0]?.body).toEqual({ two_factor: false, code: '111222' });
  });

  it('regenerates the recovery codes and shows the new set', async () => {
    given({ user: { '2fa_enabled': true, '2fa_method': 'email' } });
    answers[`POST ${RECOVERY_URL}`] = [{ status: 200, body: { data: { recovery_codes: RECOVERY } } }];
    await renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate recovery codes' }));
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(calls.filter((call) => call.url === RECOVERY_URL && call.method === 'POST')).toHaveLength(1);
  });

  it('unticks trust this computer again when the server refuses', async () => {
    given({ user: { '2fa_enabled': true, '2fa_method': 'email' } });
    answers[`PUT ${TRUST}`] = [
      { status: 403, body: { message: 'You can only change your own two-factor settings.' } },
    ];
    await renderPanel();
    const trust = screen.getByRole('checkbox', { name: 'Trust this computer' });
    await userEvent.click(trust);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can only change your own two-factor settings.',
    );
    expect(trust).not.toBeChecked();
    expect(localStorage.getItem(DEVICE_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('an enforced account cannot be switched off and the panel names the role', async () => {
    given({
      user: { '2fa_enabled': true, '2fa_method': 'email', '2fa_enforced': true },
      roles: ['Team leader'],
    });
    await renderPanel();
    expect(
      screen.getByText(
        'Two-factor sign-in is required by your role Team leader, so it cannot be switched off.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable 2FA' })).not.toBeInTheDocument();
  });

  it('trust this computer keeps the device token, and unticking forgets it', async () => {
    given({ user: { '2fa_enabled': true, '2fa_method': 'email' } });
    answers[`PUT ${TRUST}`] = [
      { status: 200, body: { data: { trusted: true, device_token: 'device-abc' } } },
      { status: 200, body: { data: { trusted: false } } },
    ];
    await renderPanel();
    const trust = screen.getByRole('checkbox', { name: 'Trust this computer' });
    expect(trust).not.toBeChecked();
    await userEvent.click(trust);
    await vi.waitFor(() => expect(trust).toBeChecked());
    expect(localStorage.getItem(DEVICE_TOKEN_STORAGE_KEY)).toBe('device-abc');
    await userEvent.click(trust);
    await vi.waitFor(() => expect(trust).not.toBeChecked());
    expect(localStorage.getItem(DEVICE_TOKEN_STORAGE_KEY)).toBeNull();
    expect(calls.filter((call) => call.url === TRUST).map((call) => call.body)).toEqual([
      { trust: true },
      { trust: false },
    ]);
  });
});
