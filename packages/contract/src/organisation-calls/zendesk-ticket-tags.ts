import { z } from 'zod';

export const zendeskTicketTagsResponseSchema = z.object({
  data: z
    .array(
      z
        .object({
          tag: z.string().describe('The tag as written on the tickets.'),
          count: z.number().int().describe('How many tickets carry it.'),
        })
        .describe('A tag in use.'),
    )
    .describe('Every distinct tag, alphabetically.'),
  meta: z
    .object({ total: z.number().int().describe('How many distinct tags there are.') })
    .describe('Counts.'),
});
