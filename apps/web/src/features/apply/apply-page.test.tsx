import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../lib/api/token-store';
import { SessionProvider } from '../../lib/session/session-context';
import { makeSessionToken } from '../../lib/session/test-tokens';
import { ApplyPage, readBooking } from './apply-page';
import type * as LeavePageModule from './leave-page';
import { leavePage } from './leave-page';
import { draftKey, emptyValues, type ApplicationFormValues } from './form-values';
import {
  opportunityFixture,
  organisationFixture,
  savedApplicationFixture,
  sectionsFixture,
} from './test-fixtures';

vi.mock('./leave-page', async (importOriginal) => ({
  ...(await importOriginal<typeof LeavePageModule>()),
  leavePage: vi.fn(),
}));

// The steps load lazily; their first transform here can take seconds when the machine is busy,
// which is not what these tests are about (the bundle budgets and e2e cover loading).
beforeAll(async () => {
  await Promise.all([
    import('./steps/basic-details/basic-details-step'),
    import('./steps/motivation/motivation-step'),
    import('./steps/about-you/about-you-step'),
    import('./steps/review-apply/review-apply-step'),
  ]);
}, 60_000);

type Sent = { method: string; path: string; search: URLSearchParams; headers: Headers; body: unknown };
type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
type Handler = Answer | ((request: Sent) => Answer);

let sent: Sent[];
let handlers: Map<string, Handler[]>;

/** Answers `method path` with the next queued answer (the last one repeats). */
function on(method: string, path: string, ...answers: Handler[]) {
  handlers.set(`${method} ${path}`, answers);
}

function network(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
  const method = init?.method ?? 'GET';
  const raw = init?.body;
  const body =
    raw instanceof FormData ? raw : typeof raw === 'string' ? (JSON.parse(raw) as unknown) : undefined;
  const request: Sent = {
    method,
    path: url.pathname,
    search: url.searchParams,
    headers: new Headers(init?.headers),
    body,
  };
  sent.push(request);
  const queue = handlers.get(`${method} ${url.pathname.replace(/\/$/, '')}`);
  const handler = queue && (queue.length > 1 ? queue.shift() : queue[0]);
  const answer =
    typeof handler === 'function'
      ? handler(request)
      : (handler ?? { status: 404, body: { message: 'Not found' } });
  return Promise.resolve(
    new Response(answer.status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: { 'Content-Type': 'application/vnd.muster.v3+json', ...answer.headers },
    }),
  );
}

function calls(method: string, path: string): Sent[] {
  return sent.filter((request) => request.method === method && request.path.replace(/\/$/, '') === path);
}

const PROFILE = {
  id: 7,
  display_name: 'Ann Example',
  title: null,
  preferred_name: null,
  first_name: 'Ann',
  last_name: 'Example',
  dob: '1990-05-14',
  status: { id: 1, name: 'Active' },
  '2fa_enabled': false,
  '2fa_method': null,
  '2fa_enforced': false,
  '2fa_trusted': false,
  '2fa_secret': false,
  emailAddresses: [{ id: 1, email: 'ann@example.org', primary: true }],
  phoneNumbers: [],
  attributes: [],
  recruitmentApplications: [],
};

function serveForm() {
  on('GET', '/api/opportunities/quick-help', { status: 200, body: { data: opportunityFixture } });
  on('GET', '/api/opportunities/quick-help/application-form', {
    status: 200,
    body: { data: sectionsFixture },
  });
  on('GET', '/api/organisation/detailed', { status: 200, body: { data: organisationFixture } });
  on('GET', '/api/motivations/public', {
    status: 200,
    body: { data: [{ id: 4, content: 'I care about the environment' }] },
  });
  on('POST', '/api/opportunities/log-apply-action', { status: 204 });
  on('GET', '/api/users/7', { status: 200, body: { data: PROFILE } });
}

function renderPage(path = '/apply/quick-help') {
  const router = createMemoryRouter(
    [
      { path: '/apply/:opportunityId', element: <ApplyPage /> },
      { path: '/portal', element: <p>Portal</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

function signIn(permissions: string[] = []) {
  localStorage.setItem(TOKEN_STORAGE_KEY, makeSessionToken(permissions));
}

function storeDraft(values: Partial<ApplicationFormValues>) {
  sessionStorage.setItem(
    draftKey('quick-help'),
    JSON.stringify({ values: { ...emptyValues(), ...values }, idempotencyKey: 'idem-1' }),
  );
}

/** Answers that complete every step for a signed-in applicant. */
const COMPLETE_ANSWERS: Partial<ApplicationFormValues> = {
  why: 'To help out',
  right_to_volunteer: 'yes',
  attributes: { occupation: 'Teacher' },
  questions: { 'availability-notes': 'Weekends' },
  consents: { '50': 501 },
  terms: [true],
};

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name });
const CHECK_WAIT = { timeout: 3000 };

beforeEach(() => {
  sent = [];
  handlers = new Map();
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal('fetch', vi.fn(network));
  serveForm();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('readBooking', () => {
  it("reads the residential dates, 'true' or '1' meaning willing to share", () => {
    expect(readBooking(new URLSearchParams(''))).toBeNull();
    expect(
      readBooking(new URLSearchParams('start_date=2026-06-06&end_date=2026-06-13&willing_to_share=1')),
    ).toEqual({
      start_date: '2026-06-06',
      end_date: '2026-06-13',
      willing_to_share: true,
    });
    expect(readBooking(new URLSearchParams('willing_to_share=true'))?.willing_to_share).toBe(true);
    expect(readBooking(new URLSearchParams('willing_to_share=yes'))?.willing_to_share).toBe(false);
  });
});

describe('ApplyPage: the steps', () => {
  it('shows one tab per step, the numbered heading, the required note and the step status', async () => {
    renderPage();
    expect(await heading('1. Your details')).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Application steps' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      '1Your details',
      '2Your motivation',
      '3About you',
      '4Review and apply',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('(*) Marked fields are required')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 4.')).toHaveClass('visually-hidden');
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(document.title).toBe('1. Your details – Apply for Quick Help at the Community Hub');
  });

  it('logs ref=apply once with the slug and takes it out of the address', async () => {
    const router = renderPage('/apply/quick-help?ref=apply&start_date=2026-01-01');
    await heading('1. Your details');
    await waitFor(() => expect(router.state.location.search).toBe('?start_date=2026-01-01'));
    expect(calls('POST', '/api/opportunities/log-apply-action').map((call) => call.body)).toEqual([
      { slug: 'quick-help' },
    ]);
  });
});

describe('ApplyPage: basic details of a new applicant', () => {
  it('checks the email once it is well formed and the typing has paused, then asks for the details', async () => {
    on('POST', '/api/application/check-email', { status: 200, body: { data: { exists: false } } });
    renderPage();
    await heading('1. Your details');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Email address/), 'robin@example');
    await new Promise((resolve) => setTimeout(resolve, 900));
    // Not a valid address yet: nothing is checked.
    expect(calls('POST', '/api/application/check-email')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/^Email address/), '.org');
    expect(await screen.findByLabelText(/^Confirm email address/, {}, CHECK_WAIT)).toBeInTheDocument();
    expect(calls('POST', '/api/application/check-email').map((call) => call.body)).toEqual([
      { email: 'robin@example.org' },
    ]);
    expect(screen.getByLabelText(/^First name/)).toBeInTheDocument();
    expect(screen.getByText('For example, 27/11/1989')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('says at the field that an email address is not well formed once it is left, until it is', async () => {
    on('POST', '/api/application/check-email', { status: 200, body: { data: { exists: false } } });
    renderPage();
    await heading('1. Your details');
    const email = screen.getByLabelText(/^Email address/);
    await userEvent.click(email);
    await userEvent.tab();
    // Left empty: nothing is said before Next.
    expect(email).not.toHaveAccessibleDescription(/required|valid/i);
    await userEvent.type(email, 'not-an-email');
    await userEvent.tab();
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Please enter a valid email address/));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    // The field says it; the summary is for Next.
    expect(screen.queryByRole('heading', { name: 'There is a problem' })).not.toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'robin@example.org');
    await waitFor(() => expect(email).not.toHaveAccessibleDescription(/Please enter a valid email address/));
    expect(await screen.findByLabelText(/^Confirm email address/, {}, CHECK_WAIT)).toBeInTheDocument();
  });

  it('checks the fields in the browser first and shows every message at its field and in a focused summary', async () => {
    on('POST', '/api/application/check-email', { status: 200, body: { data: { exists: false } } });
    renderPage();
    await heading('1. Your details');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'robin@example.org');
    await screen.findByLabelText(/^Confirm email address/, {}, CHECK_WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    const summary = await screen.findByRole('heading', { name: 'There is a problem' });
    await waitFor(() => expect(summary.parentElement).toHaveFocus());
    const links = within(summary.parentElement!)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Confirm email is required',
      'First name is required',
      'Last name is required',
      'Date of birth is required',
    ]);
    expect(screen.getByLabelText(/^First name/)).toHaveAttribute('aria-invalid', 'true');
    expect(document.title).toMatch(/^Error: 1\. Your details/);
    expect(
      screen.getByText(/Step 1 of 4\. This step has validation errors: 1\. Your details\./),
    ).toBeInTheDocument();
    // Nothing went to the server: the browser found the problems.
    expect(calls('POST', '/api/opportunities/quick-help/apply')).toHaveLength(0);

    // A link moves to its field; changing the field takes its message away.
    await userEvent.click(
      within(summary.parentElement!).getByRole('link', { name: 'First name is required' }),
    );
    expect(screen.getByLabelText(/^First name/)).toHaveFocus();
    await userEvent.type(screen.getByLabelText(/^First name/), 'R');
    expect(screen.getByLabelText(/^First name/)).not.toHaveAttribute('aria-invalid');
  });

  it('runs the validate-only dry run with the fields so far and stays on the step when the server objects', async () => {
    on('POST', '/api/application/check-email', { status: 200, body: { data: { exists: false } } });
    on(
      'POST',
      '/api/opportunities/quick-help/apply',
      {
        status: 409,
        body: {
          message: 'An account already exists for this email address. Please sign in to continue.',
          errors: {
            email: ['An account already exists for this email address. Please sign in to continue.'],
          },
        },
      },
      { status: 200, body: { data: { valid: true } } },
    );
    const router = renderPage();
    await heading('1. Your details');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'robin@example.org');
    await userEvent.type(
      await screen.findByLabelText(/^Confirm email address/, {}, CHECK_WAIT),
      'robin@example.org',
    );
    await userEvent.type(screen.getByLabelText(/^First name/), 'Robin');
    await userEvent.type(screen.getByLabelText(/^Last name/), 'New');
    await userEvent.type(screen.getByLabelText('Day'), '27');
    await userEvent.type(screen.getByLabelText('Month'), '11');
    await userEvent.type(screen.getByLabelText('Year'), '1989');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('link', { name: /An account already exists/ })).toBeInTheDocument();
    const [dryRun] = calls('POST', '/api/opportunities/quick-help/apply');
    const form = dryRun!.body as FormData;
    expect(form.get('validateOnly')).toBe('1');
    expect(form.get('email')).toBe('robin@example.org');
    expect(form.get('dob')).toBe('1989-11-27');
    // Only the fields so far: nothing of the later steps.
    expect(form.has('why')).toBe(false);
    expect(form.has('terms[0]')).toBe(false);
    expect(dryRun!.headers.has('Idempotency-Key')).toBe(false);
    expect(router.state.location.search).toBe('');

    // Answered differently, the next check lets the applicant on, with the step in the address.
    await userEvent.type(screen.getByLabelText(/^First name/), 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const motivationHeading = await heading('2. Your motivation');
    await waitFor(() => expect(motivationHeading).toHaveFocus());
    expect(router.state.location.search).toBe('?step=2');
    expect(screen.getByLabelText(/^Why would you like to apply/)).toHaveAttribute('rows', '10');
    expect(screen.getByText('Refugees and asylum seekers are allowed to volunteer.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    const detailsHeading = await heading('1. Your details');
    await waitFor(() => expect(detailsHeading).toHaveFocus());
  });

  it('asks for a parent or guardian under the minor age and warns under the minimum age', async () => {
    on('POST', '/api/application/check-email', { status: 200, body: { data: { exists: false } } });
    renderPage();
    await heading('1. Your details');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'young@example.org');
    await screen.findByLabelText(/^Confirm email address/, {}, CHECK_WAIT);
    await userEvent.type(screen.getByLabelText('Day'), '01');
    await userEvent.type(screen.getByLabelText('Month'), '01');
    await userEvent.type(screen.getByLabelText('Year'), String(new Date().getFullYear() - 14));
    expect(screen.getByRole('group', { name: 'Parent or guardian' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Parent or guardian's email address/)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Sorry, you have to be at least 16 for this opportunity. Are you sure you want to apply?',
      ),
    ).toBeInTheDocument();
  });

  it('shows the wait of a rate-limited check and checks again afterwards', async () => {
    on(
      'POST',
      '/api/application/check-email',
      { status: 429, body: { message: 'Too many' }, headers: { 'Retry-After': '1' } },
      { status: 200, body: { data: { exists: false } } },
    );
    renderPage();
    await heading('1. Your details');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'busy@example.org');
    expect(
      await screen.findByText(
        'You have tried too many times, please wait for 1 seconds before trying again.',
        {},
        CHECK_WAIT,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Confirm email address/, {}, CHECK_WAIT)).toBeInTheDocument();
    expect(calls('POST', '/api/application/check-email')).toHaveLength(2);
  });

  it('keeps the answers for a reload of the tab, but never the passwords', async () => {
    storeDraft({ email: 'kept@example.org', why: 'Kept' });
    on('POST', '/api/application/check-email', { status: 200, body: { data: { exists: false } } });
    renderPage();
    expect(await screen.findByLabelText(/^Email address/)).toHaveValue('kept@example.org');
    await userEvent.type(await screen.findByLabelText(/^First name/, {}, CHECK_WAIT), 'Kim');
    const stored = sessionStorage.getItem(draftKey('quick-help'))!;
    expect(JSON.parse(stored)).toMatchObject({ values: { first_name: 'Kim', why: 'Kept' } });
    expect(stored).not.toContain('new_password');
  });
});

describe('ApplyPage: an existing account', () => {
  it('offers the password reset, signs in with the second factor and locks the prefilled details', async () => {
    on('POST', '/api/application/check-email', {
      status: 409,
      body: { message: 'Sign in', data: { exists: true, has_password: true, redirect: null } },
    });
    on('POST', '/password/email', {
      status: 200,
      body: { message: 'If that email address has an account, we have sent it a link.' },
    });
    on('POST', '/api/auth/api', {
      status: 200,
      body: { token: 'interim', two_factor: true, method: 'email' },
    });
    on(
      'POST',
      '/api/auth/api/token',
      { status: 401, body: { message: 'Invalid code, please try again' } },
      { status: 200, body: { token: makeSessionToken([]), two_factor: false } },
    );
    renderPage();
    await heading('1. Your details');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'ann@example.org');
    const password = await screen.findByLabelText(/^Password/, {}, CHECK_WAIT);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'request a password reset' }));
    expect(
      await screen.findByText('If that email address has an account, we have sent it a link.'),
    ).toBeInTheDocument();
    expect(calls('POST', '/password/email')[0]!.body).toEqual({
      email: 'ann@example.org',
      intended: '/apply/quick-help',
    });

    await userEvent.type(password, 'Volunteer123{Enter}');
    const codeHeading = await screen.findByRole('heading', { name: 'Enter your code' });
    await waitFor(() => expect(codeHeading).toHaveFocus());
    expect(calls('POST', '/api/auth/api')[0]!.body).toMatchObject({
      email: 'ann@example.org',
      password: 'Volunteer123',
      minimal: true,
    });

    const boxes = within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');
    await userEvent.click(boxes[0]!);
    await userEvent.paste('000000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Invalid code, please try again')).toBeInTheDocument();

    await userEvent.click(boxes[0]!);
    await userEvent.paste('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Not Ann Example?' })).toBeInTheDocument();
    expect(calls('POST', '/api/auth/api/token')[1]!.body).toMatchObject({ token: 'interim', key: '123456' });
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveValue('Ann'));
    expect(screen.getByLabelText(/^First name/)).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/portal/user/me');
    const profileCall = calls('GET', '/api/users/7')[0]!;
    expect(profileCall.search.get('include')).toContain('recruitmentApplications');
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
    // Codes and passwords are never kept.
    expect(sessionStorage.getItem(draftKey('quick-help')) ?? '').not.toContain('Volunteer123');
  });

  it('signs in with a recovery code when the device is lost (issue 9), and says when it does not work', async () => {
    on('POST', '/api/application/check-email', {
      status: 409,
      body: { message: 'Sign in', data: { exists: true, has_password: true, redirect: null } },
    });
    on('POST', '/api/auth/api', {
      status: 200,
      body: { token: 'interim', two_factor: true, method: 'email' },
    });
    on(
      'POST',
      '/api/auth/api/token',
      { status: 401, body: { message: 'Invalid code, please try again' } },
      { status: 200, body: { token: makeSessionToken([]), two_factor: false } },
    );
    renderPage();
    await heading('1. Your details');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'ann@example.org');
    await userEvent.type(await screen.findByLabelText(/^Password/, {}, CHECK_WAIT), 'Volunteer123{Enter}');
    await screen.findByRole('heading', { name: 'Enter your code' });

    await userEvent.click(screen.getByRole('button', { name: 'Lost your device? Use a recovery code' }));
    const recoveryHeading = await screen.findByRole('heading', { level: 3, name: 'Use a recovery code' });
    await waitFor(() => expect(recoveryHeading).toHaveFocus());
    // The application form offers no "trust this computer" here, as at its code screen.
    expect(screen.queryByRole('checkbox', { name: 'Trust this computer' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a code instead' }));
    await screen.findByRole('heading', { name: 'Enter your code' });
    await userEvent.click(screen.getByRole('button', { name: 'Lost your device? Use a recovery code' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter one of your recovery codes')).toBeInTheDocument();
    const field = screen.getByLabelText('Recovery code');
    // Enter finishes the sign-in, not the application form around it.
    await userEvent.type(field, 'abcde-fghjk{Enter}');
    expect(await screen.findByText('Invalid code, please try again')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, ' mnpqr-stuvw ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Not Ann Example?' })).toBeInTheDocument();
    expect(calls('POST', '/api/auth/api/token').map((call) => call.body)).toEqual([
      { token: 'interim', recovery_code: 'abcde-fghjk', trust: false },
      { token: 'interim', recovery_code: 'mnpqr-stuvw', trust: false },
    ]);
    expect(calls('POST', '/api/opportunities/quick-help/apply')).toHaveLength(0);
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveValue('Ann'));
    expect(sessionStorage.getItem(draftKey('quick-help')) ?? '').not.toContain('mnpqr');
  }, 15_000);

  it('says when the password is wrong, and shows only a message for a magic link', async () => {
    on('POST', '/api/application/check-email', {
      status: 409,
      body: { message: 'Sign in', data: { exists: true, has_password: true, redirect: null } },
    });
    on(
      'POST',
      '/api/auth/api',
      { status: 401, body: { message: 'Username or password do not match our records.' } },
      { status: 200, body: { token: 'interim', two_factor: true, method: 'magic_link' } },
    );
    renderPage();
    await heading('1. Your details');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'ann@example.org');
    const password = await screen.findByLabelText(/^Password/, {}, CHECK_WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await userEvent.type(password, 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username or password do not match our records.')).toBeInTheDocument();
    expect(password).toHaveFocus();
    await userEvent.type(password, 'Volunteer123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Verification code' })).not.toBeInTheDocument();
    expect(calls('POST', '/api/auth/api')[1]!.body).toMatchObject({ intended: '/apply/quick-help' });
  });

  it('says an account without a password must be reset first', async () => {
    on('POST', '/api/application/check-email', {
      status: 410,
      body: {
        message:
          'An account already exists for this email address, but it has no password yet. Please request a password reset to continue.',
        data: { exists: true, has_password: false, redirect: null },
      },
    });
    renderPage();
    await heading('1. Your details');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'nopass@example.org');
    expect(await screen.findByText(/but it has no password yet/, {}, CHECK_WAIT)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'request a password reset' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('shows the previously-applied screen for an applicant with an active application', async () => {
    on('GET', '/api/users/7', {
      status: 200,
      body: {
        data: {
          ...PROFILE,
          recruitmentApplications: [
            {
              id: 55,
              active: true,
              status: 'submitted',
              created_at: '2026-01-01',
              opportunity: { id: 11, slug: 'quick-help', display_name: 'Quick Help', type: 'One-off' },
            },
          ],
        },
      },
    });
    signIn();
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'You have previously applied for this opportunity' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your application' })).toHaveAttribute(
      'href',
      '/portal/applicant/dashboard/55',
    );
  });
});

describe('ApplyPage: single sign-on', () => {
  it('sends an existing account to the provider with the way back', async () => {
    on('GET', '/api/organisation/detailed', {
      status: 200,
      body: { data: { ...organisationFixture, sso_provider: { name: 'Acme ID' } } },
    });
    on('POST', '/api/application/check-email', {
      status: 409,
      body: {
        message: 'Sign in with single sign-on',
        data: { exists: true, has_password: true, redirect: '/auth/sso/redirect' },
      },
    });
    renderPage('/apply/quick-help?step=1');
    await heading('1. Your details');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'sso@example.org');
    await waitFor(() => expect(leavePage).toHaveBeenCalled(), CHECK_WAIT);
    expect(vi.mocked(leavePage).mock.calls[0]![0]).toBe(
      '/auth/sso/redirect?intended=%2Fapply%2Fquick-help%3Fstep%3D1&redirect=%2Fapply%2Fquick-help%3Fstep%3D1',
    );
  });

  it('lets a signed-in single-sign-on applicant apply without setting a password, the email locked', async () => {
    on('GET', '/api/organisation/detailed', {
      status: 200,
      body: { data: { ...organisationFixture, sso_provider: { name: 'Acme ID' } } },
    });
    signIn();
    storeDraft(COMPLETE_ANSWERS);
    renderPage();
    await heading('1. Your details');
    await waitFor(() => expect(screen.getByLabelText(/^Email address/)).toHaveValue('ann@example.org'));
    expect(screen.getByLabelText(/^Email address/)).toHaveAttribute('readonly');
    on('POST', '/api/opportunities/quick-help/apply', { status: 200, body: { data: { valid: true } } });
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Application steps' })).getByRole('link', {
        name: /Review and apply/,
      }),
    );
    expect(await heading('4. Review and apply')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Set your password' })).not.toBeInTheDocument();
  });
});

describe('ApplyPage: supervisor mode', () => {
  it('asks whether the person has an email address and leaves it out when they have none', async () => {
    signIn(['apply-on-behalf']);
    renderPage();
    await heading('1. Your details');
    expect(screen.getByText('You are applying on behalf of someone else.')).toBeInTheDocument();
    const question = screen.getByRole('group', { name: /Do they have an email address\?/ });
    await userEvent.click(within(question).getByLabelText('No'));
    expect(screen.queryByLabelText(/^Email address/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^First name/)).not.toHaveAttribute('readonly');
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '01' } });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '02' } });
    fireEvent.change(screen.getByLabelText('Year'), {
      target: { value: String(new Date().getFullYear() - 12) },
    });
    expect(await screen.findByRole('group', { name: 'Parent or guardian' })).toBeInTheDocument();
    await userEvent.click(within(question).getByLabelText('Yes'));
    expect(screen.getByLabelText(/^Email address/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Confirm email address/)).toBeInTheDocument();
  });
});

describe('ApplyPage: submitting', () => {
  async function openReview() {
    signIn();
    storeDraft(COMPLETE_ANSWERS);
    renderPage('/apply/quick-help?step=4');
    expect(await heading('4. Review and apply')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('I agree')).toBeChecked());
  }

  it('submits everything with an Idempotency-Key and thanks the applicant in a dialog', async () => {
    on('POST', '/api/opportunities/quick-help/apply', {
      status: 201,
      body: { data: { token: 'login-token', application_id: 81 } },
    });
    await openReview();
    expect(
      screen.getByText('You are about to apply for Quick Help at the Community Hub'),
    ).toBeInTheDocument();
    expect(screen.getByText('Helpers follow the volunteer code of conduct.')).toBeInTheDocument();
    // A signed-in applicant sets no password.
    expect(screen.queryByRole('group', { name: 'Set your password' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Complete application' }));

    const dialog = await screen.findByRole('dialog', { name: 'Thank you for your application' });
    expect(dialog).toHaveTextContent(
      'We will send you an email with the details of your application and how to log in.',
    );
    const finish = within(dialog).getByRole('link', { name: 'Finish' });
    expect(finish).toHaveAttribute('href', '/api/login/token/login-token?redirect=%2Fportal');
    await waitFor(() => expect(finish).toHaveFocus());

    const [submit] = calls('POST', '/api/opportunities/quick-help/apply');
    expect(submit!.headers.get('Idempotency-Key')).toBe('idem-1');
    const form = submit!.body as FormData;
    expect(form.has('validateOnly')).toBe(false);
    expect(form.get('questions[availability-notes]')).toBe('Weekends');
    expect(form.get('consents[0]')).toBe('501');
    expect(form.get('terms[0]')).toBe('1');
    expect(sessionStorage.getItem(draftKey('quick-help'))).toBeNull();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Application sent' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Finish' })).toHaveAttribute(
      'href',
      '/api/login/token/login-token?redirect=%2Fportal',
    );
  });

  it('uses the plain portal link when no token came back, and says another type’s text', async () => {
    on('GET', '/api/opportunities/quick-help', {
      status: 200,
      body: { data: { ...opportunityFixture, type: 'Regular' } },
    });
    on('POST', '/api/opportunities/quick-help/apply', {
      status: 201,
      body: { data: { token: null, application_id: 81 } },
    });
    await openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Complete application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thank you for your application' });
    expect(dialog).toHaveTextContent('Your application is on its way and we will send you an email shortly.');
    expect(within(dialog).getByRole('link', { name: 'Finish' })).toHaveAttribute('href', '/portal');
  });

  it('puts each message of a 422 at its field and lists them all, linking across steps', async () => {
    on('POST', '/api/opportunities/quick-help/apply', {
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: {
          why: ['Say more, please', 'A second message is not shown'],
          'questions.availability-notes': ['Which days?'],
          'terms.0': ['Please verify that you agree to the above statement'],
        },
      },
    });
    await openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Complete application' }));
    const summary = (await screen.findByRole('heading', { name: 'There is a problem' })).parentElement!;
    await waitFor(() => expect(summary).toHaveFocus());
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Please verify that you agree to the above statement', 'Say more, please', 'Which days?']);
    expect(screen.getByText('Looks like you missed something')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Application steps' });
    expect(within(tabs).getByRole('link', { name: /Your motivation\s*\(incomplete\)/ })).toBeInTheDocument();

    await userEvent.click(within(summary).getByRole('link', { name: 'Say more, please' }));
    expect(await heading('2. Your motivation')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Why would you like to apply/)).toHaveFocus());
    expect(document.getElementById('apply-why-error')).toHaveTextContent('Say more, please');
    expect(screen.getByLabelText(/^Why would you like to apply/)).toHaveAccessibleDescription(
      /Say more, please/,
    );
    expect(screen.queryByText('A second message is not shown')).not.toBeInTheDocument();
  });

  it('shows the previously-applied screen for a 409', async () => {
    on('POST', '/api/opportunities/quick-help/apply', {
      status: 409,
      body: { message: 'You have previously applied for this opportunity', application_id: 12 },
    });
    await openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Complete application' }));
    const previously = await screen.findByRole('heading', {
      name: 'You have previously applied for this opportunity',
    });
    await waitFor(() => expect(previously).toHaveFocus());
    expect(screen.getByRole('link', { name: 'View your application' })).toHaveAttribute(
      'href',
      '/portal/applicant/dashboard/12',
    );
  });

  it('says something went wrong for any other failure', async () => {
    on('POST', '/api/opportunities/quick-help/apply', { status: 500, body: { message: 'Boom' } });
    await openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Complete application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while completing your application, please try again',
    );
    expect(document.title).toMatch(/^Error: /);
  });

  it('retries under the same Idempotency-Key, and under a new one when the key went with other answers', async () => {
    on(
      'POST',
      '/api/opportunities/quick-help/apply',
      { status: 503, body: { message: 'Down' } },
      {
        status: 409,
        body: {
          message:
            'This Idempotency-Key was already used for a different application. Use a new key for a new submission.',
        },
      },
      { status: 201, body: { data: { token: null, application_id: 5 } } },
    );
    await openReview();
    await userEvent.click(screen.getByRole('button', { name: 'Complete application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Complete application' }));
    expect(await screen.findByRole('dialog', { name: 'Thank you for your application' })).toBeInTheDocument();
    const keys = calls('POST', '/api/opportunities/quick-help/apply').map((call) =>
      call.headers.get('Idempotency-Key'),
    );
    expect(keys[0]).toBe('idem-1');
    expect(keys[1]).toBe('idem-1');
    expect(keys[2]).toMatch(/^[\w-]{8,}$/);
    expect(keys[2]).not.toBe('idem-1');
  });

  it('refuses a second submit while one is running and shows Please wait...', async () => {
    let release: (answer: Response) => void = () => undefined;
    await openReview();
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        (input instanceof Request ? input.url : input.toString()).includes('/apply') &&
        init?.method === 'POST'
          ? new Promise<Response>((resolve) => {
              release = resolve;
            })
          : network(input, init),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Complete application' }));
    expect(await screen.findByRole('button', { name: 'Please wait...' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    // Enter in a field submits the form again.
    screen.getByLabelText('I agree').closest('form')!.requestSubmit();
    expect(await screen.findByText('Already submitting application')).toBeInTheDocument();
    // No step change meanwhile.
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Application steps' })).getByRole('link', {
        name: /Your details/,
      }),
    );
    expect(screen.getByRole('heading', { level: 2, name: '4. Review and apply' })).toBeInTheDocument();
    await act(async () => {
      release(
        new Response(JSON.stringify({ data: { token: null, application_id: 3 } }), {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
      await Promise.resolve();
    });
    expect(await screen.findByRole('dialog', { name: 'Thank you for your application' })).toBeInTheDocument();
  });
});

describe('ApplyPage: application key', () => {
  it('opens the saved application when the address matches, locks the details and sends the key', async () => {
    on('GET', '/api/opportunities/quick-help/apply', {
      status: 200,
      body: {
        data: savedApplicationFixture({
          application_id: 9,
          application_key: 'abc',
          dob: '1995-03-04',
          right_to_volunteer: 'yes',
        }),
      },
    });
    on('POST', '/api/opportunities/quick-help/apply', { status: 200, body: { data: { valid: true } } });
    const router = renderPage('/apply/quick-help?key=abc');
    await heading('1. Your details');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'kim@example.org');
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveValue('Kim'), CHECK_WAIT);
    expect(screen.getByLabelText(/^First name/)).toHaveAttribute('readonly');
    expect(calls('POST', '/api/application/check-email')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await heading('2. Your motivation')).toBeInTheDocument();
    // With a key the form does not ask why.
    expect(screen.queryByLabelText(/^Why would you like to apply/)).not.toBeInTheDocument();
    const form = calls('POST', '/api/opportunities/quick-help/apply')[0]!.body as FormData;
    expect(form.get('application_key')).toBe('abc');
    expect(form.get('email')).toBe('kim@example.org');
    expect(router.state.location.search).toBe('?key=abc&step=2');
  });

  it('checks the address against the key and says when it does not match', async () => {
    on('GET', '/api/opportunities/quick-help/apply', {
      status: 403,
      body: { message: 'Email address does not match our records.' },
    });
    renderPage('/apply/quick-help?key=abc');
    await heading('1. Your details');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'other@example.org');
    expect(
      await screen.findByText('Email address does not match our records.', {}, CHECK_WAIT),
    ).toBeInTheDocument();
    const [lookUp] = calls('GET', '/api/opportunities/quick-help/apply');
    expect(lookUp!.headers.get('X-EMAIL-ADDRESS')).toBe('other@example.org');
    expect(lookUp!.search.get('key')).toBe('abc');
    expect(lookUp!.search.get('t')).toMatch(/^\d+$/);
    expect(calls('POST', '/api/application/check-email')).toHaveLength(0);
  });

  it('says the application has been completed when the key answers 404', async () => {
    on('GET', '/api/opportunities/quick-help/apply', {
      status: 404,
      body: { message: 'Your application has already been completed' },
    });
    renderPage('/apply/quick-help?key=abc');
    await heading('1. Your details');
    await userEvent.type(screen.getByLabelText(/^Email address/), 'kim@example.org');
    expect(
      await screen.findByRole('heading', { name: 'Your application has already been completed' }, CHECK_WAIT),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your portal' })).toHaveAttribute('href', '/portal');
  });

  it('asks another signed-in user to log out', async () => {
    on('GET', '/api/opportunities/quick-help/apply', {
      status: 403,
      body: { message: 'Email address does not match our records.' },
    });
    signIn();
    renderPage('/apply/quick-help?key=abc');
    expect(
      await screen.findByRole('heading', { name: 'This application belongs to someone else' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});
