import { z } from 'zod';
import { documentRecordSchema as documentRowSchema } from './document-record.js';

export const teamMessages = {
  teamNotFound: 'The team was not found.',
} as const;

export const teamHideBodySchema = z
  .object({
    hidden: z
      .boolean({ error: 'Hidden must be true or false.' })
      .optional()
      .describe('true (default): hide the team; false: show it again.'),
  })
  .describe('Whether the team is hidden.');

export const teamHideResponseSchema = z.object({
  data: documentRowSchema.describe('The team’s hide document: `team_id` and `hidden`.'),
});
