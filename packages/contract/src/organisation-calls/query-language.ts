import { z } from 'zod';

/*
 * The query builder's language (platform-foundation §7 "Other organisation admin"): a JSON query
 * over one resource of the organisation, with filters, a sort and a limit, every field and
 * operator taken from a fixed list. Nothing the client sends becomes SQL text: field names are
 * looked up in the whitelist below and values are bound as parameters (the API's query-repository.ts).
 */

/** How a field's values are compared and written. */
export type QueryFieldType = 'integer' | 'text' | 'boolean' | 'date' | 'timestamp';

/**
 * The resources a query may read and, per resource, the only fields it may filter, sort by and
 * answer. Secrets and credentials (password hashes, two-factor secrets, SSO subjects) are never here.
 */
export const QUERY_RESOURCES = {
  users: {
    id: 'integer',
    title: 'text',
    first_name: 'text',
    last_name: 'text',
    preferred_name: 'text',
    dob: 'date',
    status_id: 'integer',
    two_factor_enabled: 'boolean',
    last_activity_at: 'timestamp',
    created_at: 'timestamp',
    updated_at: 'timestamp',
  },
  teams: {
    id: 'integer',
    name: 'text',
    parent_id: 'integer',
    created_at: 'timestamp',
    updated_at: 'timestamp',
  },
  role_profiles: {
    id: 'integer',
    display_name: 'text',
    disclaimer: 'text',
    enforce_two_factor: 'boolean',
    created_at: 'timestamp',
    updated_at: 'timestamp',
  },
  events: {
    id: 'integer',
    name: 'text',
    description: 'text',
    location: 'text',
    status: 'text',
    starts_at: 'timestamp',
    ends_at: 'timestamp',
    team_id: 'integer',
    capacity: 'integer',
    created_at: 'timestamp',
    updated_at: 'timestamp',
  },
} as const satisfies Record<string, Record<string, QueryFieldType>>;

export type QueryResource = keyof typeof QUERY_RESOURCES;

export const QUERY_RESOURCE_NAMES = Object.keys(QUERY_RESOURCES) as [QueryResource, ...QueryResource[]];

export const QUERY_OPERATORS = ['eq', 'ne', 'lt', 'gt', 'contains', 'in', 'is_null'] as const;

export type QueryOperator = (typeof QUERY_OPERATORS)[number];

/** Most filters, sort keys, `in` values and rows of one query. */
export const QUERY_LIMITS = { filters: 20, sort: 3, inValues: 100, rows: 100, text: 255 } as const;

/** Operators each field type takes: order only where order means something, `contains` on text. */
const OPERATORS_BY_TYPE: Record<QueryFieldType, readonly QueryOperator[]> = {
  integer: ['eq', 'ne', 'lt', 'gt', 'in', 'is_null'],
  text: ['eq', 'ne', 'lt', 'gt', 'contains', 'in', 'is_null'],
  boolean: ['eq', 'ne', 'is_null'],
  date: ['eq', 'ne', 'lt', 'gt', 'in', 'is_null'],
  timestamp: ['eq', 'ne', 'lt', 'gt', 'in', 'is_null'],
};

const INT_MIN = -2_147_483_648;

const INT_MAX = 2_147_483_647;

/** The sentence for a value of the wrong kind, or null when `value` is one `type` takes. */
function valueProblem(type: QueryFieldType, value: unknown): string | null {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= INT_MIN && value <= INT_MAX
        ? null
        : 'The value must be a whole number.';
    case 'text':
      return typeof value === 'string' && value.length <= QUERY_LIMITS.text
        ? null
        : `The value must be text of at most ${QUERY_LIMITS.text} characters.`;
    case 'boolean':
      return typeof value === 'boolean' ? null : 'The value must be true or false.';
    case 'date':
      return typeof value === 'string' && z.iso.date().safeParse(value).success
        ? null
        : 'The value must be a date (YYYY-MM-DD).';
    case 'timestamp':
      return typeof value === 'string' && z.iso.datetime({ offset: true }).safeParse(value).success
        ? null
        : 'The value must be a date and time in ISO 8601 with a time zone, e.g. 2030-06-01T09:00:00Z.';
  }
}

const fieldNameSchema = z
  .string({ error: 'Name a field.' })
  .max(64, { error: 'Name a field.' })
  .describe('A field of the resource (see the resource list for the fields each resource has).');

const filterSchema = z
  .object({
    field: fieldNameSchema,
    op: z
      .enum(QUERY_OPERATORS, { error: `The operator must be one of ${QUERY_OPERATORS.join(', ')}.` })
      .describe(
        '`eq`, `ne`, `lt`, `gt`; `contains` (text, case-insensitive); `in` (any of a list); `is_null` (value true: empty, false: not empty).',
      ),
    value: z
      .json()
      .optional()
      .describe(
        'What to compare with: a number, text, true/false, a date (YYYY-MM-DD) or a date and time (ISO 8601), as the field is; a list for `in`; true or false for `is_null` (default true).',
      ),
  })
  .strict()
  .describe('One condition; every condition must hold.');

const sortSchema = z
  .object({
    field: fieldNameSchema,
    direction: z
      .enum(['asc', 'desc'], { error: 'The direction must be asc or desc.' })
      .default('asc')
      .describe('asc (default) or desc.'),
  })
  .strict()
  .describe('One sort key; later keys break ties of earlier ones, then the id.');

/**
 * A saved query: the resource, the conditions (all must hold), the sort and how many rows at
 * most. Every field must be one of the resource's whitelisted fields, every operator one the
 * field's type takes and every value of the field's type (422 keyed by path, e.g. `filters.0.field`).
 */
export const queryDefinitionSchema = z
  .object({
    resource: z
      .enum(QUERY_RESOURCE_NAMES, {
        error: `The resource must be one of ${QUERY_RESOURCE_NAMES.join(', ')}.`,
      })
      .describe(
        `What to query. Fields: ${Object.entries(QUERY_RESOURCES)
          .map(([name, fields]) => `${name} (${Object.keys(fields).join(', ')})`)
          .join('; ')}.`,
      ),
    filters: z
      .array(filterSchema)
      .max(QUERY_LIMITS.filters, { error: `A query may have at most ${QUERY_LIMITS.filters} filters.` })
      .default([])
      .describe('Conditions every row must meet (none: every row).'),
    sort: z
      .array(sortSchema)
      .max(QUERY_LIMITS.sort, { error: `A query may sort by at most ${QUERY_LIMITS.sort} fields.` })
      .default([])
      .describe('Sort keys, first the most significant; the id breaks ties (default: by id).'),
    limit: z
      .number({ error: `The limit must be a whole number from 1 to ${QUERY_LIMITS.rows}.` })
      .int({ error: `The limit must be a whole number from 1 to ${QUERY_LIMITS.rows}.` })
      .min(1, { error: `The limit must be a whole number from 1 to ${QUERY_LIMITS.rows}.` })
      .max(QUERY_LIMITS.rows, { error: `The limit must be a whole number from 1 to ${QUERY_LIMITS.rows}.` })
      .default(25)
      .describe(`Most rows to answer, 1 to ${QUERY_LIMITS.rows} (default 25).`),
  })
  .strict()
  .superRefine((query, context) => {
    const fields: Readonly<Record<string, QueryFieldType>> = QUERY_RESOURCES[query.resource];
    const known = Object.keys(fields).join(', ');
    const typeOf = (field: string) => (Object.hasOwn(fields, field) ? fields[field] : undefined);
    query.filters.forEach((filter, index) => {
      const type = typeOf(filter.field);
      if (type === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['filters', index, 'field'],
          message: `Choose a field of ${query.resource}: ${known}.`,
        });
        return;
      }
      if (!OPERATORS_BY_TYPE[type].includes(filter.op)) {
        context.addIssue({
          code: 'custom',
          path: ['filters', index, 'op'],
          message: `The ${filter.field} field takes ${OPERATORS_BY_TYPE[type].join(', ')}.`,
        });
        return;
      }
      const problem = filterValueProblem(type, filter.op, filter.value);
      if (problem !== null) {
        context.addIssue({ code: 'custom', path: ['filters', index, 'value'], message: problem });
      }
    });
    query.sort.forEach((key, index) => {
      if (typeOf(key.field) === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['sort', index, 'field'],
          message: `Choose a field of ${query.resource}: ${known}.`,
        });
      }
    });
  })
  .describe('A query over one of the organisation’s resources, in the query builder’s JSON language.');

export type QueryDefinition = z.infer<typeof queryDefinitionSchema>;

/** The sentence for a filter value the operator cannot take, or null when it fits. */
function filterValueProblem(type: QueryFieldType, op: QueryOperator, value: unknown): string | null {
  if (op === 'is_null') {
    return value === undefined || typeof value === 'boolean'
      ? null
      : 'For is_null the value must be true or false.';
  }
  if (op === 'in') {
    if (!Array.isArray(value) || value.length === 0 || value.length > QUERY_LIMITS.inValues) {
      return `For in the value must be a list of 1 to ${QUERY_LIMITS.inValues} values.`;
    }
    for (const item of value) {
      const problem = valueProblem(type, item);
      if (problem !== null) {
        return `Each value in the list: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`;
      }
    }
    return null;
  }
  if (value === undefined) {
    return 'Give a value to compare with.';
  }
  if (op === 'contains' && (typeof value !== 'string' || value.length === 0)) {
    return 'For contains the value must be some text.';
  }
  return valueProblem(type, value);
}

/** The field types of a resource, by wire name. */
export function fieldTypesOf(resource: QueryResource): Readonly<Record<string, QueryFieldType>> {
  return QUERY_RESOURCES[resource];
}

/** The body of `preview` and `validate`: the query to run or check. */
export const queryBodySchema = z.object({
  query: queryDefinitionSchema,
});
