import { BOOKING_CANCEL_MESSAGES, type UserBooking } from '@muster/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BOOKING_STATUS_LABELS } from './booking-status';
import { CancelBookingForm, cancelReasonsQuery } from './cancel-booking-form';
import { fetchUserBooking } from './portal-api';
import { formatDay, formatInstantDay } from './portal-dates';
import { PortalRecordRoute, PortalRecordState, type PortalRecordWording } from './portal-record-states';
import './booking-page.css';

const WORDING: PortalRecordWording = {
  title: 'Your stay',
  noun: 'booking',
  missingTitle: 'Booking not found',
};

const nights = (count: number) => `${count} ${count === 1 ? 'night' : 'nights'}`;

/** The stay as booked: where, when, for how long, sharing and what the volunteer told us. */
function StayDetails({ booking }: { booking: UserBooking }) {
  return (
    <dl className="booking-page__details">
      <dt>Status</dt>
      <dd>{BOOKING_STATUS_LABELS[booking.status]}</dd>
      <dt>Team</dt>
      <dd>{booking.team.name}</dd>
      <dt>Arrival</dt>
      <dd>{formatDay(booking.start_date)}</dd>
      <dt>Departure</dt>
      <dd>{formatDay(booking.end_date)}</dd>
      <dt>Duration</dt>
      <dd>{nights(booking.nights)}</dd>
      <dt>Willing to share a room</dt>
      <dd>{booking.willing_to_share ? 'Yes' : 'No'}</dd>
      <dt>Anything else we should know</dt>
      <dd>{booking.requirements ?? 'No'}</dd>
      <dt>Staying with</dt>
      <dd>{booking.linked.length > 0 ? booking.linked.join(', ') : 'No one named'}</dd>
      <dt>Booked on</dt>
      <dd>{formatInstantDay(booking.created_at)}</dd>
    </dl>
  );
}

/** Why, when and by whom the stay was cancelled; its heading takes focus right after a cancellation. */
function Cancellation({ booking, focusOnShow }: { booking: UserBooking; focusOnShow: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) {
      heading.current?.focus();
    }
  }, [focusOnShow]);
  const cancellation = booking.cancellation;
  const by = cancellation?.cancelled_by;
  return (
    <section className="booking-page__cancellation" aria-labelledby="booking-cancellation">
      <h2 id="booking-cancellation" ref={heading} tabIndex={-1}>
        This booking is cancelled
      </h2>
      <dl className="booking-page__details">
        <dt>Reason</dt>
        <dd>{cancellation?.reason?.name ?? 'Not given'}</dd>
        {cancellation?.note ? (
          <>
            <dt>Your note</dt>
            <dd>{cancellation.note}</dd>
          </>
        ) : null}
        {cancellation?.cancelled_at ? (
          <>
            <dt>Cancelled on</dt>
            <dd>{formatInstantDay(cancellation.cancelled_at)}</dd>
          </>
        ) : null}
        {by && by.id !== booking.user_id ? (
          <>
            <dt>Cancelled by</dt>
            <dd>{by.name}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function BookingDetails({ userId, bookingId }: { userId: number; bookingId: number }) {
  const queryClient = useQueryClient();
  const key = ['portal', 'booking', userId, bookingId];
  const query = useQuery({ queryKey: key, queryFn: () => fetchUserBooking(userId, bookingId) });
  const cancellable = query.data?.cancellable === true;
  // Fetched ahead, so the reasons are there when the form opens.
  useQuery({ ...cancelReasonsQuery, enabled: cancellable });
  const [open, setOpen] = useState(false);
  const [justCancelled, setJustCancelled] = useState(false);
  // Keep my booking closes the form and sends focus back to the button that opened it.
  const returnFocus = useRef(false);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      toggle.current?.focus();
    }
  }, [open]);

  if (!query.isSuccess) {
    return <PortalRecordState query={query} wording={WORDING} />;
  }
  const booking = query.data;

  const cancelled = (updated: UserBooking) => {
    queryClient.setQueryData(key, updated);
    void queryClient.invalidateQueries({ queryKey: ['portal', 'stays', userId] });
    setOpen(false);
    setJustCancelled(true);
  };

  return (
    <section className="page booking-page">
      <h1>Your stay at {booking.team.name}</h1>
      <StayDetails booking={booking} />
      {booking.application_id !== null ? (
        <p>
          <Link to={`/portal/applicant/dashboard/${booking.application_id}`}>
            See the application you booked this stay with
          </Link>
        </p>
      ) : null}
      {booking.status === 'cancelled' ? (
        <Cancellation booking={booking} focusOnShow={justCancelled} />
      ) : booking.cancellable ? (
        <section className="booking-page__cancel" aria-labelledby="booking-cancel">
          <h2 id="booking-cancel">Cancel this booking</h2>
          <p>If you can no longer come, cancel your booking so that someone else can have your place.</p>
          {open ? (
            <CancelBookingForm
              booking={booking}
              onCancelled={cancelled}
              onKeep={() => {
                returnFocus.current = true;
                setOpen(false);
              }}
            />
          ) : (
            <button
              ref={toggle}
              type="button"
              className="booking-page__cancel-button"
              onClick={() => setOpen(true)}
            >
              Cancel booking
            </button>
          )}
        </section>
      ) : (
        <p>{BOOKING_CANCEL_MESSAGES.started}</p>
      )}
      <p>
        <Link to="/portal">Back to your portal</Link>
      </p>
    </section>
  );
}

/**
 * `/portal/residential/bookings/{id}` (applicant-flow §2.11): the signed-in user's stay (team,
 * dates, nights, sharing, requirements, status), which they may cancel with a reason while it is
 * pending or confirmed and has not started; a cancelled stay shows why and when. Someone else's
 * booking, or one that does not exist, gets the same not-found page, as an application does.
 */
export function BookingPage() {
  return (
    <PortalRecordRoute param="bookingId" wording={WORDING}>
      {(userId, bookingId) => <BookingDetails userId={userId} bookingId={bookingId} />}
    </PortalRecordRoute>
  );
}
