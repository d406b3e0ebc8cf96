import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title/document-title';
import { Spinner } from '../../components/ui/spinner/spinner';
import { isApiError } from '../../lib/api/errors';
import { useRevealInTasks } from '../../lib/yield/use-reveal-in-tasks';
import { logApplyAction } from './api';
import { ApplicationForm } from './application-form';
import { applicationFormQuery, opportunityQuery, organisationQuery } from './queries';
import type { BookingParams } from './request-body';
import './apply.css';

/** `willing_to_share` from the address: 'true' or '1' means true (applicant-flow §2.1). */
export function readWillingToShare(value: string | null): boolean {
  return value === 'true' || value === '1';
}

/** The residential dates carried in the address, when any were. */
export function readBooking(params: URLSearchParams): BookingParams | null {
  const start = params.get('start_date');
  const end = params.get('end_date');
  const share = params.get('willing_to_share');
  if (start === null && end === null && share === null) {
    return null;
  }
  return { start_date: start, end_date: end, willing_to_share: readWillingToShare(share) };
}

/**
 * The public application form at `/apply/{opportunityId}` (applicant-flow §2.1), optionally with
 * `?key={applicationKey}`. Loads the opportunity, its steps and the organisation; `ref=apply` is
 * logged once and then taken out of the address.
 */
export function ApplyPage() {
  const { opportunityId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const applicationKey = searchParams.get('key');
  const ref = searchParams.get('ref');

  const opportunity = useQuery(opportunityQuery(opportunityId));
  const sections = useQuery(applicationFormQuery(opportunityId));
  const organisation = useQuery(organisationQuery());

  // ref=apply: logged once per page, then removed so a reload or a shared link does not log again.
  const logged = useRef(false);
  const slug = opportunity.data?.slug;
  useEffect(() => {
    if (ref !== 'apply' || !slug || logged.current) {
      return;
    }
    logged.current = true;
    logApplyAction(slug).catch((error: unknown) => {
      // Counting a visit must never get in the applicant's way.
      console.error('The apply action could not be logged.', error);
    });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('ref');
        return next;
      },
      { replace: true },
    );
  }, [ref, slug, setSearchParams]);

  const booking = readBooking(searchParams);
  const loaded = Boolean(opportunity.data && sections.data?.length && organisation.data);
  // The heading paints in one task, the form (a long render on a slow phone) in the next.
  const formShown = useRevealInTasks(1, loaded) === 1;

  let body;
  if (opportunity.isPending || sections.isPending || organisation.isPending) {
    body = <Spinner label="Loading the application form…" showLabel />;
  } else if (isApiError(opportunity.error, 404) || isApiError(sections.error, 404)) {
    body = (
      <>
        <DocumentTitle>Opportunity not found – Muster</DocumentTitle>
        <h1>Opportunity not found</h1>
        <p>This opportunity does not exist or is no longer open for applications.</p>
      </>
    );
  } else if (!opportunity.data || !sections.data || !organisation.data) {
    body = (
      <>
        <DocumentTitle>Application form unavailable – Muster</DocumentTitle>
        <h1>Application form unavailable</h1>
        <p role="alert">The application form could not be loaded. Please reload the page to try again.</p>
      </>
    );
  } else if (sections.data.length === 0) {
    body = (
      <>
        <DocumentTitle>{`Apply for ${opportunity.data.display_name} – Muster`}</DocumentTitle>
        <h1>Apply for {opportunity.data.display_name}</h1>
        <p>This opportunity has no application form yet.</p>
      </>
    );
  } else {
    body = (
      <>
        <h1>Apply for {opportunity.data.display_name}</h1>
        {formShown ? (
          <ApplicationForm
            opportunityKey={opportunityId}
            opportunity={opportunity.data}
            sections={sections.data}
            organisation={organisation.data}
            applicationKey={applicationKey}
            booking={booking}
          />
        ) : null}
      </>
    );
  }
  return <section className="page apply-page">{body}</section>;
}
