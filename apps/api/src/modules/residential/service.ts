import type { Availability, ChangeoverDay, ResidentialBookingSummary } from '@muster/contract';
import type { Executor } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { assertMayView, type Viewer } from '../users/service.js';
import {
  findTeam,
  listChangeoverDays,
  listUserBookings,
  nightlyAvailability,
  userExists,
} from './repository.js';

function teamNotFound(): HttpError {
  return new HttpError(404, 'This team does not exist.');
}

/** The team's changeover days (404 when the team is not the organisation's). */
export async function getChangeoverDays(
  db: Executor,
  organisationId: number,
  teamId: number,
): Promise<ChangeoverDay[]> {
  if (!(await findTeam(db, organisationId, teamId))) {
    throw teamNotFound();
  }
  return listChangeoverDays(db, organisationId, teamId);
}

/**
 * Places free per night from `startDate` to `endDate` (both included) for a guest who will or
 * will not share a room (404 when the team is not the organisation's).
 */
export async function getAvailability(
  db: Executor,
  organisationId: number,
  teamId: number,
  query: { willing_to_share: boolean; start_date: string; end_date: string },
): Promise<Availability> {
  if (!(await findTeam(db, organisationId, teamId))) {
    throw teamNotFound();
  }
  return nightlyAvailability(
    db,
    organisationId,
    teamId,
    query.start_date,
    query.end_date,
    query.willing_to_share,
  );
}

/**
 * A user's bookings that are not cancelled and end after `from`: the user themself, or a holder
 * of `view-users` (403 otherwise); 404 when the user is not the organisation's.
 */
export async function getUserBookings(
  db: Executor,
  organisationId: number,
  viewer: Viewer,
  userId: number,
  options: { from: string | null; includeTeam: boolean },
): Promise<ResidentialBookingSummary[]> {
  assertMayView(viewer, userId);
  if (!(await userExists(db, organisationId, userId))) {
    throw new HttpError(404, 'This user does not exist.');
  }
  const bookings = await listUserBookings(db, organisationId, userId, options.from);
  return bookings.map(({ team, ...booking }) => (options.includeTeam ? { ...booking, team } : booking));
}
