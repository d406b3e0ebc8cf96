import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';

/** A body field naming a row of another (organisation-owned) table, checked to be of the same organisation. */
export type ReferenceBinding = {
  /** snake_case body field. */
  field: string;
  /** Organisation-owned table with an integer `id`. */
  table: PgTable;
  /** The 422 sentence when the row is missing or another organisation's. */
  message: string;
  /**
   * The field points into the binding's own table as a tree (a team's parent team): a row may
   * not sit under itself or its descendants, and a row with children cannot be deleted.
   */
  hierarchy?: { cycleMessage: string; hasChildrenMessage: string };
};

/** A `{param}` of the route naming the row the resource belongs to, e.g. `{teamId}`. */
export type ParentBinding = {
  /** The placeholder's name in the catalogue path. */
  param: string;
  /** Organisation-owned table with an integer `id`. */
  table: PgTable;
  /** camelCase key of this binding's column holding the parent id. */
  column: string;
  /** What the parent row is called in sentences, e.g. `team`. */
  label: string;
};

/** What a person may do with their own records of a per-user resource without a permission. */
export type OwnRecords = 'read' | 'write';

/** The parents of a binding in path order, whichever of `parent` and `parents` it uses. */
export function parentsOf(binding: Pick<ResourceBinding, 'parent' | 'parents'>): ParentBinding[] {
  return binding.parents ?? (binding.parent ? [binding.parent] : []);
}

/** A `read` for lists any signed-in user of the organisation may read (401 for nobody signed in). */
export const SIGNED_IN: unique symbol = Symbol('signed-in');

/** Who may read a binding: holders of a permission, any signed-in user, or anyone (null). */
export type ReadAccess = string | typeof SIGNED_IN | null;

/**
 * Ties a catalogue entry to a table: which schema answers and accepts, who may read and write.
 * The generic module registers the entry's enabled operations from this and nothing else.
 */
export type ResourceBinding = {
  /** Catalogue entry name (`@muster/contract` catalogue). */
  entry: string;
  /** What one row is called in sentences, e.g. `term`. */
  label: string;
  table: PgTable;
  /** Wire shape of one row (snake_case keys; each maps to a camelCase column). */
  row: z.ZodObject;
  /** Wire shape of a store; an update accepts the same fields, each optional. Needed when writes are enabled. */
  body?: z.ZodObject;
  /**
   * Permission needed to read (index, show); SIGNED_IN for any signed-in user; null for public.
   * Default: the entry's `view-{family}` (`resourcePermissions` in the contract).
   */
  read?: ReadAccess;
  /** Permission needed to store, update and delete. Default: the entry's `manage-{family}`. */
  write?: string;
  /**
   * Reference data that no organisation owns (no `organisation_id`): read-only, and the one
   * kind of query here not scoped by organisation.
   */
  global?: boolean;
  /** camelCase key of the identifying column; default `id` (an integer). */
  idColumn?: string;
  /** camelCase keys to sort by, ascending; the id always breaks ties. */
  orderBy: string[];
  /** Largest `per_page`; default MAX_PER_PAGE (100). */
  maxPerPage?: number;
  /** The route's one parent `{param}`; for several levels use `parents`. */
  parent?: ParentBinding;
  /**
   * Every parent `{param}` of the route in path order (`{eventId}` then `{sessionId}`): each must
   * be a row of the organisation and, where its table has the earlier parent's column, of that
   * earlier parent too.
   */
  parents?: ParentBinding[];
  /**
   * A valid store body without reference fields (shown in the OpenAPI document; the catalogue
   * walk stores it under freshly made parents). Needed when store is enabled.
   */
  example?: Record<string, unknown>;
  /**
   * Database constraints a write can break that the body schema cannot see (a duplicate, an end
   * before its start), by constraint name: the field the 422 is keyed by and its sentence.
   */
  constraints?: Record<string, { field: string; message: string }>;
  /** Per-user routes: the user named by `{userId}` may read (or also write) their own records. */
  ownRecords?: OwnRecords;
  references?: ReferenceBinding[];
};
