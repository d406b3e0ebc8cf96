import type {
  RecoveryCodesResponse,
  TrustComputerResponse,
  TwoFactorConfirmBody,
  TwoFactorConfirmResponse,
  TwoFactorEnforcementResponse,
  TwoFactorStartBody,
  TwoFactorStartResponse,
  UserResponse,
} from '@muster/contract';
import {
  fetchTwoFactorEnforcement,
  regenerateRecoveryCodes as newRecoveryCodes,
} from '../../../lib/api/calls/two-factor';
import { fetchUser } from '../../../lib/api/calls/users';
import { api } from '../../../lib/api/catalogue-client';
import { DEVICE_TOKEN_STORAGE_KEY } from '../../../lib/auth/auth-api';

/** The user's two-factor state as `GET users/{id}` answers it (applicant-flow §3.6). */
export function fetchTwoFactorUser(userId: number): Promise<UserResponse> {
  return fetchUser(userId);
}

/** Which roles require two-factor, and whether SMS is offered. */
export function fetchEnforcement(userId: number): Promise<TwoFactorEnforcementResponse> {
  return fetchTwoFactorEnforcement(userId);
}

/** `POST users/{id}/two-factor/`: sends a code (or answers a new authenticator secret). */
export function startTwoFactor(userId: number, body: TwoFactorStartBody): Promise<TwoFactorStartResponse> {
  return api.users.twoFactor.store({ userId }, body);
}

/** `PUT users/{id}/two-factor/`: confirms set-up with the code, or disables. */
export function confirmTwoFactor(
  userId: number,
  body: TwoFactorConfirmBody,
): Promise<TwoFactorConfirmResponse> {
  return api.users.twoFactor.update({ userId }, null, body);
}

/**
 * `PUT users/{id}/two-factor/trust-computer`. Trusting keeps the answer's device token where the
 * sign-in reads it; not trusting forgets it here too.
 */
export async function setTrustComputer(userId: number, trust: boolean): Promise<TrustComputerResponse> {
  const answer = await api.users.twoFactor.trustComputer.update({ userId }, null, { trust });
  try {
    if (answer.data.device_token) {
      window.localStorage.setItem(DEVICE_TOKEN_STORAGE_KEY, answer.data.device_token);
    } else {
      window.localStorage.removeItem(DEVICE_TOKEN_STORAGE_KEY);
    }
  } catch {
    // Blocked storage: the computer simply is not remembered.
  }
  return answer;
}

/** `POST users/{id}/two-factor/recovery-codes`: a new set; the old one stops working. */
export function regenerateRecoveryCodes(userId: number): Promise<RecoveryCodesResponse> {
  return newRecoveryCodes(userId);
}
