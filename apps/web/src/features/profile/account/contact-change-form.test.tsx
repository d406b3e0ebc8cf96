import { accountMessages, contactChangeMessages } from '@muster/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '../../../lib/testing/axe';
import { stubQueuedApi } from '../test-support';
import { ContactDetails } from './contact-details';

let user: { email: string; phone: string };

const DETAILS = '/api/users/7?include=emailAddresses%2CphoneNumbers';
const CHANGE = '/api/users/7/contact-change';
const NEW_EMAIL = 'new-home@example.org';

/** The user read answers what `user` holds now; other calls take their queued answers in turn. */
const { calls, answers } = stubQueuedApi({
  answerFirst: (method, url) =>
    method === 'GET' && url === DETAILS
      ? {
          status: 200,
          body: {
            data: {
              id: 7,
              emailAddresses: [{ id: 1, email: user.email, primary: true }],
              phoneNumbers: [
                { id: 2, phone_number: user.phone, country_code: 'GB', primary: true, default_sms: true },
              ],
            },
          },
        }
      : undefined,
});

/** Renders the two forms, each opened from its disclosure button unless `opened` is false. */
async function renderDetails({ opened = true } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <main>
        <ContactDetails userId={7} />
      </main>
    </QueryClientProvider>,
  );
  const email = await screen.findByRole('group', { name: 'Change email address' });
  const phone = screen.getByRole('group', { name: 'Change phone number' });
  if (opened) {
    await userEvent.click(within(email).getByRole('button', { name: 'Enter a new email address' }));
    await userEvent.click(within(phone).getByRole('button', { name: 'Enter a new phone number' }));
  }
  return { email, phone };
}

const posts = () => calls.filter((call) => call.method === 'POST');
const puts = () => calls.filter((call) => call.method === 'PUT');

async function typeCode(form: HTMLElement, code: string) {
  const boxes = within(within(form).getByRole('group', { name: 'Verification code' })).getAllByRole(
    'textbox',
  );
  expect(boxes).toHaveLength(6);
  await userEvent.click(boxes[0]!);
  await userEvent.keyboard(code);
}

const sent = (sentTo: string, kind = 'email') => ({
  status: 200,
  body: { data: { kind, sent_to: sentTo, expires_at: '2030-01-01T10:10:00.000Z' } },
});

beforeEach(() => {
  user = { email: 'casey@example.org', phone: '+447911123456' };
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ContactDetails: the forms open on demand', () => {
  it('shows each address on file with a closed disclosure; the form, and the telephone widget, only once asked', async () => {
    const { email, phone } = await renderDetails({ opened: false });
    expect(phone).toHaveTextContent('Your phone number: +447911123456');
    const openPhone = within(phone).getByRole('button', { name: 'Enter a new phone number' });
    expect(openPhone).toHaveAttribute('aria-expanded', 'false');
    expect(within(phone).queryByText('New phone number')).toBeNull();
    expect(within(phone).queryByLabelText('Password')).toBeNull();
    expect(within(email).queryByLabelText('New email address')).toBeNull();

    await userEvent.click(openPhone);
    expect(openPhone).toHaveAttribute('aria-expanded', 'true');
    const form = document.getElementById(openPhone.getAttribute('aria-controls') ?? '');
    expect(form).not.toBeNull();
    expect(await within(phone).findByRole('textbox', { name: 'New phone number' })).toBeInTheDocument();
    expect(within(email).queryByLabelText('New email address')).toBeNull();

    await userEvent.click(openPhone);
    expect(openPhone).toHaveAttribute('aria-expanded', 'false');
    expect(within(phone).queryByLabelText('Password')).toBeNull();
  });
});

describe('ContactDetails: change email address', { timeout: 20_000 }, () => {
  it('shows the address and number on file, and checks the fields before calling the server', async () => {
    const { email } = await renderDetails();
    expect(email).toHaveTextContent('Your email address: casey@example.org');
    expect(screen.getByRole('group', { name: 'Change phone number' })).toHaveTextContent(
      'Your phone number: +447911123456',
    );
    await userEvent.click(within(email).getByRole('button', { name: 'Send code' }));
    expect(within(email).getByText(contactChangeMessages.emailRequired)).toBeInTheDocument();
    expect(within(email).getByText(contactChangeMessages.passwordRequired)).toBeInTheDocument();
    await userEvent.type(within(email).getByLabelText('New email address'), 'not-an-address');
    await userEvent.click(within(email).getByRole('button', { name: 'Send code' }));
    const input = within(email).getByLabelText('New email address');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
      contactChangeMessages.emailInvalid,
    );
    expect(posts()).toEqual([]);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('sends a code to the new address, takes a wrong code and then the right one', async () => {
    answers[`POST ${CHANGE}`] = [sent(NEW_EMAIL)];
    answers[`PUT ${CHANGE}`] = [
      {
        status: 422,
        body: {
          message: contactChangeMessages.invalidKey,
          errors: { code: [contactChangeMessages.invalidKey] },
        },
      },
      {
        status: 200,
        body: {
          data: {
            kind: 'email',
            value: NEW_EMAIL,
            message: `Your email address has been changed to ${NEW_EMAIL}. You have been signed out everywhere else.`,
            other_sessions_ended: 1,
          },
        },
      },
    ];
    const { email } = await renderDetails();
    await userEvent.type(within(email).getByLabelText('New email address'), NEW_EMAIL);
    await userEvent.type(within(email).getByLabelText('Password'), 'Volunteer123');
    await userEvent.click(within(email).getByRole('button', { name: 'Send code' }));
    expect(await within(email).findByRole('button', { name: 'Sent!' })).toBeInTheDocument();
    expect(posts()[0]?.body).toEqual({ kind: 'email', value: NEW_EMAIL, password: 'Volunteer123' });
    expect(within(email).getByText(/We have sent a 6-digit code to/)).toHaveTextContent(
      `We have sent a 6-digit code to ${NEW_EMAIL}. Enter it below.`,
    );
    expect(await axeViolations(document.body)).toEqual([]);

    await typeCode(email, '111111');
    await userEvent.click(within(email).getByRole('button', { name: 'Confirm' }));
    expect(await within(email).findByText(contactChangeMessages.invalidKey)).toBeInTheDocument();
    const boxes = within(within(email).getByRole('group', { name: 'Verification code' })).getAllByRole(
      'textbox',
    );
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['', '', '', '', '', '']);
    expect(await axeViolations(document.body)).toEqual([]);

    user.email = NEW_EMAIL;
    await typeCode(email, '123456');
    await userEvent.click(within(email).getByRole('button', { name: 'Confirm' }));
    expect(await within(email).findByRole('button', { name: 'Changed!' })).toBeInTheDocument();
    expect(puts().map((call) => call.body)).toEqual([
      { kind: 'email', code: '111111' },
      { kind: 'email', code: '123456' },
    ]);
    expect(
      within(email).getByText(
        `Your email address has been changed to ${NEW_EMAIL}. You have been signed out everywhere else.`,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(email).toHaveTextContent(`Your email address: ${NEW_EMAIL}`));
    // After the done state the form starts afresh.
    await waitFor(
      () => expect(within(email).queryByRole('group', { name: 'Verification code' })).toBeNull(),
      {
        timeout: 4000,
      },
    );
    expect(within(email).getByLabelText('New email address')).toHaveValue('');
    expect(within(email).getByRole('button', { name: 'Send code' })).toBeInTheDocument();
  });

  it('shows a wrong password and a taken address next to their fields', async () => {
    answers[`POST ${CHANGE}`] = [
      {
        status: 422,
        body: {
          message: accountMessages.currentPasswordWrong,
          errors: { password: [accountMessages.currentPasswordWrong] },
        },
      },
      {
        status: 422,
        body: {
          message: contactChangeMessages.emailTaken,
          errors: { value: [contactChangeMessages.emailTaken] },
        },
      },
    ];
    const { email } = await renderDetails();
    await userEvent.type(within(email).getByLabelText('New email address'), NEW_EMAIL);
    await userEvent.type(within(email).getByLabelText('Password'), 'Wrong-pass1');
    await userEvent.click(within(email).getByRole('button', { name: 'Send code' }));
    const wrong = await within(email).findByText(accountMessages.currentPasswordWrong);
    const password = within(email).getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password.getAttribute('aria-describedby')).toContain(wrong.id);
    expect(await axeViolations(document.body)).toEqual([]);

    await userEvent.click(within(email).getByRole('button', { name: 'Send code' }));
    expect(await within(email).findByText(contactChangeMessages.emailTaken)).toBeInTheDocument();
    expect(within(email).queryByRole('group', { name: 'Verification code' })).toBeNull();
  });

  it('says how long to wait after too many tries, and asks for a new code when the change expired', async () => {
    answers[`POST ${CHANGE}`] = [
      { status: 429, body: { message: 'Too many' }, headers: { 'Retry-After': '42' } },
      sent(NEW_EMAIL),
    ];
    answers[`PUT ${CHANGE}`] = [
      {
        status: 422,
        body: { message: contactChangeMessages.expired, errors: { code: [contactChangeMessages.expired] } },
      },
    ];
    const { email } = await renderDetails();
    await userEvent.type(within(email).getByLabelText('New email address'), NEW_EMAIL);
    await userEvent.type(within(email).getByLabelText('Password'), 'Volunteer123');
    await userEvent.click(within(email).getByRole('button', { name: 'Send code' }));
    expect(await within(email).findByRole('alert')).toHaveTextContent(
      'You have tried too many times, please wait for 42 seconds before trying again.',
    );
    await userEvent.click(within(email).getByRole('button', { name: 'Send code' }));
    await typeCode(email, '123456');
    await userEvent.click(within(email).getByRole('button', { name: 'Confirm' }));
    expect(await within(email).findByText(contactChangeMessages.expired)).toBeInTheDocument();
    // The send button is ready again once "Sent!" has shown: a new code can be asked for.
    expect(
      await within(email).findByRole('button', { name: 'Send a new code' }, { timeout: 4000 }),
    ).toBeInTheDocument();
  });
});

describe('ContactDetails: change phone number', { timeout: 20_000 }, () => {
  it('sends the number in E.164 with its region, then confirms it', async () => {
    answers[`POST ${CHANGE}`] = [sent('+44 7911 222333', 'phone')];
    answers[`PUT ${CHANGE}`] = [
      {
        status: 200,
        body: {
          data: {
            kind: 'phone',
            value: '+447911222333',
            message:
              'Your phone number has been changed to +44 7911 222333. You have been signed out everywhere else.',
            other_sessions_ended: 0,
          },
        },
      },
    ];
    const { phone } = await renderDetails();
    const number = await within(phone).findByRole('textbox', { name: 'New phone number' });
    await waitFor(() => expect(number).toBeEnabled());
    await userEvent.type(number, '0123');
    await userEvent.type(within(phone).getByLabelText('Password'), 'Volunteer123');
    await userEvent.click(within(phone).getByRole('button', { name: 'Send code' }));
    expect(await within(phone).findByText(contactChangeMessages.phoneInvalid)).toBeInTheDocument();
    expect(posts()).toEqual([]);

    await userEvent.clear(number);
    await userEvent.type(number, '07911 222333');
    await userEvent.click(within(phone).getByRole('button', { name: 'Send code' }));
    expect(await within(phone).findByText(/We have sent a 6-digit code to/)).toHaveTextContent(
      '+44 7911 222333',
    );
    expect(posts()[0]?.body).toEqual({
      kind: 'phone',
      value: '+447911222333',
      region: 'GB',
      password: 'Volunteer123',
    });
    expect(await axeViolations(document.body)).toEqual([]);

    user.phone = '+447911222333';
    await typeCode(phone, '654321');
    await userEvent.click(within(phone).getByRole('button', { name: 'Confirm' }));
    expect(await within(phone).findByRole('button', { name: 'Changed!' })).toBeInTheDocument();
    expect(puts()[0]?.body).toEqual({ kind: 'phone', code: '654321' });
    await waitFor(() => expect(phone).toHaveTextContent('Your phone number: +447911222333'));
  });
});
