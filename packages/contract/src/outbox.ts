import { z } from 'zod';
import { dataEnvelope } from './api.js';

/** Largest page of the development outbox. */
export const OUTBOX_LIST_MAX = 500;
/** Messages listed when no `limit` is asked for. */
export const OUTBOX_LIST_DEFAULT = 50;

export const outboxChannelSchema = z
  .enum(['email', 'sms'])
  .describe('How the message left: `email` or `sms`.');
export type OutboxChannel = z.infer<typeof outboxChannelSchema>;

/** `GET /dev/outbox` query: optional recipient filter and page size. */
export const listOutboxQuerySchema = z.object({
  to: z
    .string()
    .trim()
    .max(320)
    .optional()
    .describe('Only messages to this address or phone number (case-insensitive, exact); empty means all.'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(OUTBOX_LIST_MAX)
    .default(OUTBOX_LIST_DEFAULT)
    .describe(`How many messages, newest first (1 to ${OUTBOX_LIST_MAX}).`),
});
export type ListOutboxQuery = z.infer<typeof listOutboxQuerySchema>;

/** One stored outgoing message as the development outbox lists it. */
export const outboxListItemSchema = z.object({
  id: z.number().int().describe('Identifier of the stored message.'),
  channel: outboxChannelSchema,
  to: z.string().describe('Recipient: an email address, or a phone number for SMS.'),
  subject: z.string().nullable().describe('Email subject; null for SMS.'),
  text: z.string().describe('Plain-text body.'),
  created_at: z.iso.datetime().describe('When the message was stored (ISO 8601, UTC).'),
});
export type OutboxListItem = z.infer<typeof outboxListItemSchema>;

/** `GET /dev/outbox` with `Accept: application/json`: messages newest first. */
export const listOutboxResponseSchema = dataEnvelope(z.array(outboxListItemSchema));
export type ListOutboxResponse = z.infer<typeof listOutboxResponseSchema>;
