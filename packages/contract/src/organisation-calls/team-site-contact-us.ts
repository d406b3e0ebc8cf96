import { z } from 'zod';

export const teamSiteContactMessages = {
  noContactForm: 'This team site takes no messages.',
} as const;

/** One line of text: no line breaks (they would start a new header line in the email). */
const singleLine = (label: string, max: number) =>
  z
    .string({ error: `Please enter ${label}.` })
    .trim()
    .min(1, { error: `Please enter ${label}.` })
    .max(max, { error: `The ${label.replace(/^(a|an|your) /, '')} may be at most ${max} characters.` })
    .regex(/^[^\r\n]*$/, { error: `The ${label.replace(/^(a|an|your) /, '')} must be on one line.` });

export const teamSiteContactBodySchema = z
  .object({
    name: singleLine('your name', 200).describe('Who is writing.'),
    email: z
      .email({ error: 'Please enter a valid email address.' })
      .max(254, { error: 'The email address may be at most 254 characters.' })
      .describe('Where the team can answer.'),
    phone: singleLine('a phone number', 40)
      .optional()
      .describe('A phone number, if they would rather be called.'),
    message: z
      .string({ error: 'Please enter a message.' })
      .trim()
      .min(1, { error: 'Please enter a message.' })
      .max(5000, { error: 'The message may be at most 5000 characters.' })
      .describe('The message.'),
  })
  .describe('The contact form.');

export const teamSiteContactResponseSchema = z.object({
  data: z
    .object({ queued: z.literal(true).describe('The message is on its way to the team.') })
    .describe('The outcome.'),
});
