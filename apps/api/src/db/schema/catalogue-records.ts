import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { organisationId, timestamps } from './columns.js';
import { users } from './users.js';

/**
 * Catalogue resources whose fields the spec does not show are stored as validated JSON documents:
 * one row per record, keyed by catalogue entry and the parent ids of its route (`eventId=3`), the
 * body's top-level fields filterable through the GIN index (`body @> {...}`).
 */
export const catalogueRecords = pgTable(
  'catalogue_records',
  {
    id: serial().primaryKey(),
    organisationId: organisationId(),
    /** Catalogue entry name, e.g. `chats.messages`. */
    entry: text().notNull(),
    /** The route's parent ids as `param=value` pairs joined by `&`, in path order; '' at the root. */
    parentKey: text().notNull().default(''),
    body: jsonb().$type<Record<string, unknown>>().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('catalogue_records_scope_idx').on(t.organisationId, t.entry, t.parentKey, t.id),
    index('catalogue_records_body_idx').using('gin', t.body.op('jsonb_path_ops')),
  ],
);
