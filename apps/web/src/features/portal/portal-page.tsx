import { useQuery } from '@tanstack/react-query';
import { SignedIn } from '../../lib/session';
import { Link } from 'react-router';
import { APPLICATION_STATUS_LABELS } from './application-status';
import { BOOKING_STATUS_LABELS } from './booking-status';
import { fetchUserApplications, fetchUserStays } from './portal-api';
import { formatDay, formatInstantDay } from './portal-dates';

function LoadError({ what }: { what: string }) {
  return <p role="alert">We could not load your {what}. Please reload the page to try again.</p>;
}

function Applications({ userId }: { userId: number }) {
  const query = useQuery({
    queryKey: ['portal', 'applications', userId],
    queryFn: () => fetchUserApplications(userId),
  });
  if (query.isPending) {
    return <p aria-busy="true">Loading your applications…</p>;
  }
  if (query.isError) {
    return <LoadError what="applications" />;
  }
  if (query.data.length === 0) {
    return (
      <p>
        You have not applied for anything yet. <Link to="/">Find an opportunity</Link>
      </p>
    );
  }
  return (
    <table>
      <caption className="visually-hidden">Your applications, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Opportunity</th>
          <th scope="col">Applied on</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {query.data.map((application) => (
          <tr key={application.id}>
            <td>
              <Link to={`/portal/applicant/dashboard/${application.id}`}>{application.opportunity.name}</Link>
            </td>
            <td>{formatInstantDay(application.created_at)}</td>
            <td>{APPLICATION_STATUS_LABELS[application.status]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Stays({ userId }: { userId: number }) {
  const query = useQuery({ queryKey: ['portal', 'stays', userId], queryFn: () => fetchUserStays(userId) });
  if (query.isPending) {
    return <p aria-busy="true">Loading your stays…</p>;
  }
  if (query.isError) {
    return <LoadError what="stays" />;
  }
  if (query.data.length === 0) {
    return (
      <p>
        You have no residential stays booked. <Link to="/">Find an opportunity</Link>
      </p>
    );
  }
  return (
    <table>
      <caption className="visually-hidden">Your residential stays, latest first</caption>
      <thead>
        <tr>
          <th scope="col">Team</th>
          <th scope="col">Arrival</th>
          <th scope="col">Departure</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {query.data.map((stay) => (
          <tr key={stay.id}>
            <td>
              <Link to={`/portal/residential/bookings/${stay.id}`}>
                {stay.team?.name ?? 'Your stay'}
                {/* Several stays at one team: each link says which. */}
                <span className="visually-hidden">, arriving {formatDay(stay.start_date)}</span>
              </Link>
            </td>
            <td>{formatDay(stay.start_date)}</td>
            <td>{formatDay(stay.end_date)}</td>
            <td>{stay.status ? BOOKING_STATUS_LABELS[stay.status] : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The volunteer portal home: the signed-in user's applications and residential stays (cancelled
 * ones too), newest first, each linking to its page, with empty states that point to the
 * opportunity list. Signed-out visitors are sent to
 * sign in and brought back.
 */
export function PortalPage() {
  return (
    <SignedIn>
      {(userId) => (
        <section className="page portal-page">
          <h1>Your portal</h1>
          <section aria-labelledby="portal-applications">
            <h2 id="portal-applications">Your applications</h2>
            <Applications userId={userId} />
          </section>
          <section aria-labelledby="portal-stays">
            <h2 id="portal-stays">Your residential stays</h2>
            <Stays userId={userId} />
          </section>
        </section>
      )}
    </SignedIn>
  );
}
