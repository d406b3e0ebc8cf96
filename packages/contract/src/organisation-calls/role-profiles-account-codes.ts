import { z } from 'zod';

export const roleProfileAccountCodesQuerySchema = z.object({
  q: z
    .string({ error: 'The search must be text.' })
    .trim()
    .max(64, { error: 'The search may be at most 64 characters.' })
    .optional()
    .describe('Only codes containing this text (case-insensitive).'),
});

export const roleProfileAccountCodesResponseSchema = z.object({
  data: z
    .array(
      z
        .object({
          account_code: z.string().describe('The account code.'),
          role_profile_ids: z.array(z.number().int()).describe('The role profiles costed to it, by id.'),
        })
        .describe('One account code in use.'),
    )
    .describe('The codes in use, alphabetically.'),
  meta: z.object({ total: z.number().int().describe('How many codes are listed.') }).describe('Counts.'),
});
