import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column in ('a', 'b', …)` for a check constraint. The values are our own constants, inlined
 * because a constraint cannot take parameters; a quote in one would be a programming error.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  if (values.some((value) => value.includes("'"))) {
    throw new Error('check constraint values must not contain quotes');
  }
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}
