import { queryOptions } from '@tanstack/react-query';
import { fetchContactDetails } from './account/contact-change-api';
import { fetchUserConsents } from './consents/consents-api';
import { fetchEnforcement, fetchTwoFactorUser } from './two-factor/two-factor-api';

// Read by the profile page, which shows its panels once all have their data (so none moves the
// others down as it fills in), then by each panel: an answer a few seconds old is that same read,
// not one to send again when the panel mounts. A change a panel makes invalidates its query.
const PROFILE_STALE_MS = 10_000;

/** The user's two-factor state (enabled, method, trusted computers). */
export function twoFactorUserQuery(userId: number) {
  return queryOptions({
    queryKey: ['two-factor', 'user', userId],
    queryFn: () => fetchTwoFactorUser(userId),
    staleTime: PROFILE_STALE_MS,
  });
}

/** Whether one of the user's roles enforces two-factor. */
export function enforcementQuery(userId: number) {
  return queryOptions({
    queryKey: ['two-factor', 'enforcement', userId],
    queryFn: () => fetchEnforcement(userId),
    staleTime: PROFILE_STALE_MS,
  });
}

/** The user's consent answers, with the organisation's consents. */
export function consentsQuery(userId: number) {
  return queryOptions({
    queryKey: ['profile', 'consents', userId],
    queryFn: () => fetchUserConsents(userId),
    staleTime: PROFILE_STALE_MS,
  });
}

/** The email addresses and phone numbers on file, for the account section's change forms. */
export function contactDetailsQuery(userId: number) {
  return queryOptions({
    queryKey: ['account', 'contact-details', userId],
    queryFn: () => fetchContactDetails(userId),
    staleTime: PROFILE_STALE_MS,
  });
}
