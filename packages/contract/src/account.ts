import { z } from 'zod';
import { dataEnvelope } from './api.js';
import { passwordSchema } from './password.js';

/** Messages of the account calls. */
export const accountMessages = {
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is not correct',
  confirmationMismatch: 'The passwords do not match',
  onlyOwn: 'You can only change your own account.',
  singleSignOn: 'Your account signs in through single sign-on, so it has no password to change.',
  passwordChanged: 'Your password has been changed. You have been signed out everywhere else.',
  signedOutEverywhere: 'You have been signed out everywhere.',
} as const;

/** `PUT /api/users/{userId}/password`: the current password and the new one (applicant-flow §5). */
export const passwordChangeBodySchema = z
  .object({
    current_password: z
      .string({ error: () => accountMessages.currentPasswordRequired })
      .min(1, accountMessages.currentPasswordRequired)
      .describe('The password the user signs in with now.'),
    password: passwordSchema,
    password_confirmation: z
      .string({ error: () => accountMessages.confirmationMismatch })
      .describe('The new password again.'),
  })
  .refine((body) => body.password === body.password_confirmation, {
    message: accountMessages.confirmationMismatch,
    path: ['password_confirmation'],
  });
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/** The answer to a password change: the user's other sign-ins have ended. */
export const passwordChangeResponseSchema = dataEnvelope(
  z.object({
    message: z.string(),
    other_sessions_ended: z.number().int().describe('How many other sign-ins were ended.'),
  }),
).describe('Password changed');
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponseSchema>;

/** `DELETE /api/users/{userId}/sessions`: every sign-in of the user ends, this one included. */
export const signOutEverywhereResponseSchema = dataEnvelope(
  z.object({ message: z.string(), sessions_ended: z.number().int().describe('How many sign-ins were ended.') }),
).describe('Signed out everywhere');
export type SignOutEverywhereResponse = z.infer<typeof signOutEverywhereResponseSchema>;
