import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { referenceMessages, type ReferenceForm } from '@muster/contract';
import { ReferencePage } from './reference-page';

const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

const form: ReferenceForm = {
  applicant: { first_name: 'Robin', last_name: 'Fletcher' },
  opportunity: { id: 2, display_name: 'Beach Clean at Sandy Bay' },
  organisation: { name: 'Demo Volunteers' },
  referee: { first_name: 'Pat', last_name: 'Lee' },
  questions: [
    { id: 7, question: 'How do you know the applicant?', type: 'text', compulsory: true },
    { id: 8, question: 'Would you trust them?', type: 'yes-no', compulsory: true },
    { id: 9, question: 'Anything else?', type: 'text', compulsory: false },
  ],
  expires_at: '2030-01-01T00:00:00.000Z',
};

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/reference/:token', element: <ReferencePage /> }], {
    initialEntries: [`/reference/${TOKEN}`],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ReferencePage', () => {
  it('shows whom the reference is for and asks the questions; required ones are checked before sending', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValueOnce(answer(200, { data: form }));
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Reference for Robin Fletcher' })).toBeInTheDocument();
    expect(screen.getByText(/Pat, Robin Fletcher has applied to Demo Volunteers for/)).toBeInTheDocument();
    expect(screen.getByText('Beach Clean at Sandy Bay')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toContain(`/api/reference/${TOKEN}`);
    expect(new Headers(init.headers).has('authorization')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Send reference' }));
    const text = screen.getByRole('textbox', { name: /How do you know the applicant/ });
    await waitFor(() => expect(text).toHaveAttribute('aria-invalid', 'true'));
    expect(text).toHaveAccessibleDescription(/Please provide an answer/);
    expect(screen.getByRole('group', { name: /Would you trust them/ })).toHaveAccessibleDescription(
      /Please select an option/,
    );
    expect(screen.getByRole('textbox', { name: /Anything else/ })).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends the answers by question id, then thanks the referee', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(answer(200, { data: form }))
      .mockResolvedValueOnce(answer(200, { data: { answered_at: '2026-06-01T10:00:00.000Z' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: /How do you know/ }), 'My neighbour');
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send reference' }));
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your reference for Robin Fletcher has been sent to Demo Volunteers.',
    );
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toContain(`/api/reference/${TOKEN}`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      answers: { '7': 'My neighbour', '8': 'yes', '9': '' },
    });
  });

  it('shows the server’s 422 messages at their questions', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValueOnce(answer(200, { data: form }))
        .mockResolvedValueOnce(
          answer(422, { message: 'The given data was invalid.', errors: { 'answers.7': ['Too short'] } }),
        ),
    );
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: /How do you know/ }), 'x');
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send reference' }));
    const text = screen.getByRole('textbox', { name: /How do you know/ });
    await waitFor(() => expect(text).toHaveAccessibleDescription(/Too short/));
    expect(text).toHaveFocus();
  });

  it('says so when the link was used, or is not valid', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValueOnce(answer(410, { message: referenceMessages.usedLink })),
    );
    const { unmount } = renderPage();
    expect(
      await screen.findByRole('heading', { name: 'This reference link no longer works' }),
    ).toBeInTheDocument();
    expect(screen.getByText(referenceMessages.usedLink)).toBeInTheDocument();
    unmount();

    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValueOnce(answer(404, { message: referenceMessages.unknownLink })),
    );
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'This reference link is not valid' }),
    ).toBeInTheDocument();
    expect(screen.getByText(referenceMessages.unknownLink)).toBeInTheDocument();
  });
});
