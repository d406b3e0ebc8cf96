import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserBooking } from '@muster/contract';
import { axeViolations } from '../../lib/testing/axe';
import { BookingPage } from './booking-page';
import { renderPortalRoute, signIn, stubPortalApi } from './test-support';

const { answers, requests } = stubPortalApi();

const BOOKING = '/api/users/5/residential-bookings/12';
const REASONS = '/api/organisation/residential-cancel-reasons?per_page=100';

const renderAt = (at: string) =>
  renderPortalRoute('/portal/residential/bookings/:bookingId', <BookingPage />, at);

const stay: UserBooking = {
  id: 12,
  user_id: 5,
  status: 'confirmed',
  team: { id: 7, name: 'Lakeside Lodge' },
  start_date: '2030-06-01',
  end_date: '2030-06-08',
  nights: 7,
  willing_to_share: true,
  requirements: 'I am vegetarian.',
  linked: ['Sam Stayer'],
  application_id: 9,
  created_at: '2030-05-02T10:00:00.000Z',
  cancellable: true,
  cancellation: null,
};

const cancelledStay: UserBooking = {
  ...stay,
  status: 'cancelled',
  cancellable: false,
  cancellation: {
    reason: { id: 2, name: 'Illness' },
    note: 'Broke my ankle.',
    cancelled_at: '2030-05-10T09:00:00.000Z',
    cancelled_by: { id: 5, name: 'Robin Stayer' },
  },
};

const reasons = {
  data: [
    { id: 1, name: 'My plans have changed', position: 0, active: true },
    { id: 2, name: 'Illness', position: 1, active: true },
    { id: 3, name: 'No longer offered', position: 2, active: false },
  ],
  meta: { current_page: 1, per_page: 100, total: 3 },
};

/** The value of a row of the details list, by its term. */
function detail(term: string, scope: HTMLElement = document.body) {
  const dt = within(scope)
    .getAllByText(term)
    .find((element) => element.tagName === 'DT');
  return dt?.nextElementSibling?.textContent;
}

describe('BookingPage', () => {
  it('sends a signed-out visitor to sign in and back', async () => {
    renderAt('/portal/residential/bookings/12');
    expect(
      await screen.findByText(
        `Login page ?intended=${encodeURIComponent('/portal/residential/bookings/12')}`,
      ),
    ).toBeTruthy();
  });

  it('shows the stay: team, dates, nights, sharing, requirements and status, without axe violations', async () => {
    signIn(5);
    answers[`GET ${BOOKING}`] = { status: 200, body: { data: stay } };
    answers[`GET ${REASONS}`] = { status: 200, body: reasons };
    const view = renderAt('/portal/residential/bookings/12');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your stay at Lakeside Lodge' }),
    ).toBeTruthy();
    expect(detail('Status')).toBe('Confirmed');
    expect(detail('Team')).toBe('Lakeside Lodge');
    expect(detail('Arrival')).toBe('1 June 2030');
    expect(detail('Departure')).toBe('8 June 2030');
    expect(detail('Duration')).toBe('7 nights');
    expect(detail('Willing to share a room')).toBe('Yes');
    expect(detail('Anything else we should know')).toBe('I am vegetarian.');
    expect(detail('Staying with')).toBe('Sam Stayer');
    expect(
      screen
        .getByRole('link', { name: 'See the application you booked this stay with' })
        .getAttribute('href'),
    ).toBe('/portal/applicant/dashboard/9');
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('cancels with a reason and a note, then shows the cancelled status and the reason', async () => {
    const user = userEvent.setup();
    signIn(5);
    answers[`GET ${BOOKING}`] = { status: 200, body: { data: stay } };
    answers[`GET ${REASONS}`] = { status: 200, body: reasons };
    answers[`PUT ${BOOKING}`] = { status: 200, body: { data: cancelledStay } };
    const view = renderAt('/portal/residential/bookings/12');
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));

    const reason = await screen.findByRole('combobox', { name: 'Why are you cancelling?' });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    // Retired reasons are not offered.
    expect(
      within(reason)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a reason', 'My plans have changed', 'Illness']);
    expect(await axeViolations(view.container)).toEqual([]);

    await user.selectOptions(reason, 'Illness');
    await user.type(
      screen.getByRole('textbox', { name: /Anything else you would like to tell us/ }),
      'Broke my ankle.',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'This booking is cancelled' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(requests.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      url: BOOKING,
      body: { status: 'cancelled', cancel_reason_id: 2, note: 'Broke my ankle.' },
    });
    expect(detail('Status')).toBe('Cancelled');
    expect(detail('Reason')).toBe('Illness');
    expect(detail('Your note')).toBe('Broke my ankle.');
    expect(detail('Cancelled on')).toBe('10 May 2030');
    expect(screen.queryByText('Cancelled by')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('asks for a reason next to the field before calling the API, and Keep my booking closes the form', async () => {
    const user = userEvent.setup();
    signIn(5);
    answers[`GET ${BOOKING}`] = { status: 200, body: { data: stay } };
    answers[`GET ${REASONS}`] = { status: 200, body: reasons };
    const view = renderAt('/portal/residential/bookings/12');
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm cancellation' }));
    const reason = screen.getByRole('combobox', { name: 'Why are you cancelling?' });
    expect(await screen.findByText('Please choose a reason for cancelling.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(reason.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Error: Please choose a reason for cancelling.',
    );
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
    expect(await axeViolations(view.container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Keep my booking' }));
    const toggle = screen.getByRole('button', { name: 'Cancel booking' });
    await waitFor(() => expect(document.activeElement).toBe(toggle));
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('shows the server’s refusal: at the reason, or above the buttons when about the stay', async () => {
    const user = userEvent.setup();
    signIn(5);
    answers[`GET ${BOOKING}`] = { status: 200, body: { data: stay } };
    answers[`GET ${REASONS}`] = { status: 200, body: reasons };
    answers[`PUT ${BOOKING}`] = {
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { cancel_reason_id: ['Please choose one of the reasons in the list.'] },
      },
    };
    renderAt('/portal/residential/bookings/12');
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Why are you cancelling?' }),
      'Illness',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByText('Please choose one of the reasons in the list.')).toBeTruthy();

    answers[`PUT ${BOOKING}`] = {
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { status: ['This stay has already started, so it can no longer be cancelled.'] },
      },
    };
    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This stay has already started, so it can no longer be cancelled.',
    );
  });

  it('says a stay that has started can no longer be cancelled, and offers no button', async () => {
    signIn(5);
    answers[`GET ${BOOKING}`] = { status: 200, body: { data: { ...stay, cancellable: false } } };
    renderAt('/portal/residential/bookings/12');
    expect(
      await screen.findByText('This stay has already started, so it can no longer be cancelled.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(requests.some((request) => request.url.includes('cancel-reasons'))).toBe(false);
  });

  it('shows a stay cancelled by staff with who cancelled it', async () => {
    signIn(5);
    answers[`GET ${BOOKING}`] = {
      status: 200,
      body: {
        data: {
          ...cancelledStay,
          requirements: null,
          linked: [],
          application_id: null,
          cancellation: {
            reason: null,
            note: null,
            cancelled_at: null,
            cancelled_by: { id: 1, name: 'Sam Staff' },
          },
        },
      },
    };
    renderAt('/portal/residential/bookings/12');
    const section = await screen.findByRole('region', { name: 'This booking is cancelled' });
    expect(detail('Reason', section)).toBe('Not given');
    expect(detail('Cancelled by', section)).toBe('Sam Staff');
    expect(detail('Anything else we should know')).toBe('No');
    expect(detail('Staying with')).toBe('No one named');
    expect(screen.queryByRole('link', { name: /application/ })).toBeNull();
  });

  it('shows the not-found page for a booking that is not theirs, without axe violations', async () => {
    signIn(6);
    answers['GET /api/users/6/residential-bookings/12'] = {
      status: 404,
      body: { message: 'This booking does not exist.' },
    };
    const view = renderAt('/portal/residential/bookings/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking not found' })).toBeTruthy();
    expect(screen.getByText('This booking does not exist, or it is not yours to see.')).toBeTruthy();
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('does not ask the API about an address that names no booking', async () => {
    signIn(5);
    renderAt('/portal/residential/bookings/latest');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking not found' })).toBeTruthy();
    expect(requests).toEqual([]);
  });
});
