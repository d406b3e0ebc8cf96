import type { PasswordChangeBody, PasswordChangeResponse, SignOutEverywhereResponse } from '@muster/contract';
import { apiClient } from '../../../lib/api/default-client';

/** `PUT users/{id}/password`: changes the password; the user's other sign-ins end. */
export function changePassword(userId: number, body: PasswordChangeBody): Promise<PasswordChangeResponse> {
  return apiClient.put<PasswordChangeResponse>(`users/${userId}/password`, body);
}

/** `DELETE users/{id}/sessions`: ends every sign-in of the user, this one included. */
export function signOutEverywhere(userId: number): Promise<SignOutEverywhereResponse> {
  return apiClient.delete<SignOutEverywhereResponse>(`users/${userId}/sessions`);
}
