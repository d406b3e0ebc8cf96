import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useSession } from '../../lib/session';
import { useRevealInTasks } from '../../lib/yield/use-reveal-in-tasks';
import { AccountSection } from './account/account-section';
import { ConsentsPanel } from './consents/consents-panel';
import { consentsQuery, contactDetailsQuery, enforcementQuery, twoFactorUserQuery } from './queries';
import { TwoFactorPanel } from './two-factor/two-factor-panel';

/** The profile id of the address: `me` (or nothing) is the signed-in user; else a positive number. */
export function profileUserId(param: string | undefined, signedInId: number | null): number | null {
  if (param === undefined || param === 'me') {
    return signedInId;
  }
  return /^[1-9]\d*$/.test(param) ? Number(param) : null;
}

/**
 * A profile (applicant-flow §2.12): `/portal/user/me` is the signed-in user's own, with the
 * two-factor settings, the privacy and consent panel and the account section (password, sign
 * out everywhere); `/portal/user/{id}` opens someone else's, where only the consent panel
 * applies (the rest is the user’s own business). Signed-out visitors are sent to sign in and
 * brought back.
 */
export function ProfilePage() {
  const { session } = useSession();
  const location = useLocation();
  const { userId: param } = useParams();
  const viewerId = session?.user.id ?? null;
  const userId = viewerId === null ? null : profileUserId(param, viewerId);
  const own = userId !== null && userId === viewerId;
  // The panels show together, once each has its answer (or its error): one filling in after
  // another pushed the ones below it down the page. These are the panels' own queries.
  const reads = userId ?? 0;
  const twoFactorUser = useQuery({ ...twoFactorUserQuery(reads), enabled: own });
  const enforcement = useQuery({ ...enforcementQuery(reads), enabled: own });
  const contactDetails = useQuery({ ...contactDetailsQuery(reads), enabled: own });
  const consents = useQuery({ ...consentsQuery(reads), enabled: userId !== null });
  const answered = (own ? [twoFactorUser, enforcement, contactDetails, consents] : [consents]).every(
    (read) => !read.isPending,
  );
  // Once shown, a profile's panels stay: a panel mounting on a failed read reads it again
  // (pending), which must not take the page back to its loading line.
  const [shownFor, setShownFor] = useState<number | null>(null);
  if (answered && userId !== null && shownFor !== userId) {
    setShownFor(userId);
  }
  const ready = userId !== null && (shownFor === userId || answered);
  // One panel per task, top to bottom: rendered together they made one long task on a slow
  // phone. Each is added below the ones shown, so none moves.
  const panels = useRevealInTasks(own ? 3 : 1, ready);
  if (!session) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?intended=${encodeURIComponent(here)}`} replace />;
  }
  if (userId === null) {
    return (
      <section className="page">
        <h1>Profile not found</h1>
        <p>This profile does not exist.</p>
      </section>
    );
  }
  return (
    <section className="page profile-page" aria-busy={ready ? undefined : true}>
      <h1>{own ? 'Your profile' : 'Profile'}</h1>
      {!ready || panels === 0 ? <p>Loading the profile…</p> : null}
      {ready && own && panels >= 1 ? <TwoFactorPanel userId={userId} /> : null}
      {ready && panels >= (own ? 2 : 1) ? <ConsentsPanel userId={userId} /> : null}
      {ready && own && panels >= 3 ? <AccountSection userId={userId} /> : null}
    </section>
  );
}
