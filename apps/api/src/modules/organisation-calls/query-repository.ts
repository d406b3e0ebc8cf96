import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { events, roleProfiles, teams, users } from '../../db/schema/index.js';
import { likePattern } from '../../catalogue/repository.js';
import {
  fieldTypesOf,
  type QUERY_RESOURCES,
  type QueryDefinition,
  type QueryFieldType,
  type QueryResource,
} from '@muster/contract';

/**
 * Where each resource of the query language lives: its table, its organisation column and one
 * column per whitelisted field (typed so that the whitelist and this map cannot drift apart).
 */
type ResourceTable<R extends QueryResource> = {
  table: PgTable;
  organisationId: PgColumn;
  id: PgColumn;
  columns: Record<keyof (typeof QUERY_RESOURCES)[R], PgColumn>;
};

const TABLES: { [R in QueryResource]: ResourceTable<R> } = {
  users: {
    table: users,
    organisationId: users.organisationId,
    id: users.id,
    columns: {
      id: users.id,
      title: users.title,
      first_name: users.firstName,
      last_name: users.lastName,
      preferred_name: users.preferredName,
      dob: users.dob,
      status_id: users.statusId,
      two_factor_enabled: users.twoFactorEnabled,
      last_activity_at: users.lastActivityAt,
      created_at: users.createdAt,
      updated_at: users.updatedAt,
    },
  },
  teams: {
    table: teams,
    organisationId: teams.organisationId,
    id: teams.id,
    columns: {
      id: teams.id,
      name: teams.name,
      parent_id: teams.parentId,
      created_at: teams.createdAt,
      updated_at: teams.updatedAt,
    },
  },
  role_profiles: {
    table: roleProfiles,
    organisationId: roleProfiles.organisationId,
    id: roleProfiles.id,
    columns: {
      id: roleProfiles.id,
      display_name: roleProfiles.displayName,
      disclaimer: roleProfiles.disclaimer,
      enforce_two_factor: roleProfiles.enforceTwoFactor,
      created_at: roleProfiles.createdAt,
      updated_at: roleProfiles.updatedAt,
    },
  },
  events: {
    table: events,
    organisationId: events.organisationId,
    id: events.id,
    columns: {
      id: events.id,
      name: events.name,
      description: events.description,
      location: events.location,
      status: events.status,
      starts_at: events.startsAt,
      ends_at: events.endsAt,
      team_id: events.teamId,
      capacity: events.capacity,
      created_at: events.createdAt,
      updated_at: events.updatedAt,
    },
  },
};

/** A value bound as a parameter, cast to the field's type (timestamps arrive as ISO 8601 text). */
function bound(type: QueryFieldType, value: unknown): SQL {
  switch (type) {
    case 'timestamp':
      return sql`${String(value)}::timestamptz`;
    case 'date':
      return sql`${String(value)}::date`;
    case 'integer':
      return sql`${Number(value)}::integer`;
    case 'boolean':
      return sql`${Boolean(value)}::boolean`;
    case 'text':
      return sql`${String(value)}::text`;
  }
}

/** One validated filter as a condition on its whitelisted column; values are always parameters. */
function condition(column: PgColumn, type: QueryFieldType, filter: QueryDefinition['filters'][number]): SQL {
  switch (filter.op) {
    case 'eq':
      return sql`${column} = ${bound(type, filter.value)}`;
    case 'ne':
      // "Not this value" includes rows where the field is empty, as a person reading the filter means.
      return sql`${column} is distinct from ${bound(type, filter.value)}`;
    case 'lt':
      return sql`${column} < ${bound(type, filter.value)}`;
    case 'gt':
      return sql`${column} > ${bound(type, filter.value)}`;
    case 'contains':
      // The language admits only text here (query-language.ts).
      return sql`${column} ilike ${likePattern(filter.value as string)}`;
    case 'in': {
      const values = (filter.value as unknown[]).map((value) => bound(type, value));
      return sql`${column} in (${sql.join(values, sql`, `)})`;
    }
    case 'is_null':
      return filter.value === false ? sql`${column} is not null` : sql`${column} is null`;
  }
}

/** A wire value of a row: timestamps as ISO 8601 in UTC, everything else as stored. */
function wireValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * Runs a validated query over the organisation's own rows of its resource: only whitelisted
 * columns are selected, filtered and sorted, values are bound parameters, and the organisation
 * condition is always there. Answers the rows (at most the query's limit) and how many match.
 */
export async function runQuery(
  db: Executor,
  organisationId: number,
  query: QueryDefinition,
): Promise<{ rows: Array<Record<string, unknown>>; total: number }> {
  const target = TABLES[query.resource] as ResourceTable<QueryResource>;
  const columns = target.columns as Record<string, PgColumn>;
  const types = fieldTypesOf(query.resource);
  const column = (field: string): PgColumn => {
    const found = Object.hasOwn(columns, field) ? columns[field] : undefined;
    if (!found) {
      // The language's schema already refused it; this keeps an unvalidated query from ever running.
      throw new Error(`The field ${field} is not whitelisted for ${query.resource}.`);
    }
    return found;
  };
  const where = and(
    eq(target.organisationId, organisationId),
    ...query.filters.map((filter) => condition(column(filter.field), types[filter.field] ?? 'text', filter)),
  );
  const rows = await db
    .select(columns)
    .from(target.table)
    .where(where)
    .orderBy(
      ...query.sort.map((key) =>
        key.direction === 'desc' ? desc(column(key.field)) : asc(column(key.field)),
      ),
      asc(target.id),
    )
    .limit(query.limit);
  const [counted] = await db.select({ total: count() }).from(target.table).where(where);
  return {
    rows: rows.map((row) =>
      Object.fromEntries(
        Object.entries(row as Record<string, unknown>).map(([key, value]) => [key, wireValue(value)]),
      ),
    ),
    total: counted?.total ?? 0,
  };
}
