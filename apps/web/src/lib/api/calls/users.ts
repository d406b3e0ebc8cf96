import type { SignOutEverywhereResponse, UserResponse } from '@muster/contract';
import type { ReadOptions } from '../catalogue-api';
import type { ApiClient, QueryParams } from '../client';
import { apiClient } from '../default-client';

/*
 * The user record and its sessions: hand-written routes of the users module, not catalogue
 * entries (the catalogue lists the per-user resources under `/users/{userId}/`, not the user).
 */

/** `GET users/{id}` (with `include` and other query parameters): one user. */
export function fetchUser(
  userId: number,
  query?: QueryParams,
  options?: ReadOptions,
  client: ApiClient = apiClient,
): Promise<UserResponse> {
  return client.get<UserResponse>(`users/${encodeURIComponent(userId)}`, { ...options, query });
}

/** `DELETE users/{id}/sessions`: ends every sign-in of the user, this one included. */
export function signOutEverywhere(
  userId: number,
  client: ApiClient = apiClient,
): Promise<SignOutEverywhereResponse> {
  return client.delete<SignOutEverywhereResponse>(`users/${encodeURIComponent(userId)}/sessions`);
}
