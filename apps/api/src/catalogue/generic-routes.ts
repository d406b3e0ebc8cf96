import type { FastifyInstance, FastifyRequest, HTTPMethods, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogue,
  dataEnvelope,
  errorResponseSchema,
  isOperationEnabled,
  paginatedResponseSchema,
  paginationQuerySchema,
  pathParams,
  resourcePermissions,
  type CatalogueEntry,
  type CatalogueOperation,
  type PaginationQuery,
} from '@muster/contract';
import { rethrowValidation } from '../plugins/auth.js';
import { organisationOf } from '../plugins/tenancy.js';
import { resourceBindings, SIGNED_IN, type ReadAccess, type ResourceBinding } from './bindings/index.js';
import { assertBindingFitsTable, camelKey, createResourceService } from './service.js';

/** What the generic module did with one operation of a bound entry. */
export type CatalogueRouteOutcome = {
  entry: string;
  operation: CatalogueOperation;
  method: HTTPMethods;
  /** Full Fastify pattern, e.g. `/api/organisation/terms/:id`. */
  url: string;
  /** `skipped`: a hand-written module already answers this method and path. */
  outcome: 'registered' | 'skipped';
};

const METHODS: Record<CatalogueOperation, HTTPMethods> = {
  index: 'GET',
  show: 'GET',
  store: 'POST',
  update: 'PUT',
  del: 'DELETE',
};
const WRITES: ReadonlySet<CatalogueOperation> = new Set(['store', 'update', 'del']);

/** `/users/{userId}/consents/` → `/users/:userId/consents` (the router ignores trailing slashes). */
export function fastifyPattern(path: string): string {
  const pattern = path.replace(/\{([^}]+)\}/g, ':$1');
  return pattern.length > 1 && pattern.endsWith('/') ? pattern.slice(0, -1) : pattern;
}

/**
 * Registers plain CRUD for every bound catalogue entry (platform-foundation §7 generic operations),
 * under `/api`. Listed last in `modules/index.ts` so that hand-written routes win.
 */
export async function registerCatalogueModule(app: FastifyInstance): Promise<void> {
  await registerCatalogueBindings(app, resourceBindings);
}

/**
 * Registers the enabled operations of each binding's catalogue entry, skipping any method and path
 * a hand-written module already registered (`app.hasRoute`). The routes are added inside a child
 * plugin, which avvio loads only after every plugin registered before it, so routes of modules
 * that registered child plugins without awaiting them are in the router by the time we look.
 * Bindings that do not fit their entry or table throw here, stopping the server at start.
 */
export async function registerCatalogueBindings(
  app: FastifyInstance,
  bindings: readonly ResourceBinding[],
  entries: readonly CatalogueEntry[] = catalogue,
): Promise<CatalogueRouteOutcome[]> {
  const outcomes: CatalogueRouteOutcome[] = [];
  await app.register(async (scope) => {
    for (const binding of bindings) {
      const entry = entries.find((candidate) => candidate.name === binding.entry);
      if (!entry) {
        throw new Error(`Binding for unknown catalogue entry ${binding.entry}.`);
      }
      outcomes.push(...registerBinding(scope, entry, binding));
    }
  });
  return outcomes;
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
  const params = pathParams(entry.path);
  const unscoped = params.filter((param) => param !== binding.parent?.param);
  if (unscoped.length > 0) {
    // A path parameter the queries would ignore could reach rows of the wrong parent.
    throw new Error(`${entry.name}: path parameters ${unscoped.join(', ')} have no parent binding.`);
  }
  if (binding.parent && !params.includes(binding.parent.param)) {
    throw new Error(`${entry.name}: the parent parameter ${binding.parent.param} is not in ${entry.path}.`);
  }
  const parentColumn = binding.parent?.column;
  if (parentColumn && Object.keys(binding.body?.shape ?? {}).some((key) => camelKey(key) === parentColumn)) {
    // The path names the parent; a body field for it could move a row under another organisation's parent.
    throw new Error(`${entry.name}: the body may not set the parent column ${parentColumn}.`);
  }
  assertBindingFitsTable(binding);
}

function registerBinding(
  app: FastifyInstance,
  entry: CatalogueEntry,
  binding: ResourceBinding,
): CatalogueRouteOutcome[] {
  assertBindingFitsEntry(entry, binding);
  const service = createResourceService(app.db, binding);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const collection = fastifyPattern(entry.path);
  const params = pathParams(entry.path);
  // The item id goes last; named `id` unless the route already uses that name.
  const idParam = params.includes('id') ? 'itemId' : 'id';
  const item = `${collection}/:${idParam}`;
  const pathSchema = (withId: boolean) =>
    z.object(
      Object.fromEntries([
        ...params.map((param) => [param, z.string().describe(`The ${param} of the route.`)]),
        ...(withId ? [[idParam, z.string().describe(`The ${binding.label}'s identifier.`)]] : []),
      ]),
    );
  const permissions = resourcePermissions(entry);
  const accessOf = (operation: CatalogueOperation): ReadAccess =>
    WRITES.has(operation)
      ? (binding.write ?? permissions.manage)
      : binding.read === undefined
        ? permissions.view
        : binding.read;
  const guard = (operation: CatalogueOperation): preHandlerAsyncHookHandler[] => {
    const access = accessOf(operation);
    const checks =
      access === null ? [] : access === SIGNED_IN ? [app.requireAuth] : [app.requirePermission(access)];
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
  const tags = ['catalogue', entry.area];
  const prefix = app.prefix;

  const outcomes: CatalogueRouteOutcome[] = [];
  for (const operation of entry.operations) {
    const method = METHODS[operation];
    const url = operation === 'index' || operation === 'store' ? collection : item;
    // Hand-written routes take precedence over plain CRUD of the same method and path.
    const outcome = app.hasRoute({ method, url: `${prefix}${url}` }) ? 'skipped' : 'registered';
    outcomes.push({ entry: entry.name, operation, method, url: `${prefix}${url}`, outcome });
    if (outcome === 'skipped') {
      app.log.debug({ entry: entry.name, method, url }, 'catalogue route left to its hand-written module');
      continue;
    }
    const common = { url, attachValidation: true, preHandler: guard(operation) };
    switch (operation) {
      case 'index':
        routes.route({
          ...common,
          method,
          schema: {
            tags,
            summary: `List ${binding.label} rows (${entry.name})`,
            params: pathSchema(false),
            querystring: paginationQuerySchema(binding.maxPerPage),
            response: {
              200: paginatedResponseSchema(binding.row),
              ...guardedErrors(operation),
              404: errorResponseSchema,
              422: errorResponseSchema,
            },
          },
          handler: async (request) => {
            const query: PaginationQuery = request.query;
            return service.list(await ownerOf(request), { page: query.page, perPage: query.per_page });
          },
        });
        break;
      case 'show':
        routes.route({
          ...common,
          method,
          schema: {
            tags,
            summary: `Show one ${binding.label} (${entry.name})`,
            params: pathSchema(true),
            response: {
              200: dataEnvelope(binding.row),
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
            summary: `Create a ${binding.label} (${entry.name})`,
            params: pathSchema(false),
            body: bodyOf(binding),
            response: {
              201: dataEnvelope(binding.row),
              ...guardedErrors(operation),
              404: errorResponseSchema,
              422: errorResponseSchema,
            },
          },
          handler: async (request, reply) => {
            const data = await service.store(await ownerOf(request), request.body);
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
            summary: `Change a ${binding.label}; omitted fields keep their value (${entry.name})`,
            params: pathSchema(true),
            body: bodyOf(binding).partial(),
            response: {
              200: dataEnvelope(binding.row),
              ...guardedErrors(operation),
              404: errorResponseSchema,
              422: errorResponseSchema,
            },
          },
          handler: async (request) => ({
            data: await service.update(await ownerOf(request), idOf(request), request.body),
          }),
        });
        break;
      case 'del':
        routes.route({
          ...common,
          method,
          schema: {
            tags,
            summary: `Delete a ${binding.label} (${entry.name})`,
            params: pathSchema(true),
            response: {
              204: z.null().describe('Deleted.'),
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

function bodyOf(binding: ResourceBinding): z.ZodObject {
  if (!binding.body) {
    throw new Error(`${binding.entry}: no body schema.`);
  }
  return binding.body;
}
