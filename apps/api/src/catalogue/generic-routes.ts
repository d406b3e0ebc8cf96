import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, HTTPMethods, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogue,
  dataEnvelope,
  errorResponseSchema,
  isOperationEnabled,
  paginatedResponseSchema,
  pathParams,
  resourcePermissions,
  type CatalogueEntry,
  type CatalogueOperation,
} from '@muster/contract';
import { createFileUrlSigner } from '../modules/files/file-urls.js';
import { rethrowValidation } from '../plugins/auth.js';
import { HttpError, issuesToErrors, validationError } from '../plugins/errors.js';
import { organisationOf } from '../plugins/tenancy.js';
import {
  parentsOf,
  resourceBindings,
  SIGNED_IN,
  type OwnRecords,
  type ReadAccess,
  type ResourceBinding,
} from './bindings/index.js';
import { documentBindings, MODULE_ENTRIES } from './document-bindings.js';
import {
  createDocumentService,
  documentBodySchema,
  documentRowSchema,
  type DocumentBinding,
} from './document-service.js';
import { listQuerySchema, parseListQuery } from './list-query.js';
import { oncePerKey } from './once-per-key.js';
import { MULTIPART_LIMITS, readMultipartBody } from './multipart-body.js';
import { OWN_RECORDS } from './own-records.js';
import {
  assertBindingFitsTable,
  camelKey,
  createResourceService,
  filterableFields,
  type ResourceService,
} from './service.js';

/** What the generic module did with one operation of a catalogue entry. */
export type CatalogueRouteOutcome = {
  entry: string;
  operation: CatalogueOperation;
  method: HTTPMethods;
  /** Full Fastify pattern, e.g. `/api/organisation/terms/:id`. */
  url: string;
  /**
   * `registered`: served from a table binding or the document store; `skipped`: a hand-written
   * module answers this method and path; `refused`: answered 405 (disabled by the spec, or an
   * operation the entry's module does not offer).
   */
  outcome: 'registered' | 'skipped' | 'refused';
  /** Where a registered operation stores its records. */
  storage?: 'table' | 'document';
  /** Who may call a registered operation: a permission name, `signed-in` or `public`. */
  access?: string;
  /** Per-user routes: what the user may do with their own records without the permission. */
  ownRecords?: OwnRecords;
};

/** The outcomes of the catalogue registration of each server, by its HTTP server (shared by every plugin scope). */
const outcomesByServer = new WeakMap<object, CatalogueRouteOutcome[]>();

/** What the generic module did with each catalogue operation of this server (empty before it is ready). */
export function catalogueOutcomesOf(app: FastifyInstance): readonly CatalogueRouteOutcome[] {
  return outcomesByServer.get(app.server) ?? [];
}

const METHODS: Record<CatalogueOperation, HTTPMethods> = {
  index: 'GET',
  show: 'GET',
  store: 'POST',
  update: 'PUT',
  del: 'DELETE',
};
const WRITES: ReadonlySet<CatalogueOperation> = new Set(['store', 'update', 'del']);
const COLLECTION_OPERATIONS: readonly CatalogueOperation[] = ['index', 'store'];
const ITEM_OPERATIONS: readonly CatalogueOperation[] = ['show', 'update', 'del'];

/** `/users/{userId}/consents/` → `/users/:userId/consents` (the router ignores trailing slashes). */
export function fastifyPattern(path: string): string {
  const pattern = path.replace(/\{([^}]+)\}/g, ':$1');
  return pattern.length > 1 && pattern.endsWith('/') ? pattern.slice(0, -1) : pattern;
}

/** The collection and item patterns of an entry, and the name of the item's id parameter. */
export function entryPatterns(entry: CatalogueEntry): { collection: string; item: string; idParam: string } {
  const collection = fastifyPattern(entry.path);
  // The item id goes last; named `id` unless the route already uses that name.
  const idParam = pathParams(entry.path).includes('id') ? 'itemId' : 'id';
  return { collection, item: `${collection}/:${idParam}`, idParam };
}

/** One catalogue entry as the generic routes serve it, whichever storage is behind it. */
type ServedResource = {
  entry: CatalogueEntry;
  label: string;
  storage: 'table' | 'document';
  row: z.ZodType;
  /** Body of a store; undefined for read-only resources. */
  body?: z.ZodType;
  /** Body of an update: every field optional. */
  updateBody?: z.ZodType;
  read: ReadAccess;
  write: string;
  ownRecords?: OwnRecords;
  maxPerPage?: number;
  /** Fields an index may filter and sort by; null for any snake_case field. */
  filterFields: readonly string[] | null;
  service: ResourceService;
};

/**
 * Registers every catalogue entry under `/api`: plain CRUD for entries with a table binding, the
 * JSON-document store for the entries whose fields the spec does not show, and 405 for every
 * operation that is disabled or that the entry's module does not offer. Listed last in
 * `modules/index.ts` so that hand-written routes win.
 */
export async function registerCatalogueModule(app: FastifyInstance): Promise<void> {
  const outcomes = await registerCatalogueBindings(app, resourceBindings, catalogue, { documents: true });
  outcomesByServer.set(app.server, outcomes);
}

/**
 * Registers the enabled operations of each binding's catalogue entry (and, with `documents`, of
 * every entry without a table or a module), skipping any method and path a hand-written module
 * already registered (`app.hasRoute`), then answers 405 for the rest. The routes are added inside
 * a child plugin, which avvio loads only after every plugin registered before it, so routes of
 * modules that registered child plugins without awaiting them are in the router by then.
 * Bindings that do not fit their entry or table throw here, stopping the server at start.
 */
export async function registerCatalogueBindings(
  app: FastifyInstance,
  bindings: readonly ResourceBinding[],
  entries: readonly CatalogueEntry[] = catalogue,
  options: { documents?: boolean } = {},
): Promise<CatalogueRouteOutcome[]> {
  const outcomes: CatalogueRouteOutcome[] = [];
  await app.register(async (scope) => {
    // A store may come as multipart form data, its files stored through the file module.
    await scope.register(multipart, { limits: MULTIPART_LIMITS });
    const served: ServedResource[] = bindings.map((binding) => {
      const entry = entries.find((candidate) => candidate.name === binding.entry);
      if (!entry) {
        throw new Error(`Binding for unknown catalogue entry ${binding.entry}.`);
      }
      return servedTable(scope, entry, binding);
    });
    if (options.documents) {
      served.push(...documentBindings(entries, bindings).map((binding) => servedDocument(scope, binding)));
    }
    for (const resource of served) {
      outcomes.push(...registerServed(scope, resource));
    }
    if (options.documents) {
      outcomes.push(...registerRefusals(scope, entries, outcomes));
    }
  });
  return outcomes;
}

/** Hour-long links reading a file of an organisation, signed with the server's code key. */
function fileUrlsOf(app: FastifyInstance): (organisationId: number, fileId: string) => string {
  const signer = createFileUrlSigner(app.auth.codeKey);
  return (organisationId, fileId) => signer.url(organisationId, fileId, 'view');
}

function servedTable(app: FastifyInstance, entry: CatalogueEntry, binding: ResourceBinding): ServedResource {
  assertBindingFitsEntry(entry, binding);
  const permissions = resourcePermissions(entry);
  const own = binding.ownRecords ?? OWN_RECORDS[entry.name];
  return {
    entry,
    label: binding.label,
    storage: 'table',
    row: binding.row,
    ...(binding.body ? { body: binding.body, updateBody: binding.body.partial() } : {}),
    read: binding.read === undefined ? permissions.view : binding.read,
    write: binding.write ?? permissions.manage,
    ...(own ? { ownRecords: own } : {}),
    ...(binding.maxPerPage === undefined ? {} : { maxPerPage: binding.maxPerPage }),
    filterFields: filterableFields(binding),
    service: createResourceService(
      app.db,
      binding,
      'file_url' in binding.row.shape ? { fileUrl: fileUrlsOf(app) } : {},
    ),
  };
}

function servedDocument(app: FastifyInstance, binding: DocumentBinding): ServedResource {
  const permissions = resourcePermissions(binding.entry);
  return {
    entry: binding.entry,
    label: binding.label,
    storage: 'document',
    row: documentRowSchema,
    body: documentBodySchema,
    updateBody: documentBodySchema,
    read: binding.read === undefined ? permissions.view : binding.read,
    write: binding.write ?? permissions.manage,
    ...(binding.ownRecords ? { ownRecords: binding.ownRecords } : {}),
    filterFields: null,
    service: createDocumentService(app.db, binding),
  };
}

function assertBindingFitsEntry(entry: CatalogueEntry, binding: ResourceBinding): void {
  const writes = entry.operations.filter((operation) => WRITES.has(operation));
  if (writes.length > 0 && binding.global) {
    throw new Error(
      `${entry.name}: global reference data is read-only, but the entry enables ${writes.join(', ')}.`,
    );
  }
  if ((isOperationEnabled(entry, 'store') || isOperationEnabled(entry, 'update')) && !binding.body) {
    throw new Error(`${entry.name}: writes are enabled but the binding has no body schema.`);
  }
  const parents = parentsOf(binding);
  const params = pathParams(entry.path);
  const unscoped = params.filter((param) => !parents.some((parent) => parent.param === param));
  if (unscoped.length > 0) {
    // A path parameter the queries would ignore could reach rows of the wrong parent.
    throw new Error(`${entry.name}: path parameters ${unscoped.join(', ')} have no parent binding.`);
  }
  for (const parent of parents) {
    if (!params.includes(parent.param)) {
      throw new Error(`${entry.name}: the parent parameter ${parent.param} is not in ${entry.path}.`);
    }
    if (Object.keys(binding.body?.shape ?? {}).some((key) => camelKey(key) === parent.column)) {
      // The path names the parent; a body field for it could move a row under another organisation's parent.
      throw new Error(`${entry.name}: the body may not set the parent column ${parent.column}.`);
    }
  }
  assertBindingFitsTable(binding);
}

function describeAccess(access: ReadAccess): string {
  return access === null ? 'public' : access === SIGNED_IN ? 'signed-in' : access;
}

/** Marks a guard with what it requires, for the OpenAPI document. */
function tagged(handler: preHandlerAsyncHookHandler, requiredAccess: string): preHandlerAsyncHookHandler {
  return Object.assign(handler, { requiredAccess });
}

/** The answer of a delete, shared by every catalogue route that deletes. */
const deletedResponse = z.null().describe('Deleted.');
/** A path parameter's schema, shared by every route with a parameter of that name. */
const pathParamSchema = oncePerKey((param: string) => z.string().describe(`The ${param} of the route.`));

function registerServed(app: FastifyInstance, resource: ServedResource): CatalogueRouteOutcome[] {
  const { entry, service } = resource;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { collection, item, idParam } = entryPatterns(entry);
  const params = pathParams(entry.path);
  // Built once per resource, not per route: each zod instance a route keeps costs heap.
  const pathSchema = oncePerKey((withId: boolean) =>
    z.object(
      Object.fromEntries([
        ...params.map((param) => [param, pathParamSchema(param)]),
        ...(withId ? [[idParam, z.string().describe(`The ${resource.label}'s identifier.`)]] : []),
      ]),
    ),
  );
  let rowEnvelope: z.ZodType | undefined;
  const rowResponse = () => (rowEnvelope ??= dataEnvelope(resource.row));
  const accessOf = (operation: CatalogueOperation): ReadAccess =>
    WRITES.has(operation) ? resource.write : resource.read;
  const ownAllowed = (operation: CatalogueOperation) =>
    resource.ownRecords === 'write' || (resource.ownRecords === 'read' && !WRITES.has(operation));
  const guard = (operation: CatalogueOperation): preHandlerAsyncHookHandler[] => {
    const access = accessOf(operation);
    const checks: preHandlerAsyncHookHandler[] =
      access === null ? [] : access === SIGNED_IN ? [app.requireAuth] : [app.requirePermission(access)];
    if (ownAllowed(operation) && typeof access === 'string' && params[0] === 'userId') {
      const permissionCheck = app.requirePermission(access);
      // A person's own records need no permission; anyone else's need the entry's.
      const ownOrPermission: preHandlerAsyncHookHandler = async function (request, reply) {
        const userId = (request.params as Record<string, string>).userId;
        if (request.session && String(request.session.userId) === userId) {
          return;
        }
        await permissionCheck.call(this, request, reply);
      };
      checks.splice(0, checks.length, tagged(ownOrPermission, `${access} (or the user themself)`));
    }
    // Authorisation comes before validation errors: an anonymous caller learns nothing of the schema.
    return [...checks, rethrowValidation];
  };
  const guardedErrors = (operation: CatalogueOperation) => {
    const access = accessOf(operation);
    if (access === null) {
      return {};
    }
    return access === SIGNED_IN
      ? { 401: errorResponseSchema }
      : { 401: errorResponseSchema, 403: errorResponseSchema };
  };
  const ownerOf = (request: FastifyRequest) =>
    service.owner(organisationOf(request).id, request.params as Record<string, string>);
  const idOf = (request: FastifyRequest) => (request.params as Record<string, string>)[idParam] ?? '';
  const actorOf = (request: FastifyRequest) => ({ userId: request.session?.userId ?? null });
  const readMultipartStore: preHandlerAsyncHookHandler = async (request) => {
    if (!request.isMultipart()) {
      return;
    }
    const owner = await ownerOf(request);
    const userParam = (request.params as Record<string, string>).userId;
    const body = await readMultipartBody(request, {
      db: app.db,
      dataDir: app.config.dataDir,
      organisationId: owner.organisationId,
      ownerUserId: userParam === undefined ? null : Number(userParam),
      shape: resource.body instanceof z.ZodObject ? resource.body.shape : undefined,
    });
    // The route's own validation saw no JSON body: the assembled one is validated here instead.
    const parsed = bodyOf(resource).safeParse(body);
    if (!parsed.success) {
      throw validationError(issuesToErrors(parsed.error.issues));
    }
    request.body = parsed.data;
    request.validationError = undefined;
  };
  const tags = ['catalogue', entry.area];
  const prefix = app.prefix;
  const storedAs = resource.storage === 'document' ? ' Stored as a JSON document.' : '';

  const outcomes: CatalogueRouteOutcome[] = [];
  for (const operation of entry.operations) {
    const method = METHODS[operation];
    const url = operation === 'index' || operation === 'store' ? collection : item;
    // Hand-written routes take precedence over plain CRUD of the same method and path.
    const outcome = app.hasRoute({ method, url: `${prefix}${url}` }) ? 'skipped' : 'registered';
    outcomes.push({
      entry: entry.name,
      operation,
      method,
      url: `${prefix}${url}`,
      outcome,
      ...(outcome === 'registered'
        ? {
            storage: resource.storage,
            access: describeAccess(accessOf(operation)),
            ...(ownAllowed(operation) && params[0] === 'userId' && resource.ownRecords
              ? { ownRecords: resource.ownRecords }
              : {}),
          }
        : {}),
    });
    if (outcome === 'skipped') {
      app.log.debug({ entry: entry.name, method, url }, 'catalogue route left to its hand-written module');
      continue;
    }
    const guards = guard(operation);
    const common = {
      url,
      attachValidation: true,
      // A multipart store is read (files stored) once the caller is known to be allowed to store.
      preHandler:
        operation === 'store' ? [...guards.slice(0, -1), readMultipartStore, ...guards.slice(-1)] : guards,
    };
    switch (operation) {
      case 'index':
        routes.route({
          ...common,
          method,
          schema: {
            tags,
            summary: `List ${resource.label} records (${entry.name})`,
            description: `Pages of up to ${resource.maxPerPage ?? 100}; filter by any field (\`field=value\`), sort (\`sort=-field\`) and search (\`q\`).${storedAs}`,
            params: pathSchema(false),
            querystring: listQuerySchema(resource.maxPerPage, resource.filterFields),
            response: {
              200: paginatedResponseSchema(resource.row),
              ...guardedErrors(operation),
              404: errorResponseSchema,
              422: errorResponseSchema,
            },
          },
          handler: async (request) => {
            const fields = resource.filterFields === null ? null : new Set(resource.filterFields);
            const query = parseListQuery(request.query, fields);
            return service.list(await ownerOf(request), query);
          },
        });
        break;
      case 'show':
        routes.route({
          ...common,
          method,
          schema: {
            tags,
            summary: `Show one ${resource.label} (${entry.name})`,
            ...(storedAs ? { description: storedAs.trim() } : {}),
            params: pathSchema(true),
            response: {
              200: rowResponse(),
              ...guardedErrors(operation),
              404: errorResponseSchema,
            },
          },
          handler: async (request) => ({ data: await service.show(await ownerOf(request), idOf(request)) }),
        });
        break;
      case 'store':
        routes.route({
          ...common,
          method,
          schema: {
            tags,
            summary: `Create a ${resource.label} (${entry.name})`,
            description: `JSON, or multipart form data whose files are stored through the file module (each file field then holds the file id).${storedAs}`,
            consumes: ['application/json', 'multipart/form-data'],
            params: pathSchema(false),
            body: bodyOf(resource),
            response: {
              201: rowResponse(),
              ...guardedErrors(operation),
              404: errorResponseSchema,
              422: errorResponseSchema,
            },
          },
          handler: async (request, reply) => {
            const data = await service.store(
              await ownerOf(request),
              request.body as Record<string, unknown>,
              actorOf(request),
            );
            return reply.status(201).send({ data });
          },
        });
        break;
      case 'update':
        routes.route({
          ...common,
          method,
          schema: {
            tags,
            summary: `Change a ${resource.label}; omitted fields keep their value (${entry.name})`,
            ...(storedAs ? { description: storedAs.trim() } : {}),
            params: pathSchema(true),
            body: resource.updateBody ?? bodyOf(resource),
            response: {
              200: rowResponse(),
              ...guardedErrors(operation),
              404: errorResponseSchema,
              422: errorResponseSchema,
            },
          },
          handler: async (request) => ({
            data: await service.update(
              await ownerOf(request),
              idOf(request),
              request.body as Record<string, unknown>,
            ),
          }),
        });
        break;
      case 'del':
        routes.route({
          ...common,
          method,
          schema: {
            tags,
            summary: `Delete a ${resource.label} (${entry.name})`,
            ...(storedAs ? { description: storedAs.trim() } : {}),
            params: pathSchema(true),
            response: {
              204: deletedResponse,
              ...guardedErrors(operation),
              404: errorResponseSchema,
              409: errorResponseSchema,
            },
          },
          handler: async (request, reply) => {
            await service.destroy(await ownerOf(request), idOf(request));
            return reply.status(204).send(null);
          },
        });
        break;
    }
  }
  return outcomes;
}

/**
 * Answers 405 with an `Allow` header for every generic operation of every entry that nothing
 * serves: the ones the spec disables, and the ones a module-served entry does not offer.
 * Registered after everything else, so a method and path anything answers is never refused.
 */
function registerRefusals(
  app: FastifyInstance,
  entries: readonly CatalogueEntry[],
  decided: readonly CatalogueRouteOutcome[],
): CatalogueRouteOutcome[] {
  const prefix = app.prefix;
  const outcomes: CatalogueRouteOutcome[] = [];
  const served = new Set(decided.map((outcome) => `${outcome.entry} ${outcome.operation}`));
  const claimed = new Set<string>();
  const refusedShapes = new Set<string>();
  const shape = (method: string, url: string) => `${method} ${url.replace(/:[^/]+/g, ':')}`;
  for (const entry of entries) {
    const { collection, item } = entryPatterns(entry);
    for (const [url, operations] of [
      [collection, COLLECTION_OPERATIONS],
      [item, ITEM_OPERATIONS],
    ] as const) {
      // Methods something really answers at this path: every route there except the refusals.
      const allowed = () =>
        (['GET', 'POST', 'PUT', 'DELETE'] as const).filter(
          (method) =>
            app.hasRoute({ method, url: `${prefix}${url}` }) && !refusedShapes.has(shape(method, url)),
        );
      for (const operation of operations) {
        const method = METHODS[operation];
        if (served.has(`${entry.name} ${operation}`)) {
          continue;
        }
        if (app.hasRoute({ method, url: `${prefix}${url}` }) || claimed.has(shape(method, url))) {
          // A hand-written module answers it (or another entry of the same path shape does).
          outcomes.push({ entry: entry.name, operation, method, url: `${prefix}${url}`, outcome: 'skipped' });
          continue;
        }
        claimed.add(shape(method, url));
        refusedShapes.add(shape(method, url));
        outcomes.push({ entry: entry.name, operation, method, url: `${prefix}${url}`, outcome: 'refused' });
        const disabled = !isOperationEnabled(entry, operation);
        const message = disabled
          ? `The ${operation === 'del' ? 'delete' : operation} operation is not available on this resource.`
          : `This resource does not offer the ${operation === 'del' ? 'delete' : operation} operation.`;
        app.route({
          method,
          url,
          // Documented, so that the reference shows every catalogue call and what it answers.
          schema: {
            tags: ['catalogue', entry.area],
            summary: `Not available: ${operation === 'del' ? 'delete' : operation} (${entry.name})`,
            description: message,
            response: { 405: errorResponseSchema },
          },
          handler: async (_request, reply) => {
            const allow = allowed();
            throw new HttpError(405, message, undefined, { Allow: allow.join(', ') });
            void reply;
          },
        });
      }
    }
  }
  return outcomes;
}

/** True when the entry is answered by a hand-written module rather than the generic routes. */
export function isModuleEntry(entryName: string): boolean {
  return MODULE_ENTRIES.has(entryName);
}

function bodyOf(resource: ServedResource): z.ZodType {
  if (!resource.body) {
    throw new Error(`${resource.entry.name}: no body schema.`);
  }
  return resource.body;
}
