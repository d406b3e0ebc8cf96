import { z } from 'zod';
import { dataEnvelope } from './api.js';
import { accountMessages } from './account.js';
import { twoFactorSettingsMessages } from './two-factor-settings.js';

/** What a contact change replaces: the primary email address or the primary phone number. */
export const CONTACT_KINDS = ['email', 'phone'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** Longest email address (RFC 5321 path limit). */
const EMAIL_MAX = 254;

/**
 * Sentences of the email and phone change (issue 9 "Account"). The field wordings follow the
 * spec where it has one (applicant-flow §5 and §8: email and telephone checks, the invalid
 * verification key); the rest are ours.
 */
export const contactChangeMessages = {
  kindRequired: 'Please choose whether to change your email address or your phone number',
  emailRequired: 'Please enter your new email address',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'This email address is already used by another account.',
  emailSame: 'This is already your email address.',
  phoneRequired: 'Please enter your new phone number',
  phoneInvalid: 'Please enter a valid telephone number',
  phoneSame: 'This is already your phone number.',
  passwordRequired: accountMessages.currentPasswordRequired,
  passwordWrong: accountMessages.currentPasswordWrong,
  singleSignOn:
    'Your account signs in through single sign-on, so it has no password to confirm this change with. Please ask your organisation to change it.',
  smsUnavailable: 'Text messages are not available, so your phone number cannot be verified here.',
  smsFailed: 'We could not send a text message to this number. Please check it and try again.',
  codeRequired: twoFactorSettingsMessages.codeRequired,
  invalidKey: twoFactorSettingsMessages.invalidKey,
  expired: 'This code has expired or had too many wrong tries, please ask for a new code.',
} as const;

/** The answer's sentence once the change is made; the user's other sign-ins have ended. */
export function contactChangedMessage(kind: ContactKind, value: string): string {
  const what = kind === 'email' ? 'email address' : 'phone number';
  return `Your ${what} has been changed to ${value}. You have been signed out everywhere else.`;
}

const kindField = z
  .enum(CONTACT_KINDS, { error: () => contactChangeMessages.kindRequired })
  .describe('`email` changes the primary email address, `phone` the primary phone number.');

const passwordField = z
  .string({ error: () => contactChangeMessages.passwordRequired })
  .min(1, contactChangeMessages.passwordRequired)
  .max(1024)
  .describe('The password the user signs in with now.');

/** `POST …/contact-change` for a new email address (the web form resolves with it too). */
export const emailChangeStartBodySchema = z.object({
  kind: z.literal('email').describe('Changes the primary email address.'),
  value: z
    .string({ error: () => contactChangeMessages.emailRequired })
    .trim()
    .min(1, contactChangeMessages.emailRequired)
    .max(EMAIL_MAX, `The maximum length is ${EMAIL_MAX}`)
    .pipe(z.email(contactChangeMessages.emailInvalid))
    .describe('The new email address; a code is emailed to it.'),
  password: passwordField,
});
export type EmailChangeStartBody = z.infer<typeof emailChangeStartBodySchema>;

/** `POST …/contact-change` for a new phone number (the web form resolves with it too). */
export const phoneChangeStartBodySchema = z.object({
  kind: z.literal('phone').describe('Changes the primary phone number.'),
  value: z
    .string({ error: () => contactChangeMessages.phoneRequired })
    .trim()
    .min(1, contactChangeMessages.phoneRequired)
    .max(40, contactChangeMessages.phoneInvalid)
    .describe('The new number as typed, or in E.164 form (`+447700900123`); a code is texted to it.'),
  region: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'Please choose a country')
    .optional()
    .describe(
      'The two-letter region the number was typed for (the telephone widget’s country); when absent, ' +
        'the region of the user’s current number, else GB (applicant-flow §9).',
    ),
  password: passwordField,
});
export type PhoneChangeStartBody = z.infer<typeof phoneChangeStartBodySchema>;

/**
 * `POST /api/users/{userId}/contact-change`: the new email address or phone number and the
 * current password. A 6-digit code goes to the new address (email) or number (SMS); nothing
 * changes until it is confirmed.
 */
export const contactChangeStartBodySchema = z.discriminatedUnion(
  'kind',
  [emailChangeStartBodySchema, phoneChangeStartBodySchema],
  { error: () => contactChangeMessages.kindRequired },
);
export type ContactChangeStartBody = z.infer<typeof contactChangeStartBodySchema>;

/** The answer to a started change: where the code went and until when it works. */
export const contactChangeStartResponseSchema = dataEnvelope(
  z.object({
    kind: kindField,
    sent_to: z
      .string()
      .describe(
        'The new email address, or the new number in international format, as the code was sent to it.',
      ),
    expires_at: z
      .string()
      .describe('ISO 8601; the code works until then (10 minutes), at most 5 wrong tries.'),
  }),
).describe('Code sent');
export type ContactChangeStartResponse = z.infer<typeof contactChangeStartResponseSchema>;

/** `PUT /api/users/{userId}/contact-change`: confirms the pending change of `kind` with its code. */
export const contactChangeConfirmBodySchema = z.object({
  kind: kindField,
  code: z
    .string({ error: () => contactChangeMessages.codeRequired })
    .regex(/^\d{6}$/, contactChangeMessages.codeRequired)
    .describe('The 6-digit code sent to the new address or number (digits joined, no spaces).'),
});
export type ContactChangeConfirmBody = z.infer<typeof contactChangeConfirmBodySchema>;

/** `PUT /api/users/{userId}/contact-change/{kind}`: the kind is in the path; sent again it must match. */
export const contactChangeConfirmItemBodySchema = contactChangeConfirmBodySchema.partial({ kind: true });

/** The answer to a confirmed change: the new value; the user's other sign-ins have ended. */
export const contactChangeConfirmResponseSchema = dataEnvelope(
  z.object({
    kind: kindField,
    value: z.string().describe('The new email address, or the new number in E.164 form.'),
    message: z.string(),
    other_sessions_ended: z.number().int().describe('How many other sign-ins were ended.'),
  }),
).describe('Contact changed');
export type ContactChangeConfirmResponse = z.infer<typeof contactChangeConfirmResponseSchema>;
