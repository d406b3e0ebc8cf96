import { z } from 'zod';
import { documentRecordSchema, parseRowId, type CatalogueEntry } from '@muster/contract';
import type { Database } from '../db/client.js';
import { HttpError, validationError } from '../plugins/errors.js';
import type { OwnRecords, ReadAccess } from './bindings/index.js';
import {
  deleteDocument,
  findDocument,
  insertDocument,
  listDocuments,
  mergeDocument,
  type DocumentRow,
  type DocumentScope,
} from './document-repository.js';
import { FIELD_NAME } from './list-query.js';
import { parentKeyOf, type ParentResolver } from './parents.js';
import type { Owner } from './repository.js';
import type { ResourceService, WireObject } from './service.js';

/**
 * A catalogue entry whose fields the spec does not show, stored as JSON documents
 * (`catalogue_records`). Built from the catalogue by `documentBindings`, not written per resource.
 */
export type DocumentBinding = {
  entry: CatalogueEntry;
  /** What one record is called in sentences. */
  label: string;
  /** The route's `{param}`s in path order. */
  parents: ParentResolver[];
  /** Entries whose records are stored under this entry's records (deleted with them). */
  childEntries: string[];
  /** The `{param}` child routes name this entry's records by, e.g. `chatId` ('' without children). */
  itemParam: string;
  read?: ReadAccess;
  write?: string;
  ownRecords?: OwnRecords;
};

/** Fields the server sets on every document; a body may not. */
const SERVER_FIELDS = new Set(['id', 'organisation_id', 'created_at', 'updated_at', 'created_by']);
/** Most top-level fields one document holds. */
const MAX_FIELDS = 100;

/**
 * What a document body may be: a JSON object with at most 100 snake_case top-level fields, none
 * of them one the server sets. Values are any JSON (the request size and nesting guards bound them).
 */
export const documentBodySchema = z
  .record(z.string(), z.json().describe('Any JSON value.'))
  .superRefine((body, context) => {
    const keys = Object.keys(body);
    if (keys.length > MAX_FIELDS) {
      context.addIssue({
        code: 'custom',
        path: [],
        message: `A record may have at most ${MAX_FIELDS} fields.`,
      });
    }
    for (const key of keys) {
      if (SERVER_FIELDS.has(key)) {
        context.addIssue({ code: 'custom', path: [key], message: 'This field is set by the server.' });
      } else if (!FIELD_NAME.test(key)) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: 'Field names are lower-case letters, digits and underscores, starting with a letter.',
        });
      }
    }
  })
  .describe('The record: a JSON object of snake_case fields.');

/** What a stored document answers: its fields plus the ones the server keeps. */
/** A document as answered: declared once, in the contract. */
export const documentRowSchema = documentRecordSchema;

function toWire(row: DocumentRow): WireObject {
  return {
    ...row.body,
    id: row.id,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The JSON values a query-string value can stand for: itself, and the number, boolean or null it spells. */
function jsonCandidates(raw: string): unknown[] {
  const candidates: unknown[] = [raw];
  if (raw === 'true' || raw === 'false') {
    candidates.push(raw === 'true');
  } else if (raw === 'null') {
    candidates.push(null);
  } else if (raw.trim() !== '' && Number.isFinite(Number(raw))) {
    candidates.push(Number(raw));
  }
  return candidates;
}

/** The generic operations over one document binding, scoped by organisation, entry and parents. */
export function createDocumentService(db: Database, binding: DocumentBinding): ResourceService {
  const entry = binding.entry.name;
  const params = binding.parents.map((parent) => parent.param);
  const scopeOf = (owner: Owner): DocumentScope => ({
    organisationId: owner.organisationId,
    entry,
    parentKey: parentKeyOf(params, owner.parentIds),
  });
  const notFound = () => new HttpError(404, `The ${binding.label} was not found.`);
  const parseId = (raw: string): number => {
    const id = parseRowId(raw);
    if (id === null) {
      throw notFound();
    }
    return id;
  };
  const fieldsOf = (body: WireObject) => {
    const parsed = documentBodySchema.safeParse(body);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.map(String).join('.') || 'body';
        (errors[key] ??= []).push(issue.message);
      }
      throw validationError(errors);
    }
    return parsed.data as Record<string, unknown>;
  };

  return {
    async owner(organisationId, routeParams) {
      const parentIds: Array<number | string> = [];
      for (const parent of binding.parents) {
        const resolved = await parent.resolve(db, organisationId, routeParams[parent.param] ?? '', parentIds);
        if (resolved === null) {
          throw new HttpError(404, `The ${parent.label} was not found.`);
        }
        parentIds.push(resolved);
      }
      return { organisationId, parentIds };
    },

    async list(owner, query) {
      const { rows, total } = await listDocuments(db, scopeOf(owner), {
        page: query.page,
        perPage: query.perPage,
        filters: query.filters.map((filter) => ({
          field: filter.field,
          values: filter.values.flatMap(jsonCandidates),
        })),
        sort: query.sort,
        ...(query.q === undefined ? {} : { q: query.q }),
      });
      return { data: rows.map(toWire), meta: { current_page: query.page, per_page: query.perPage, total } };
    },

    async show(owner, rawId) {
      const row = await findDocument(db, scopeOf(owner), parseId(rawId));
      if (!row) {
        throw notFound();
      }
      return toWire(row);
    },

    async store(owner, body, actor) {
      return toWire(await insertDocument(db, scopeOf(owner), fieldsOf(body), actor.userId));
    },

    async update(owner, rawId, body) {
      const id = parseId(rawId);
      const changes = fieldsOf(body);
      const row = await db.transaction((tx) => mergeDocument(tx, scopeOf(owner), id, changes));
      if (!row) {
        throw notFound();
      }
      return toWire(row);
    },

    async destroy(owner, rawId) {
      const id = parseId(rawId);
      const deleted = await db.transaction((tx) =>
        deleteDocument(tx, scopeOf(owner), id, binding.itemParam, binding.childEntries),
      );
      if (!deleted) {
        throw notFound();
      }
    },
  };
}
