import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../../lib/api/token-store';
import { makeSessionToken } from '../../../../lib/session/test-tokens';
import { EXISTING_BOOKING_TITLE } from '../../closing-screens';
import { opportunityFixture, sectionsFixture } from '../../test-fixtures';
import { todayIn, addDaysIso } from '@muster/contract';
import type { BookingParams, StepProps } from '../step-props';
import { apiResponse, renderStep, requestUrl, stepProps } from '../test-support';
import { ResidentialStep } from './residential-step';

const section = { ...sectionsFixture[1]!, type: 'residential' as const };
const opportunity = {
  ...opportunityFixture,
  slug: 'residential-week',
  type: 'Residential-short',
  public_url: 'https://example.org/residential-week',
  team: { id: 5, name: 'Lakeside Lodge' },
  start_date: null,
  end_date: null,
};

let requests: URL[] = [];
let userBookings: unknown[] = [];

beforeEach(() => {
  requests = [];
  userBookings = [];
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = requestUrl(input);
      requests.push(url);
      const body = url.pathname.includes('residential-bookings')
        ? { data: userBookings }
        : url.pathname.includes('changeover-days')
          ? { data: { data: [] } }
          : { data: { data: {} } };
      return apiResponse(body);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The residential step, the only one of the residential opportunity; answers the form. */
function renderResidential(overrides: Partial<StepProps> = {}) {
  return renderStep(<ResidentialStep {...stepProps(section, { opportunity, stepIndex: 1, ...overrides })} />)
    .form;
}

const ADDRESS: BookingParams = { start_date: '2030-06-01', end_date: '2030-06-08', willing_to_share: true };
const cell = (row: string) =>
  within(screen.getByRole('row', { name: new RegExp(`^${row}`) })).getByRole('cell');

describe('ResidentialStep', () => {
  it('shows the booking from the address in its table, with an Edit date picker', async () => {
    const form = renderResidential({ booking: ADDRESS });
    expect(await screen.findByText('01/06/2030')).toBeInTheDocument();
    expect(cell('Location')).toHaveTextContent('Lakeside Lodge');
    expect(cell('End date')).toHaveTextContent('08/06/2030');
    expect(cell('Duration')).toHaveTextContent('7 nights');
    expect(cell('Willing to share a room')).toHaveTextContent('Yes');
    expect(form().getValues('booking')).toMatchObject({
      start_date: '2030-06-01',
      end_date: '2030-06-08',
      willing_to_share: true,
    });
    expect(screen.getByRole('button', { name: 'Edit dates' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('does not offer the date picker when an application key opened the form', () => {
    renderResidential({ booking: ADDRESS, applicationKey: 'abc' });
    expect(screen.queryByRole('button', { name: /dates/ })).not.toBeInTheDocument();
  });

  it('asks for gender identity and reveals a ten-row textarea for anything else', async () => {
    renderResidential();
    const user = userEvent.setup();
    const gender = screen.getByRole('group', { name: /^Gender identity/ });
    expect(
      within(gender)
        .getAllByRole('radio')
        .map((radio) => radio.nextElementSibling?.textContent),
    ).toEqual(['Prefer not to say', 'Man', 'Woman', 'Other']);
    expect(screen.queryByRole('textbox', { name: /Please tell us/ })).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole('group', { name: /Is there anything else we should know/ })).getByLabelText(
        'Yes',
      ),
    );
    expect(screen.getByRole('textbox', { name: /Please tell us what we should know/ })).toHaveAttribute(
      'rows',
      '10',
    );
  });

  it('adds linked applications by name with Add or Enter, and removes them', async () => {
    const form = renderResidential();
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: /Linked applications/ });
    await user.type(input, 'Sam Smith');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(input, 'Alex Jones{Enter}');
    expect(input).toHaveValue('');
    const list = screen.getByRole('list', { name: 'Linked applications' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Sam Smith', 'Alex Jones']);
    await user.click(screen.getByRole('button', { name: 'Remove Sam Smith' }));
    expect(form().getValues('booking.linked')).toEqual(['Alex Jones']);
  });

  it('shows the existing-booking screen when a signed-in applicant’s booking shares the dates', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeSessionToken([]));
    userBookings = [
      { id: 31, start_date: '2030-05-28', end_date: '2030-06-04', team: { id: 5, name: 'Lakeside Lodge' } },
    ];
    renderResidential({ booking: ADDRESS, mode: 'self' });
    expect(await screen.findByRole('heading', { name: EXISTING_BOOKING_TITLE })).toBeInTheDocument();
    const call = requests.find((url) => url.pathname === '/api/users/7/residential-bookings/');
    expect(Object.fromEntries(call?.searchParams ?? [])).toEqual({
      from: addDaysIso(todayIn('Europe/London'), -1),
      include: 'team',
    });
    expect(screen.getByText(/You are booked at Lakeside Lodge from/)).toHaveTextContent(
      'You are booked at Lakeside Lodge from 28/05/2030 to 04/06/2030.',
    );
    expect(screen.getByRole('link', { name: 'View your existing booking' })).toHaveAttribute(
      'href',
      '/portal/residential/bookings/31',
    );
    expect(screen.getByRole('link', { name: 'Choose different dates' })).toHaveAttribute(
      'href',
      'https://example.org/residential-week',
    );
    expect(screen.queryByRole('group', { name: /^Gender identity/ })).not.toBeInTheDocument();
  });

  it('lets a booking that ends on the arrival day be', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, makeSessionToken([]));
    userBookings = [
      { id: 30, start_date: '2030-05-25', end_date: '2030-06-01', team: { id: 5, name: 'Lakeside Lodge' } },
    ];
    renderResidential({ booking: ADDRESS, mode: 'self' });
    await waitFor(() =>
      expect(requests.some((url) => url.pathname.endsWith('/residential-bookings/'))).toBe(true),
    );
    expect(screen.queryByRole('heading', { name: EXISTING_BOOKING_TITLE })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: /^Gender identity/ })).toBeInTheDocument();
  });

  it('shows the same screen when the server refuses the dates for an existing booking', async () => {
    const form = renderResidential({ booking: ADDRESS });
    await screen.findByText('01/06/2030');
    act(() => form().setError('booking.start_date', { type: 'server', message: EXISTING_BOOKING_TITLE }));
    expect(await screen.findByRole('heading', { name: EXISTING_BOOKING_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose different dates' })).toBeInTheDocument();
  });

  it('shows the booking the server named when nobody is signed in to look it up (an application key)', async () => {
    const form = renderResidential({
      booking: ADDRESS,
      applicationKey: 'abc',
      refusedBooking: {
        id: 44,
        start_date: '2030-05-25',
        end_date: '2030-06-08',
        team: { id: 5, name: 'Lakeside Lodge' },
      },
    });
    await screen.findByText('01/06/2030');
    // Before the server refuses, the named booking of an earlier answer is not shown.
    expect(screen.queryByRole('heading', { name: EXISTING_BOOKING_TITLE })).not.toBeInTheDocument();
    act(() => form().setError('booking.start_date', { type: 'server', message: EXISTING_BOOKING_TITLE }));
    expect(await screen.findByRole('heading', { name: EXISTING_BOOKING_TITLE })).toBeInTheDocument();
    expect(screen.getByText(/You are booked at Lakeside Lodge from/)).toHaveTextContent(
      'You are booked at Lakeside Lodge from 25/05/2030 to 08/06/2030.',
    );
    expect(screen.getByRole('link', { name: 'View your existing booking' })).toHaveAttribute(
      'href',
      '/portal/residential/bookings/44',
    );
    expect(requests.some((url) => url.pathname.endsWith('/residential-bookings/'))).toBe(false);
  });

  it('shows the server’s other refusals of the dates above them, tied to the date picker', async () => {
    const form = renderResidential({ booking: ADDRESS });
    await screen.findByText('01/06/2030');
    act(() =>
      form().setError('booking.start_date', {
        type: 'server',
        message: 'There is no space left on the night of 03/06/2030.',
      }),
    );
    const message = await screen.findByText('There is no space left on the night of 03/06/2030.');
    const toggle = screen.getByRole('button', { name: 'Edit dates' });
    expect(toggle).toHaveAttribute('aria-describedby', message.closest('p')?.id);
    expect(toggle).toHaveAccessibleDescription('Error: There is no space left on the night of 03/06/2030.');
    expect(screen.getByRole('group', { name: /^Gender identity/ })).toBeInTheDocument();
  });
});
