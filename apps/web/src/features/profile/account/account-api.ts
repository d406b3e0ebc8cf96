import type { PasswordChangeBody, PasswordChangeResponse, SignOutEverywhereResponse } from '@muster/contract';
import { signOutEverywhere as endEverySession } from '../../../lib/api/calls/users';
import { api } from '../../../lib/api/catalogue-client';

/** `PUT users/{id}/password/`: changes the password; the user's other sign-ins end. */
export function changePassword(userId: number, body: PasswordChangeBody): Promise<PasswordChangeResponse> {
  return api.users.password.update({ userId }, null, body);
}

/** `DELETE users/{id}/sessions`: ends every sign-in of the user, this one included. */
export function signOutEverywhere(userId: number): Promise<SignOutEverywhereResponse> {
  return endEverySession(userId);
}
