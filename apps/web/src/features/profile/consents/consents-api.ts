import type {
  UserConsentListResponse,
  UserConsentUpdateBody,
  UserConsentUpdateResponse,
} from '@muster/contract';
import { apiClient } from '../../../lib/api/default-client';

/** `GET users/{id}/consents`: the consent questions with the user's answers and history. */
export function fetchUserConsents(userId: number): Promise<UserConsentListResponse> {
  return apiClient.get<UserConsentListResponse>(`users/${userId}/consents`);
}

/** `PUT users/{id}/consents/{consentId}`: one consent's new answer. */
export function updateUserConsent(
  userId: number,
  body: UserConsentUpdateBody,
): Promise<UserConsentUpdateResponse> {
  return apiClient.put<UserConsentUpdateResponse>(`users/${userId}/consents/${body.id}`, body);
}
