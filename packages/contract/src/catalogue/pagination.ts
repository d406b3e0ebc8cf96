import { z } from 'zod';

/** Page size of a catalogue index when `per_page` is not given. */
export const DEFAULT_PER_PAGE = 25;
/** Largest `per_page` a catalogue index accepts unless its resource allows more. */
export const MAX_PER_PAGE = 100;

/**
 * `?page&per_page` of a generic index. Values arrive as query strings; anything that is not a
 * whole number in range is refused with 422 rather than clamped, so a client bug shows.
 */
export function paginationQuerySchema(
  maxPerPage: number = MAX_PER_PAGE,
  defaultPerPage: number = DEFAULT_PER_PAGE,
) {
  return z.object({
    page: z.coerce
      .number({ error: 'The page must be a whole number.' })
      .int({ error: 'The page must be a whole number.' })
      .min(1, { error: 'The page must be at least 1.' })
      .default(1)
      .describe('Which page of results, from 1 (default 1).'),
    per_page: z.coerce
      .number({ error: 'The number per page must be a whole number.' })
      .int({ error: 'The number per page must be a whole number.' })
      .min(1, { error: 'The number per page must be at least 1.' })
      .max(maxPerPage, { error: `The number per page may be at most ${maxPerPage}.` })
      .default(defaultPerPage)
      .describe(`How many results per page, 1 to ${maxPerPage} (default ${defaultPerPage}).`),
  });
}
export type PaginationQuery = z.infer<ReturnType<typeof paginationQuerySchema>>;

/** Where a page sits in the whole list. */
export const paginationMetaSchema = z.object({
  current_page: z.number().int().describe('The page answered, from 1.'),
  per_page: z.number().int().describe('The page size used.'),
  total: z.number().int().describe('How many items the whole list holds.'),
});
export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

/** The answer of a generic index: `{data: [...], meta: {current_page, per_page, total}}`. */
export function paginatedResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: paginationMetaSchema });
}
