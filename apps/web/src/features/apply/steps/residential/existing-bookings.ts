import {
  addDaysIso,
  userBookingsResponseSchema,
  type BookingRange,
  type ResidentialBookingSummary,
  perUserRoutes,
} from '@muster/contract';
import { areaApiFor, apiClient, type ApiClient } from '../../../../lib/api';

/**
 * `GET users/{userId}/residential-bookings?from={yesterday}&include=team` (applicant-flow §7): the
 * user's bookings that are not cancelled and end after yesterday, earliest first, with their team.
 */
export async function fetchUserBookings(
  userId: number,
  today: string,
  options: { signal?: AbortSignal; client?: ApiClient } = {},
): Promise<ResidentialBookingSummary[]> {
  const client = options.client ?? apiClient;
  const body = await areaApiFor(client, perUserRoutes).users.residentialBookings.index<unknown>(
    { userId },
    { from: addDaysIso(today, -1), include: 'team' },
    { signal: options.signal },
  );
  return userBookingsResponseSchema.parse(body).data;
}

/**
 * The first booking that shares a night with `range` (overlapping it or lying inside it,
 * applicant-flow §5): a stay ends on its departure day, so one may start the day another ends.
 */
export function overlappingBooking(
  bookings: readonly ResidentialBookingSummary[],
  range: BookingRange,
): ResidentialBookingSummary | null {
  return (
    bookings.find((booking) => booking.start_date < range.end_date && booking.end_date > range.start_date) ??
    null
  );
}
