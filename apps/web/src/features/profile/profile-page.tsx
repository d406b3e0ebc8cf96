import { Navigate, useLocation, useParams } from 'react-router';
import { useSession } from '../../lib/session';
import { AccountSection } from './account/account-section';
import { ConsentsPanel } from './consents/consents-panel';
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
  if (!session) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?intended=${encodeURIComponent(here)}`} replace />;
  }
  const viewerId = session.user.id;
  const userId = profileUserId(param, viewerId);
  if (userId === null) {
    return (
      <section className="page">
        <h1>Profile not found</h1>
        <p>This profile does not exist.</p>
      </section>
    );
  }
  const own = userId === viewerId;
  return (
    <section className="page profile-page">
      <h1>{own ? 'Your profile' : 'Profile'}</h1>
      {own ? <TwoFactorPanel userId={userId} /> : null}
      <ConsentsPanel userId={userId} />
      {own ? <AccountSection userId={userId} /> : null}
    </section>
  );
}
