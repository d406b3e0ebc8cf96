import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, MESSAGE_SUBJECT_MAX_LENGTH } from './per-user.js';

/*
 * The generic operations of the per-user named calls (platform-foundation §7 "Generic resource
 * operations" on "Per-user resources"): each call's effect seen as records. A read mark and a
 * dismissal are named by the message or notification they mark; replies and forwards are the
 * sent messages; an acknowledgement is the person's `users.login-messages` record; a block
 * protection says a person may not be blocked. Choices: docs/catalogue.md "Per-user calls".
 */

const at = (what: string) => z.string().nullable().describe(`${what} (ISO 8601, UTC); null when not.`);

/** `/users/{userId}/messaging/{messageId}/…/{id}` and the deeper forward path. */
const userIdParam = z
  .string()
  .regex(/^\d{1,10}$/, 'A user is named by their number.')
  .describe('User id.');

export const userMessageItemParamsSchema = z.object({
  userId: userIdParam,
  messageId: z.string().describe('A message of the user’s (a `users.messaging` record).'),
  id: z.string().describe('The record’s identifier.'),
});

export const userForwardItemParamsSchema = userMessageItemParamsSchema.extend({
  fileId: z.string().describe('An attachment of that message (a `users.messaging.attachments` record).'),
});

export const userLoginMessageItemParamsSchema = z.object({
  userId: userIdParam,
  messageId: z
    .string()
    .describe('A login message of the organisation (an `organisation.login-messages` record).'),
  id: z.string().describe('The acknowledgement (the user’s `users.login-messages` record).'),
});

// ——— Read marks (`messaging/mark-read/{messageId}`) ———

export const readMarkSchema = z.object({
  id: z.number().int().describe('The message marked (a `users.messaging` record of the user).'),
  message_id: z.number().int().describe('The same message id, named for what it is.'),
  read: z.boolean().describe('Whether the user has read it.'),
  read_at: at('When it was first read'),
});
export type ReadMark = z.infer<typeof readMarkSchema>;

export const readMarkBodySchema = z.object({
  read: z
    .boolean({ error: 'Read must be true or false.' })
    .optional()
    .describe('true (default): mark read, keeping an earlier time; false: mark unread.'),
});
export type ReadMarkBody = z.infer<typeof readMarkBodySchema>;

// ——— Dismissals (`notifications/dismiss/{notificationId}`) ———

export const dismissalSchema = z.object({
  id: z.number().int().describe('The notification (a `users.notifications` record of the user).'),
  notification_id: z.number().int().describe('The same notification id, named for what it is.'),
  dismissed: z.boolean().describe('Whether the user has dismissed it.'),
  dismissed_at: at('When it was dismissed'),
});
export type Dismissal = z.infer<typeof dismissalSchema>;

export const dismissalBodySchema = z.object({
  dismissed: z
    .boolean({ error: 'Dismissed must be true or false.' })
    .optional()
    .describe('true (default): dismiss, keeping an earlier time; false: show it again.'),
});
export type DismissalBody = z.infer<typeof dismissalBodySchema>;

// ——— Replies and forwards as records ———

/** Correcting a reply or forward that nobody has read yet: its subject, its text, or both. */
export const sentMessageCorrectionBodySchema = z
  .object({
    subject: z
      .string({ error: 'The subject must be text.' })
      .trim()
      .min(1, { error: 'The subject may not be empty.' })
      .max(MESSAGE_SUBJECT_MAX_LENGTH, {
        error: `The subject may be at most ${MESSAGE_SUBJECT_MAX_LENGTH} characters.`,
      })
      .optional()
      .describe('The new subject.'),
    body: z
      .string({ error: 'The message must be text.' })
      .trim()
      .max(MESSAGE_MAX_LENGTH, { error: `A message may be at most ${MESSAGE_MAX_LENGTH} characters.` })
      .optional()
      .describe('The new text.'),
  })
  .refine((body) => body.subject !== undefined || body.body !== undefined, {
    path: ['body'],
    message: 'Please send the new subject or text.',
  });
export type SentMessageCorrectionBody = z.infer<typeof sentMessageCorrectionBodySchema>;

// ——— Acknowledgements ———

/** Acknowledging again takes no fields: it records that the person has read the message now. */
export const acknowledgementUpdateBodySchema = z
  .strictObject({}, { error: 'Acknowledging again takes no fields.' })
  .nullish()
  .describe('No fields: the acknowledgement is renewed as of now.');

// ——— Block protections (`blocked/can-be-blocked/`) ———

export const blockProtectionSchema = z.object({
  id: z.number().int().describe('Identifier.'),
  user_id: z.number().int().describe('The person who may not be blocked.'),
  reason: z.string().describe('Why, shown to whoever asks whether they can block them.'),
  created_by: z.number().int().nullable().describe('Who protected them, if still known.'),
  created_at: z.string().describe('When (ISO 8601).'),
  updated_at: z.string().describe('Last change (ISO 8601).'),
});
export type BlockProtection = z.infer<typeof blockProtectionSchema>;

export const blockProtectionBodySchema = z.object({
  reason: z
    .string({ error: 'Please say why this person may not be blocked.' })
    .trim()
    .min(1, { error: 'Please say why this person may not be blocked.' })
    .max(500, { error: 'The reason may be at most 500 characters.' })
    .describe('Why this person may not be blocked (shown to whoever asks).'),
});
export type BlockProtectionBody = z.infer<typeof blockProtectionBodySchema>;

// ——— Diversity answers, one question at a time ———

/** One answer: a fixed question by its field name, or an organisation's own question by id. */
export const diversityAnswerSchema = z.object({
  id: z
    .string()
    .describe('The question: a fixed field (`gender`, `ethnicity`, …) or a v2 question id as text.'),
  option_id: z.number().int().nullable().describe('The chosen option (single choice); null when none.'),
  options: z.array(z.number().int()).describe('The chosen options of a multiple-select question.'),
  other_text: z.string().nullable().describe('What was specified with an Other option.'),
});
export type DiversityAnswer = z.infer<typeof diversityAnswerSchema>;

export const diversityAnswerBodySchema = z.object({
  option_id: z
    .number({ error: 'Please select a valid option' })
    .int({ error: 'Please select a valid option' })
    .nullable()
    .optional()
    .describe('The chosen option of a single-choice question (null: no answer).'),
  options: z
    .array(z.number({ error: 'Please select a valid option' }).int({ error: 'Please select a valid option' }))
    .max(100, { error: 'Please select at most 100 options.' })
    .optional()
    .describe('The chosen options of a multiple-select question.'),
  other_text: z
    .string({ error: 'Other text must be text.' })
    .max(1000)
    .nullable()
    .optional()
    .describe('With an Other option: what the person specifies.'),
});
export type DiversityAnswerBody = z.infer<typeof diversityAnswerBodySchema>;

// ——— Password reset links (`forgot-password/{id}`) ———

export const passwordResetLinkSchema = z.object({
  id: z.string().describe('The reset link (answered by `POST forgot-password` as `id`).'),
  sent_at: z.string().describe('When it was sent (ISO 8601).'),
  expires_at: z.string().describe('When it stops working (ISO 8601).'),
  closed_at: at('When it was used, replaced by a newer link or cancelled'),
  live: z.boolean().describe('Whether the link still works.'),
});
export type PasswordResetLink = z.infer<typeof passwordResetLinkSchema>;

export const passwordResetLinkBodySchema = z.object({
  live: z
    .literal(false, { error: 'A link can only be cancelled (live: false); send a new one instead.' })
    .describe('false: the link stops working at once.'),
});
export type PasswordResetLinkBody = z.infer<typeof passwordResetLinkBodySchema>;

// ——— Trusted computers (`two-factor/trust-computer/{id}`) ———

export const trustedComputerStoreBodySchema = z
  .strictObject({}, { error: 'Trusting this computer takes no fields.' })
  .nullish()
  .describe('No fields: the computer making the call is trusted.');
