import { and, eq, or } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { parseRowId } from '@muster/contract';
import type { Executor } from '../db/client.js';
import { opportunities } from '../db/schema/index.js';
import { documentExists } from './document-repository.js';
import { columnsOf, ownedRowExists } from './repository.js';

/** A `{param}` of a route, resolved to the stored id of the parent record it names. */
export type ParentResolver = {
  param: string;
  /** What the parent is called in the 404 sentence. */
  label: string;
  /**
   * The parent's id as stored, or null when the organisation has no such parent (under the
   * earlier parents of the path, given in path order).
   */
  resolve(
    db: Executor,
    organisationId: number,
    raw: string,
    earlier: ReadonlyArray<number | string>,
  ): Promise<number | string | null>;
};

/** The document store's parent key of a path: `eventId=3&sessionId=9`, '' at the root. */
export function parentKeyOf(params: readonly string[], ids: ReadonlyArray<number | string>): string {
  return params.map((param, index) => `${param}=${String(ids[index])}`).join('&');
}

/**
 * A parent stored in a table of its own. `earlierColumns` names, per earlier parent of the path,
 * the column of this table that must hold it (a session's `eventId`), or null when it has none.
 */
export function tableParent(
  param: string,
  label: string,
  table: PgTable,
  earlierColumns: ReadonlyArray<string | null> = [],
): ParentResolver {
  const columns = columnsOf(table);
  return {
    param,
    label,
    async resolve(db, organisationId, raw, earlier) {
      const id = parseRowId(raw);
      if (id === null) {
        return null;
      }
      const matching = Object.fromEntries(
        earlierColumns.flatMap((column, index) =>
          column !== null && column in columns ? [[column, earlier[index]]] : [],
        ),
      );
      return (await ownedRowExists(db, table, organisationId, id, matching)) ? id : null;
    },
  };
}

/** A parent stored as a catalogue document of `entry`, under the path's earlier parents. */
export function documentParent(
  param: string,
  label: string,
  entry: string,
  earlierParams: readonly string[],
): ParentResolver {
  return {
    param,
    label,
    async resolve(db, organisationId, raw, earlier) {
      const id = parseRowId(raw);
      if (id === null) {
        return null;
      }
      const parentKey = parentKeyOf(earlierParams, earlier.slice(0, earlierParams.length));
      return (await documentExists(db, { organisationId, entry, parentKey }, id)) ? id : null;
    },
  };
}

/** What a free path value (no catalogue record behind it, e.g. an integration's name) may be. */
const FREE_VALUE = /^[A-Za-z0-9-]{1,64}$/;

/**
 * A path value no record of the product stands behind (`/integrations/service/{integrationId}/…`):
 * it only scopes the records stored under it.
 */
export function freeParent(param: string, label: string): ParentResolver {
  return {
    param,
    label,
    async resolve(_db, _organisationId, raw) {
      return FREE_VALUE.test(raw) ? raw : null;
    },
  };
}

/** An opportunity, named in paths by its id or its slug (the public URLs use the slug). */
export function opportunityParent(param: string): ParentResolver {
  return {
    param,
    label: 'opportunity',
    async resolve(db, organisationId, raw) {
      const id = parseRowId(raw);
      const [row] = await db
        .select({ id: opportunities.id })
        .from(opportunities)
        .where(
          and(
            eq(opportunities.organisationId, organisationId),
            id === null
              ? eq(opportunities.slug, raw)
              : or(eq(opportunities.id, id), eq(opportunities.slug, raw)),
          ),
        )
        .limit(1);
      return row?.id ?? null;
    },
  };
}
