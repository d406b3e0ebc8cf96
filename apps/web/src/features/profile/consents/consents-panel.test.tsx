import type { UserConsent } from '@muster/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../lib/api/default-client';
import { SessionProvider } from '../../../lib/session/session-context';
import { makeToken } from '../../../lib/session/test-tokens';
import { axeViolations } from '../../../lib/testing/axe';
import { changedConsents } from './consent-changes';
import { ConsentsPanel } from './consents-panel';

type Call = { url: string; method: string; body: Record<string, unknown> };
type Answer = { status: number; body: unknown };

let calls: Call[];
let answers: Record<string, Array<Answer | (() => Promise<Answer>)>>;

const tz = { alias: 'GMT', offset: '+00:00', name: 'Europe/London' };

function log(id: number, day: number, oldValue: string | null, newValue: string | null) {
  return {
    id,
    created_at: `2024-01-0${day}T10:00:00.000Z`,
    created_by: { display_name: 'Casey Person' },
    old_value: oldValue,
    new_value: newValue,
    timezone_data: tz,
  };
}

function consents(): UserConsent[] {
  return [
    {
      id: 1,
      statement: 'May we take photographs?',
      compulsory: true,
      type: 'radio',
      options: [
        { id: 11, value: 'Yes' },
        { id: 12, value: 'No' },
      ],
      answer: 11,
      logs: [log(3, 3, 'No', 'Yes'), log(2, 2, 'Yes', 'No'), log(1, 1, null, 'Yes')],
    },
    {
      id: 2,
      statement: 'How may we contact you?',
      compulsory: false,
      type: 'multiple-checkboxes',
      options: [
        { id: 21, value: 'Email' },
        { id: 22, value: 'Phone' },
      ],
      answer: [21],
      logs: [],
    },
  ];
}

const LIST = '/api/users/5/consents/';

function network(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = input instanceof Request ? input.url : input.toString();
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? init.body : '{}';
  calls.push({ url, method, body: JSON.parse(body) as Record<string, unknown> });
  const queue = answers[`${method} ${url}`];
  const next = queue && queue.length > 1 ? queue.shift() : queue?.[0];
  const reply = (answer: Answer) =>
    new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/vnd.muster.v3+json' },
    });
  if (!next) {
    return Promise.resolve(reply({ status: 404, body: { message: 'Not found' } }));
  }
  return typeof next === 'function' ? next().then(reply) : Promise.resolve(reply(next));
}

/** The server's answer to a PUT: the consent with the new answer and one more log line. */
function savedAs(consent: UserConsent, answer: UserConsent['answer'], line: ReturnType<typeof log>): Answer {
  return { status: 200, body: { data: { data: { ...consent, answer, logs: [line, ...consent.logs] } } } };
}

async function renderPanel(permissions: string[] = [], userId = 5, signedInAs = 5) {
  tokenStore.set(makeSessionTokenFor(signedInAs, permissions));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <main>
          <ConsentsPanel userId={userId} />
        </main>
      </SessionProvider>
    </QueryClientProvider>,
  );
  await screen.findByText('May we take photographs?');
  return view;
}

/** A session token for user `id` holding `permissions`. */
function makeSessionTokenFor(id: number, permissions: string[]): string {
  return makeToken({
    user: { id, display_name: 'Viewer', organisation: { id: 1, name: 'Org' }, permissions },
    environment: 'test',
    exp: Math.floor(Date.now() / 1000) + 3600,
  });
}

const puts = () => calls.filter((call) => call.method === 'PUT');

beforeEach(() => {
  calls = [];
  answers = { [`GET ${LIST}`]: [{ status: 200, body: { data: { data: consents() } } }] };
  localStorage.clear();
  vi.stubGlobal('fetch', vi.fn(network));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('changedConsents', () => {
  it('sends only changed answers, in order, as {id, compulsory, answer}', () => {
    const list = consents();
    expect(changedConsents(list, { 1: 11, 2: ['22', 21] })).toEqual([
      { id: 2, compulsory: false, answer: [21, 22] },
    ]);
    expect(changedConsents(list, { 2: [], 1: null })).toEqual([
      { id: 1, compulsory: true, answer: null },
      { id: 2, compulsory: false, answer: [] },
    ]);
  });
});

describe('ConsentsPanel', () => {
  it('shows each question with its answer and the two latest history lines, with Show more', async () => {
    await renderPanel();
    expect(screen.getByRole('heading', { name: 'Privacy and consent' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Email' })).toBeChecked();
    const history = screen.getByRole('list', { name: 'Change history' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
    expect(within(history).getByText(/Updated selection from "No" to "Yes" on/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(within(history).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Hide' })).toBeInTheDocument();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('sends the changed consents one at a time, in sequence, then shows Saved!', async () => {
    const [photos, contact] = consents() as [UserConsent, UserConsent];
    let release: () => void = () => undefined;
    answers[`PUT ${LIST}1`] = [
      () =>
        new Promise<Answer>((resolve) => {
          release = () => resolve(savedAs(photos, 12, log(4, 4, 'Yes', 'No')));
        }),
    ];
    answers[`PUT ${LIST}2`] = [savedAs(contact, [21, 22], log(5, 4, 'Email', 'Email, Phone'))];
    await renderPanel();
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Phone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save consents' }));

    expect(puts()).toEqual([
      { url: `${LIST}1`, method: 'PUT', body: { id: 1, compulsory: true, answer: 12 } },
    ]);
    expect(screen.getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByRole('button', { name: 'Saved!' })).toBeInTheDocument();
    expect(puts().map((call) => call.body)).toEqual([
      { id: 1, compulsory: true, answer: 12 },
      { id: 2, compulsory: false, answer: [21, 22] },
    ]);
    expect(screen.getByText(/Updated selection from "Email" to "Email, Phone" on/)).toBeInTheDocument();
    expect(screen.getByText(/Updated selection from "Yes" to "No" on/)).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Save consents' }, { timeout: 3000 }),
    ).not.toHaveAttribute('aria-disabled');
  });

  it('shows the failure sentence and stops at the first failed consent', async () => {
    const [photos] = consents() as [UserConsent, UserConsent];
    answers[`PUT ${LIST}1`] = [savedAs(photos, 12, log(4, 4, 'Yes', 'No'))];
    answers[`PUT ${LIST}2`] = [{ status: 500, body: { message: 'Boom' } }];
    await renderPanel();
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save consents' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while updating your information',
    );
    expect(screen.getByRole('button', { name: 'Save consents' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('puts a server field error at its question', async () => {
    answers[`PUT ${LIST}2`] = [
      {
        status: 422,
        body: {
          message: 'Please select a valid option',
          errors: { answer: ['Please select a valid option'] },
        },
      },
    ];
    await renderPanel();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Phone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save consents' }));
    expect(await screen.findByText('Please select a valid option')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Something went wrong while updating your information',
    );
  });

  it('checks a compulsory question before sending anything', async () => {
    answers[`GET ${LIST}`] = [
      {
        status: 200,
        body: {
          data: {
            data: consents().map((consent) => ({
              ...consent,
              answer: consent.id === 1 ? null : consent.answer,
            })),
          },
        },
      },
    ];
    await renderPanel();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Phone' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save consents' }));
    expect(screen.getByText('Please select an option')).toBeInTheDocument();
    expect(puts()).toEqual([]);
  });

  it('lets an administrator with changeUserDetails change someone else’s consents', async () => {
    await renderPanel(['changeUserDetails'], 5, 7);
    expect(screen.getByRole('radio', { name: 'No' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save consents' })).toBeInTheDocument();
  });

  it('is read-only for a viewer who may not change them', async () => {
    await renderPanel(['view-users'], 5, 7);
    expect(screen.getByText('You can see these answers but not change them.')).toBeInTheDocument();
    for (const input of [...screen.getAllByRole('radio'), ...screen.getAllByRole('checkbox')]) {
      expect(input).toBeDisabled();
    }
    expect(screen.queryByRole('button', { name: 'Save consents' })).not.toBeInTheDocument();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('says so when the consents may not be read', async () => {
    answers[`GET ${LIST}`] = [{ status: 403, body: { message: 'No' } }];
    tokenStore.set(makeSessionTokenFor(7, []));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <main>
            <ConsentsPanel userId={5} />
          </main>
        </SessionProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have permission to see these consents.',
    );
  });
});
