import type {
  ContactChangeConfirmBody,
  ContactChangeConfirmResponse,
  ContactChangeStartBody,
  ContactChangeStartResponse,
  UserResponse,
} from '@muster/contract';
import { fetchUser } from '../../../lib/api/calls/users';
import { api } from '../../../lib/api/catalogue-client';

/** The user's email addresses and phone numbers, as `GET users/{id}` includes them. */
export function fetchContactDetails(userId: number): Promise<UserResponse> {
  return fetchUser(userId, { include: 'emailAddresses,phoneNumbers' });
}

/** `POST users/{id}/contact-change`: checks the password and sends a code to the new address or number. */
export function startContactChange(
  userId: number,
  body: ContactChangeStartBody,
): Promise<ContactChangeStartResponse> {
  return api.users.contactChange.store({ userId }, body);
}

/** `PUT users/{id}/contact-change`: confirms the change with the code; the user's other sign-ins end. */
export function confirmContactChange(
  userId: number,
  body: ContactChangeConfirmBody,
): Promise<ContactChangeConfirmResponse> {
  return api.users.contactChange.update({ userId }, null, body);
}
