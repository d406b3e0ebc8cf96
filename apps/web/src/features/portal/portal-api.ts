import {
  organisationResidentialCancelReasonSchema,
  paginatedResponseSchema,
  portalApplicationListResponseSchema,
  portalApplicationResponseSchema,
  portalTeamResponseSchema,
  userBookingResponseSchema,
  userBookingsResponseSchema,
  type BookingCancelBody,
  type OrganisationResidentialCancelReason,
  type PortalApplication,
  type PortalApplicationSummary,
  type PortalTeam,
  type ResidentialBookingSummary,
  type UserBooking,
} from '@muster/contract';
import { api } from '../../lib/api/catalogue-client';

/** `GET users/{userId}/applications/`: the user's applications, newest first. */
export async function fetchUserApplications(userId: number): Promise<PortalApplicationSummary[]> {
  const body = await api.users.applications.index<unknown>({ userId });
  return portalApplicationListResponseSchema.parse(body).data;
}

/**
 * `GET users/{userId}/residential-bookings?include=team&include_cancelled=1`: every stay of the
 * user with its status, cancelled ones too, newest stay first (the API answers them earliest first).
 */
export async function fetchUserStays(userId: number): Promise<ResidentialBookingSummary[]> {
  const body = await api.users.residentialBookings.index<unknown>(
    { userId },
    { include: 'team', include_cancelled: '1' },
  );
  return [...userBookingsResponseSchema.parse(body).data].reverse();
}

/** `GET users/{userId}/residential-bookings/{bookingId}`: one stay for its page. */
export async function fetchUserBooking(userId: number, bookingId: number): Promise<UserBooking> {
  const body = await api.users.residentialBookings.show<unknown>({ userId }, bookingId);
  return userBookingResponseSchema.parse(body).data;
}

/** `PUT users/{userId}/residential-bookings/{bookingId}` with `status: cancelled`: cancels the stay. */
export async function cancelUserBooking(
  userId: number,
  bookingId: number,
  body: BookingCancelBody,
): Promise<UserBooking> {
  const answer = await api.users.residentialBookings.update<unknown>({ userId }, bookingId, body);
  return userBookingResponseSchema.parse(answer).data;
}

const cancelReasonsSchema = paginatedResponseSchema(organisationResidentialCancelReasonSchema);

/**
 * `GET organisation/residential-cancel-reasons?per_page=100`: the reasons a stay can be cancelled
 * with, in their order; retired ones are left out.
 */
export async function fetchCancelReasons(): Promise<OrganisationResidentialCancelReason[]> {
  const body = await api.organisation.residentialCancelReasons.index<unknown>({ per_page: '100' });
  return cancelReasonsSchema.parse(body).data.filter((reason) => reason.active);
}

/** `GET users/{userId}/applications/{applicationId}`: one application as submitted. */
export async function fetchUserApplication(
  userId: number,
  applicationId: number,
): Promise<PortalApplication> {
  const body = await api.users.applications.show<unknown>({ userId }, applicationId);
  return portalApplicationResponseSchema.parse(body).data;
}

/** `GET teams/{teamId}?user_id=`: the team with the member's current roles. */
export async function fetchTeam(teamId: number, userId: number | null): Promise<PortalTeam> {
  const body = await api.teams.show<unknown>(teamId, userId === null ? {} : { user_id: String(userId) });
  return portalTeamResponseSchema.parse(body).data;
}
