import type { RecoveryCodesResponse, TwoFactorEnforcementResponse } from '@muster/contract';
import type { ApiClient } from '../client';
import { apiClient } from '../default-client';

/*
 * The two-factor calls outside the catalogue; set-up, confirmation and trusting a computer are
 * `api.users.twoFactor.*` and `api.users.twoFactor.trustComputer.*`.
 */

/** `GET users/{id}/two-factor/enforcement`: which roles require two-factor, and whether SMS is offered. */
export function fetchTwoFactorEnforcement(
  userId: number,
  client: ApiClient = apiClient,
): Promise<TwoFactorEnforcementResponse> {
  return client.get<TwoFactorEnforcementResponse>(
    `users/${encodeURIComponent(userId)}/two-factor/enforcement`,
  );
}

/** `POST users/{id}/two-factor/recovery-codes`: a new set; the old one stops working. */
export function regenerateRecoveryCodes(
  userId: number,
  client: ApiClient = apiClient,
): Promise<RecoveryCodesResponse> {
  return client.post<RecoveryCodesResponse>(`users/${encodeURIComponent(userId)}/two-factor/recovery-codes`);
}
