import { z } from 'zod';
import { paginationQuerySchema } from '@muster/contract';
import { validationError } from '../plugins/errors.js';
import { oncePerKey } from './once-per-key.js';

/** Query keys of an index that are not field filters. */
const RESERVED = new Set(['page', 'per_page', 'sort', 'q']);
/** Most sort keys one index takes (`sort=team_id,-starts_at,name`). */
const MAX_SORT_KEYS = 3;
/** Longest text search. */
const MAX_SEARCH = 200;
/** Most values one filter takes (`status=a&status=b`). */
const MAX_FILTER_VALUES = 50;
/** What a document field name looks like: snake_case, as every wire name of the product. */
export const FIELD_NAME = /^[a-z][a-z0-9_]{0,62}$/;

const filterValue = z
  .union([z.string().max(500), z.array(z.string().max(500)).max(MAX_FILTER_VALUES)])
  .optional();

const sortSchema = z
  .string()
  .max(200, { error: 'The sort may be at most 200 characters.' })
  .optional()
  .describe('Fields to sort by, comma-separated, `-` before a field for descending, e.g. `-created_at,name`.');
const searchSchema = z
  .string()
  .trim()
  .max(MAX_SEARCH, { error: `The search may be at most ${MAX_SEARCH} characters.` })
  .optional()
  .describe('Text to search for (case-insensitive, anywhere in the text fields).');
const anyFieldFilter = filterValue.describe(
  'Only records whose top-level field has this value (repeat for any of several).',
);

/**
 * Schemas built once and shared by every index that asks for the same: the catalogue registers
 * hundreds of indexes, and each zod instance kept by a route costs about a kilobyte of heap.
 */
const listQuerySchemas = new Map<string, z.ZodObject>();

/** The filter of one named field, shared by every index that filters on a field of that name. */
const fieldFilter = oncePerKey((field: string) =>
  filterValue.describe(`Only records whose ${field} is this value (repeat for any of several).`),
);

/**
 * The query string of a generic index: `page`, `per_page`, `sort` (comma-separated fields, `-` for
 * descending), `q` (text search) and one `field=value` filter per field (repeat the key for any
 * of several values). `fields` lists the filterable fields; null means any snake_case field (documents).
 */
export function listQuerySchema(maxPerPage: number | undefined, fields: readonly string[] | null) {
  const key = `${String(maxPerPage)}:${fields === null ? '*' : fields.join(',')}`;
  const known = listQuerySchemas.get(key);
  if (known) {
    return known;
  }
  const base = paginationQuerySchema(maxPerPage).extend({ sort: sortSchema, q: searchSchema });
  const schema =
    fields === null
      ? base.catchall(anyFieldFilter)
      : base.extend(Object.fromEntries(fields.map((field) => [field, fieldFilter(field)])));
  listQuerySchemas.set(key, schema);
  return schema;
}

/** An index query, parsed: filters and sort keys by wire field name. */
export type ListQuery = {
  page: number;
  perPage: number;
  filters: Array<{ field: string; values: string[] }>;
  sort: Array<{ field: string; descending: boolean }>;
  q?: string;
};

/**
 * Splits a validated index query into page, filters and sort; 422 keyed by the query field for a
 * sort or filter on a field the resource does not have (`fields` null: any snake_case name).
 */
export function parseListQuery(
  query: Record<string, unknown>,
  fields: ReadonlySet<string> | null,
): ListQuery {
  const errors: Record<string, string[]> = {};
  const known = (field: string) => (fields === null ? FIELD_NAME.test(field) : fields.has(field));
  const filters: ListQuery['filters'] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key) || raw === undefined) {
      continue;
    }
    if (!known(key)) {
      errors[key] = ['There is no such field to filter by.'];
      continue;
    }
    const values = (Array.isArray(raw) ? raw : [raw]).map(String);
    if (values.length > MAX_FILTER_VALUES) {
      errors[key] = [`A filter may list at most ${MAX_FILTER_VALUES} values.`];
      continue;
    }
    filters.push({ field: key, values });
  }
  const sort: ListQuery['sort'] = [];
  const sortText = typeof query.sort === 'string' ? query.sort.trim() : '';
  if (sortText !== '') {
    const keys = sortText.split(',').map((key) => key.trim());
    if (keys.length > MAX_SORT_KEYS) {
      errors.sort = [`Sort by at most ${MAX_SORT_KEYS} fields.`];
    }
    for (const key of keys.slice(0, MAX_SORT_KEYS)) {
      const descending = key.startsWith('-');
      const field = descending ? key.slice(1) : key;
      if (!known(field)) {
        errors.sort = [`There is no field "${field.slice(0, 64)}" to sort by.`];
        break;
      }
      sort.push({ field, descending });
    }
  }
  if (Object.keys(errors).length > 0) {
    throw validationError(errors);
  }
  const q = typeof query.q === 'string' && query.q !== '' ? query.q : undefined;
  return {
    page: Number(query.page ?? 1),
    perPage: Number(query.per_page),
    filters,
    sort,
    ...(q === undefined ? {} : { q }),
  };
}
