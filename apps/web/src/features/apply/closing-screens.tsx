import { displayDate, type Opportunity, type ResidentialBookingSummary } from '@muster/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { loginTokenHref } from '../../lib/api/calls/auth';
import { ModalDialog } from './modal-dialog';

/** The opportunity type whose applications are bookings, handled by the booking screens instead. */
export const RESIDENTIAL_SHORT = 'Residential-short';
export const ONE_OFF = 'One-off';

/** The Finish link of applicant-flow §2.11: a token login into the portal when a token came back. */
export function finishHref(token: string | null): string {
  return token ? loginTokenHref(token, '/portal') : '/portal';
}

/** The thank-you text of applicant-flow §2.11, by opportunity type. */
export function thankYouText(opportunity: Pick<Opportunity, 'type' | 'display_name'>): string {
  return opportunity.type === ONE_OFF
    ? `Thank you for applying for ${opportunity.display_name}. We will send you an email with the details of your application and how to log in.`
    : `Thank you for applying for ${opportunity.display_name}. Your application is on its way and we will send you an email shortly.`;
}

/** A screen that replaces the form; its heading takes focus so the change is announced. */
function Screen({ title, children, tone = 'info' }: { title: string; children: ReactNode; tone?: 'info' | 'success' }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className={`apply-screen apply-screen--${tone}`}>
      <h2 ref={heading} tabIndex={-1} className="apply-screen__title">
        {title}
      </h2>
      {children}
    </div>
  );
}

/** The applicant has an application for this opportunity already (applicant-flow §2.11, §6). */
export function PreviouslyAppliedScreen({ applicationId, opportunityType }: { applicationId: number | null; opportunityType: string }) {
  return (
    <Screen title="You have previously applied for this opportunity">
      {applicationId !== null && opportunityType !== RESIDENTIAL_SHORT ? (
        <p>
          <a href={`/portal/applicant/dashboard/${applicationId}`}>View your application</a>
        </p>
      ) : null}
    </Screen>
  );
}

/** The application key opens an application that is complete (applicant-flow §2.11). */
export function AlreadyCompletedScreen() {
  return (
    <Screen title="Your application has already been completed">
      <p>
        <a href="/portal">Go to your portal</a>
      </p>
    </Screen>
  );
}

/** After the thank-you modal is closed: what was done and the same way on. */
export function SubmittedScreen({ opportunity, token }: { opportunity: Pick<Opportunity, 'type' | 'display_name'>; token: string | null }) {
  return (
    <Screen title="Application sent" tone="success">
      <p>{thankYouText(opportunity)}</p>
      <p>
        <a className="apply-button apply-button--primary" href={finishHref(token)}>
          Finish
        </a>
      </p>
    </Screen>
  );
}

/** The thank-you modal after a successful submit (applicant-flow §2.11). */
export function ThankYouDialog({
  opportunity,
  token,
  onClose,
}: {
  opportunity: Pick<Opportunity, 'type' | 'display_name'>;
  token: string | null;
  onClose: () => void;
}) {
  return (
    <ModalDialog title="Thank you for your application" onClose={onClose} initialFocus=".apply-modal__finish">
      <p>{thankYouText(opportunity)}</p>
      <div className="apply-modal__actions">
        <a className="apply-button apply-button--primary apply-modal__finish" href={finishHref(token)}>
          Finish
        </a>
        <button type="button" className="apply-button apply-button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}

/** The sentence of the existing-booking screen, also the server's message at `booking.start_date` (applicant-flow §2.11). */
export const EXISTING_BOOKING_TITLE = 'You have an existing booking for the selected dates';

/**
 * The applicant already has a booking that shares nights with the dates chosen (applicant-flow
 * §2.11, §5): its dates and team, a link to it in the portal, and a way to choose other dates on
 * the opportunity's public page (this form without dates when it has none).
 */
export function ExistingBookingScreen({
  booking,
  opportunity,
}: {
  /** The booking in the way; null when only the server's message is known. */
  booking: ResidentialBookingSummary | null;
  opportunity: Pick<Opportunity, 'public_url' | 'slug'>;
}) {
  return (
    <Screen title={EXISTING_BOOKING_TITLE}>
      {booking ? (
        <p>
          You are booked {booking.team ? <>at {booking.team.name} </> : null}from{' '}
          <strong>{displayDate(booking.start_date)}</strong> to <strong>{displayDate(booking.end_date)}</strong>.
        </p>
      ) : null}
      <ul className="apply-screen__links">
        {booking ? (
          <li>
            <a href={`/portal/residential/bookings/${booking.id}`}>View your existing booking</a>
          </li>
        ) : null}
        <li>
          <a href={opportunity.public_url ?? `/apply/${encodeURIComponent(opportunity.slug)}`}>Choose different dates</a>
        </li>
      </ul>
    </Screen>
  );
}
