import type { UseQueryResult } from '@tanstack/react-query';
import { SignedIn } from '../../lib/session';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../lib/api/errors';

/** How one kind of the user's own records (an application, a booking) is named on its page. */
export interface PortalRecordWording {
  /** Heading while it loads or when loading failed, e.g. "Your stay". */
  title: string;
  /** The record in running text, e.g. "booking". */
  noun: string;
  /** Heading of the not-found page, e.g. "Booking not found". */
  missingTitle: string;
}

function PortalRecordMissing({ wording }: { wording: PortalRecordWording }) {
  return (
    <section className="page">
      <h1>{wording.missingTitle}</h1>
      <p>This {wording.noun} does not exist, or it is not yours to see.</p>
      <p>
        <Link to="/portal">Back to your portal</Link>
      </p>
    </section>
  );
}

/**
 * The page for a record that is still loading or could not be loaded. Someone else's record (403)
 * and one that does not exist (404) get the same not-found page, so its existence is not told to
 * people who may not see it.
 */
export function PortalRecordState({
  query,
  wording,
}: {
  query: UseQueryResult<unknown>;
  wording: PortalRecordWording;
}) {
  if (query.isError) {
    if (isApiError(query.error, 404) || isApiError(query.error, 403)) {
      return <PortalRecordMissing wording={wording} />;
    }
    return (
      <section className="page">
        <h1>{wording.title}</h1>
        <p role="alert">We could not load your {wording.noun}. Please reload the page to try again.</p>
      </section>
    );
  }
  return (
    <section className="page" aria-busy="true">
      <h1>{wording.title}</h1>
      <p>Loading your {wording.noun}…</p>
    </section>
  );
}

/**
 * Renders `children` with the signed-in user's id and the record id from route parameter `param`;
 * an id that is not a positive whole number gets the not-found page without asking the API.
 */
export function PortalRecordRoute({
  param,
  wording,
  children,
}: {
  param: string;
  wording: PortalRecordWording;
  children: (userId: number, recordId: number) => ReactNode;
}) {
  const recordId = useParams()[param];
  return (
    <SignedIn>
      {(userId) =>
        recordId !== undefined && /^[1-9]\d{0,9}$/.test(recordId) ? (
          children(userId, Number(recordId))
        ) : (
          <PortalRecordMissing wording={wording} />
        )
      }
    </SignedIn>
  );
}
