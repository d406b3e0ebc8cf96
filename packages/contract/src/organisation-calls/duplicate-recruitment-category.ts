import { z } from 'zod';
import { documentRecordSchema as documentRowSchema } from './document-record.js';

export const duplicateCategoryMessages = {
  notFound: 'The recruitment category was not found.',
} as const;

/** Longest category name. */
export const MAX_NAME = 255;

export const duplicateCategoryBodySchema = z
  .object({
    name: z
      .string({ error: 'The name must be text.' })
      .trim()
      .min(1, { error: 'Please enter a name.' })
      .max(MAX_NAME, { error: `The name may be at most ${MAX_NAME} characters.` })
      .optional()
      .describe('The copy’s name (default: the original’s name followed by " (copy)").'),
  })
  .describe('What the copy is called.');

export const duplicateCategoryQuerySchema = z.object({
  with_stages: z
    .enum(['0', '1', 'true', 'false'], { error: 'with_stages is 1 or 0.' })
    .optional()
    .describe('1 (default): copy the category’s stages too; 0: the category alone.'),
});

export const duplicateCategoryResponseSchema = z.object({
  data: documentRowSchema.describe('The new category.'),
  meta: z
    .object({
      stages_copied: z.number().int().describe('How many stages were copied with it.'),
      duplicated_from: z.number().int().describe('The category copied.'),
    })
    .describe('About the copy.'),
});
