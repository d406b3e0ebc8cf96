import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../lib/api/default-client';
import { DEVICE_TOKEN_STORAGE_KEY } from '../../../lib/auth/auth-api';
import { SessionProvider } from '../../../lib/session/session-context';
import { makeSessionToken } from '../../../lib/session/test-tokens';
import { axeViolations } from '../../../lib/testing/axe';
import { RecoveryCodeForm } from './recovery-code-form';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

let bodies: unknown[];
let answers: Answer[];
const session = makeSessionToken([]);

function network(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  bodies.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}'));
  const answer = answers.shift() ?? { status: 404, body: { message: 'Not found' } };
  return Promise.resolve(
    new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/vnd.muster.v3+json', ...answer.headers },
    }),
  );
}

function renderForm(props: Partial<Parameters<typeof RecoveryCodeForm>[0]> = {}) {
  const onSignedIn = vi.fn();
  const onUseCode = vi.fn();
  const onOuterSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const view = render(
    <SessionProvider>
      <main>
        <form aria-label="Outer" onSubmit={onOuterSubmit}>
          {props.nested ? (
            <RecoveryCodeForm token="interim" onSignedIn={onSignedIn} onUseCode={onUseCode} {...props} />
          ) : null}
        </form>
        {props.nested ? null : (
          <RecoveryCodeForm token="interim" onSignedIn={onSignedIn} onUseCode={onUseCode} {...props} />
        )}
      </main>
    </SessionProvider>,
  );
  return { view, onSignedIn, onUseCode, onOuterSubmit };
}

beforeEach(() => {
  bodies = [];
  answers = [];
  localStorage.clear();
  vi.stubGlobal('fetch', vi.fn(network));
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('RecoveryCodeForm', () => {
  it('sends the code with trust, stores the session and the device token, and has no axe violations', async () => {
    answers = [{ status: 200, body: { token: session, two_factor: false, device_token: 'device-9' } }];
    const { view, onSignedIn } = renderForm();
    expect(screen.getByRole('heading', { level: 2, name: 'Use a recovery code' })).toBeInTheDocument();
    expect(await axeViolations(view.container)).toEqual([]);
    await userEvent.type(screen.getByLabelText('Recovery code'), '  abcde-fghjk ');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Trust this computer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{ token: 'interim', recovery_code: 'abcde-fghjk', trust: true }]);
    expect(tokenStore.get()).toBe(session);
    expect(localStorage.getItem(DEVICE_TOKEN_STORAGE_KEY)).toBe('device-9');
  });

  it('asks for a code before calling, then says a wrong or used one is invalid (error state, no axe violations)', async () => {
    answers = [{ status: 401, body: { message: 'Invalid code, please try again' } }];
    const { view, onSignedIn } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter one of your recovery codes')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    const field = screen.getByLabelText('Recovery code');
    await userEvent.type(field, 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Invalid code, please try again')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Invalid code, please try again/);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('says how long to wait after too many tries', async () => {
    answers = [{ status: 429, body: { message: 'Too many' }, headers: { 'Retry-After': '42' } }];
    renderForm();
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have tried too many times, please wait for 42 seconds before trying again.',
    );
  });

  it('nested in another form: no form of its own, Enter signs in without submitting the outer form', async () => {
    answers = [{ status: 200, body: { token: session, two_factor: false } }];
    const { view, onSignedIn, onOuterSubmit, onUseCode } = renderForm({
      nested: true,
      headingLevel: 3,
      offerTrust: false,
    });
    expect(view.container.querySelectorAll('form')).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Use a recovery code' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Use a recovery code' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk{Enter}');
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(onOuterSubmit).not.toHaveBeenCalled();
    expect(bodies).toEqual([{ token: 'interim', recovery_code: 'abcde-fghjk', trust: false }]);
    await userEvent.click(screen.getByRole('button', { name: 'Use a code instead' }));
    expect(onUseCode).toHaveBeenCalledTimes(1);
    expect(await axeViolations(view.container)).toEqual([]);
  });
});
