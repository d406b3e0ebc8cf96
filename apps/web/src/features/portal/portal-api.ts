import {
  portalApplicationListResponseSchema,
  portalApplicationResponseSchema,
  portalTeamResponseSchema,
  userBookingsResponseSchema,
  type PortalApplication,
  type PortalApplicationSummary,
  type PortalTeam,
  type ResidentialBookingSummary,
} from '@muster/contract';
import { apiClient } from '../../lib/api/default-client';

/** `GET users/{userId}/applications/`: the user's applications, newest first. */
export async function fetchUserApplications(userId: number): Promise<PortalApplicationSummary[]> {
  const body = await apiClient.get<unknown>(`users/${userId}/applications/`);
  return portalApplicationListResponseSchema.parse(body).data;
}

/**
 * `GET users/{userId}/residential-bookings?include=team`: the user's stays that are not
 * cancelled, newest stay first (the API answers them earliest first).
 */
export async function fetchUserStays(userId: number): Promise<ResidentialBookingSummary[]> {
  const body = await apiClient.get<unknown>(`users/${userId}/residential-bookings`, {
    query: { include: 'team' },
  });
  return [...userBookingsResponseSchema.parse(body).data].reverse();
}

/** `GET users/{userId}/applications/{applicationId}`: one application as submitted. */
export async function fetchUserApplication(
  userId: number,
  applicationId: number,
): Promise<PortalApplication> {
  const body = await apiClient.get<unknown>(`users/${userId}/applications/${applicationId}`);
  return portalApplicationResponseSchema.parse(body).data;
}

/** `GET teams/{teamId}?user_id=`: the team with the member's current roles. */
export async function fetchTeam(teamId: number, userId: number | null): Promise<PortalTeam> {
  const body = await apiClient.get<unknown>(`teams/${teamId}`, {
    query: userId === null ? {} : { user_id: String(userId) },
  });
  return portalTeamResponseSchema.parse(body).data;
}
