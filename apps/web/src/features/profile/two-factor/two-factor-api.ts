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
import { apiClient } from '../../../lib/api/default-client';
import { DEVICE_TOKEN_STORAGE_KEY } from '../../../lib/auth/auth-api';

/** The user's two-factor state as `GET users/{id}` answers it (applicant-flow §3.6). */
export function fetchTwoFactorUser(userId: number): Promise<UserResponse> {
  return apiClient.get<UserResponse>(`users/${userId}`);
}

/** Which roles require two-factor, and whether SMS is offered. */
export function fetchEnforcement(userId: number): Promise<TwoFactorEnforcementResponse> {
  return apiClient.get<TwoFactorEnforcementResponse>(`users/${userId}/two-factor/enforcement`);
}

/** `POST users/{id}/two-factor`: sends a code (or answers a new authenticator secret). */
export function startTwoFactor(userId: number, body: TwoFactorStartBody): Promise<TwoFactorStartResponse> {
  return apiClient.post<TwoFactorStartResponse>(`users/${userId}/two-factor`, body);
}

/** `PUT users/{id}/two-factor`: confirms set-up with the code, or disables. */
export function confirmTwoFactor(
  userId: number,
  body: TwoFactorConfirmBody,
): Promise<TwoFactorConfirmResponse> {
  return apiClient.put<TwoFactorConfirmResponse>(`users/${userId}/two-factor`, body);
}

/**
 * `PUT users/{id}/two-factor/trust-computer`. Trusting keeps the answer's device token where the
 * sign-in reads it; not trusting forgets it here too.
 */
export async function setTrustComputer(userId: number, trust: boolean): Promise<TrustComputerResponse> {
  const answer = await apiClient.put<TrustComputerResponse>(`users/${userId}/two-factor/trust-computer`, {
    trust,
  });
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
  return apiClient.post<RecoveryCodesResponse>(`users/${userId}/two-factor/recovery-codes`);
}
