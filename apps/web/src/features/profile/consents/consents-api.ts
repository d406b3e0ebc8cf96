import type {
  UserConsentListResponse,
  UserConsentUpdateBody,
  UserConsentUpdateResponse,
} from '@muster/contract';
import { api } from '../../../lib/api/catalogue-client';

/** `GET users/{id}/consents/`: the consent questions with the user's answers and history. */
export function fetchUserConsents(userId: number): Promise<UserConsentListResponse> {
  return api.users.consents.index({ userId });
}

/** `PUT users/{id}/consents/{consentId}`: one consent's new answer. */
export function updateUserConsent(
  userId: number,
  body: UserConsentUpdateBody,
): Promise<UserConsentUpdateResponse> {
  return api.users.consents.update({ userId }, body.id, body);
}
