import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@muster/contract';

/** Where the OpenAPI document is served. */
export const OPENAPI_PATH = '/api/openapi.json';

/** Where the readable reference page is served (its assets under `/api/docs/static/`). */
export const DOCS_PREFIX = '/api/docs';

/** Name of the bearer security scheme the protected operations point at. */
export const BEARER_SCHEME = 'bearer';

/** What `x-permission` says of a route no guard protects. */
export const PUBLIC_ACCESS = 'public';

/** What `requireAuth` carries as its `requiredAccess`: any signed-in caller. */
export const SIGNED_IN_ACCESS = 'signed-in';

/** Component name of the API's one error shape, which nearly every operation answers with. */
export const ERROR_COMPONENT = 'Error';

/**
 * Name of the query parameter that stands for a query's free-form keys (a record, or an object's
 * catch-all): an object parameter, spread into `key=value` pairs (form style, exploded).
 */
export const FREE_FORM_QUERY_PARAMETER = 'fields';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type JsonObject = Record<string, unknown>;
type ZodSchema = z.core.$ZodType;
type RouteSchema = FastifySchema & {
  description?: string;
  response?: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
  [extension: `x-${string}`]: unknown;
};

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The access a route needs, read from the `requiredAccess` the auth plugin's guards carry
 * (`requirePermission(p)` → `p`, `requireAuth` → `signed-in`) among its `onRequest` and
 * `preHandler` hooks: the permission names when there are any (they imply a sign-in),
 * otherwise `['signed-in']`, otherwise `['public']`.
 */
export function requiredAccessOf(route: Pick<RouteOptions, 'onRequest' | 'preHandler'>): string[] {
  const hooks = [route.onRequest, route.preHandler].flatMap((value: unknown): unknown[] =>
    Array.isArray(value) ? value : value === undefined ? [] : [value],
  );
  const tags = new Set<string>();
  for (const hook of hooks) {
    const access = typeof hook === 'function' ? (hook as { requiredAccess?: unknown }).requiredAccess : undefined;
    if (typeof access === 'string' && access !== '') {
      tags.add(access);
    }
  }
  const permissions = [...tags].filter((tag) => tag !== SIGNED_IN_ACCESS && tag !== PUBLIC_ACCESS);
  if (permissions.length > 0) {
    return permissions.sort();
  }
  return tags.has(SIGNED_IN_ACCESS) ? [SIGNED_IN_ACCESS] : [PUBLIC_ACCESS];
}

/** The sentence the operation's description gets for its access. */
function accessSentence(access: readonly string[]): string {
  if (access.includes(PUBLIC_ACCESS)) {
    return 'Access: public, no sign-in needed.';
  }
  if (access.includes(SIGNED_IN_ACCESS)) {
    return 'Access: any signed-in caller (bearer token).';
  }
  const names = access.map((name) => `\`${name}\``).join(' and ');
  return `Access: signed in with the ${names} permission${access.length > 1 ? 's' : ''} (bearer token).`;
}

/** What an error answer means, per status, where the reason phrase says too little. */
const ERROR_DESCRIPTIONS: Record<string, string> = {
  401: 'Not signed in, or the token is not valid here.',
  403: 'Signed in without the permission this needs.',
  422: 'The input is not valid: `errors` holds the sentences per dotted field path.',
};

/**
 * The refusals a guard answers with, added to an operation that documents its answers but not
 * these (401 for every guard, 403 when a permission is needed).
 */
function withRefusals(response: Record<string, unknown> | undefined, access: readonly string[]) {
  if (!response || !Object.keys(response).some((status) => status.startsWith('2'))) {
    // Without documented answers the document falls back to a default 200; leave that alone.
    return response;
  }
  const refusals: Record<string, unknown> = { 401: errorResponseSchema };
  if (!access.includes(SIGNED_IN_ACCESS)) {
    refusals[403] = errorResponseSchema;
  }
  return { ...refusals, ...response };
}

/**
 * Error answers as a reference to the one `Error` component, described by their status: inlined,
 * the same schema took up half of the document.
 */
function withSharedErrors(response: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!response) {
    return response;
  }
  return Object.fromEntries(
    Object.entries(response).map(([status, answer]) => [
      status,
      answer === errorResponseSchema
        ? {
            description: ERROR_DESCRIPTIONS[status] ?? STATUS_CODES[Number(status)] ?? 'Error',
            content: { 'application/json': { schema: errorResponseSchema } },
          }
        : answer,
    ]),
  );
}

/** The zod schemas directly inside a route schema: its parts, response entries and their content types. */
function zodSchemasIn(value: unknown, depth = 0): ZodSchema[] {
  if (value instanceof z.core.$ZodType) {
    return [value];
  }
  if (depth > 3 || value === null || typeof value !== 'object') {
    return [];
  }
  return Object.values(value).flatMap((child) => zodSchemasIn(child, depth + 1));
}

/** The inner schema zod converts for a lazy one (it caches it; calling the getter again would build another). */
function lazyInner(schema: ZodSchema): ZodSchema {
  return (schema._zod as unknown as { innerType: ZodSchema }).innerType;
}

/** The schemas a zod schema is built from (object fields, array items, union members, wrapped types…). */
function childrenOf(schema: ZodSchema): ZodSchema[] {
  if (schema._zod.def.type === 'lazy') {
    return [lazyInner(schema)];
  }
  const children: ZodSchema[] = [];
  for (const [key, value] of Object.entries(schema._zod.def)) {
    if (key === 'checks') {
      continue;
    }
    const candidates: unknown[] = Array.isArray(value)
      ? value
      : isObject(value) && !(value instanceof z.core.$ZodType)
        ? Object.values(value)
        : [value];
    for (const candidate of candidates) {
      if (candidate instanceof z.core.$ZodType) {
        children.push(candidate);
      }
    }
  }
  return children;
}

/** `z.json()`: a lazy union of the six kinds of JSON value. */
function isJsonValue(schema: ZodSchema): boolean {
  if (schema._zod.def.type !== 'lazy') {
    return false;
  }
  const inner = lazyInner(schema);
  const options = inner._zod.def.type === 'union' ? (inner._zod.def as unknown as { options: ZodSchema[] }).options : [];
  return options.map((option) => option._zod.def.type).join() === 'string,number,boolean,null,array,record';
}

/** Schemas already searched for recursion (zod schemas are immutable, and the registry is global). */
const walked = new WeakSet<ZodSchema>();

/**
 * Gives every recursive schema (one that contains itself, like `z.json()`) a component id in zod's
 * global registry, where fastify-type-provider-zod looks: without one, the converter refers to the
 * recursion as `#/components/schemas/schema0` but never emits that component (its issue #210), and
 * the document's references dangle. With an id, every use is a `$ref` to a component that
 * `jsonSchemaTransformObject` emits. The global registry also holds the `.describe()` texts, so a
 * registry of our own would lose them. The name is the schema's `title` when it has one; a schema
 * given `.meta({ id })` keeps its own.
 */
function nameRecursiveSchemas(roots: readonly ZodSchema[]): void {
  const path: ZodSchema[] = [];
  const visit = (schema: ZodSchema): void => {
    const start = path.indexOf(schema);
    if (start !== -1) {
      // Name the lazy schema of the loop when there is one: the one written as recursive (`z.json()`).
      const named = path.slice(start).find((member) => member._zod.def.type === 'lazy') ?? schema;
      if (!z.globalRegistry.get(named)?.id) {
        const title = z.globalRegistry.get(named)?.title;
        const base = isJsonValue(named) ? 'JsonValue' : (title?.replace(/[^A-Za-z0-9]/g, '') || 'RecursiveValue');
        let id = base;
        for (let counter = 2; z.globalRegistry._idmap.has(id); counter += 1) {
          id = `${base}${counter}`;
        }
        z.globalRegistry.add(named, { ...z.globalRegistry.get(named), id });
      }
      return;
    }
    if (walked.has(schema)) {
      return;
    }
    path.push(schema);
    childrenOf(schema).forEach(visit);
    path.pop();
    walked.add(schema);
  };
  roots.forEach(visit);
}

/**
 * A query schema whose keys are free-form (a record, or an object with a catch-all) with those keys
 * as one object parameter: @fastify/swagger turns each property of the query schema into a
 * parameter, and reads a schema without `properties` as if its keywords (`type`,
 * `additionalProperties`…) were parameter names.
 */
function withFreeFormQuery(query: unknown): unknown {
  if (!isObject(query) || query.type !== 'object') {
    return query;
  }
  const { additionalProperties, propertyNames, properties, description, ...rest } = query;
  if (additionalProperties === undefined || additionalProperties === false) {
    return query;
  }
  const keys: JsonObject = {
    type: 'object',
    ...(propertyNames === undefined ? {} : { propertyNames }),
    ...(additionalProperties === true ? {} : { additionalProperties }),
    description:
      (properties === undefined ? description : undefined) ??
      (isObject(additionalProperties) ? additionalProperties.description : undefined) ??
      'Any further keys.',
  };
  return {
    ...rest,
    ...(properties === undefined ? {} : { description }),
    type: 'object',
    properties: { ...(isObject(properties) ? properties : {}), [FREE_FORM_QUERY_PARAMETER]: keys },
  };
}

/**
 * Route schema → operation: zod schemas become JSON Schema 2020-12 (the document is OpenAPI 3.1),
 * and each operation says which access it needs: `x-permission`, a sentence in its description,
 * and, when protected, the bearer security requirement and the refusals.
 */
const transform: SwaggerTransform = (document) => {
  const { schema, route } = document;
  const access = requiredAccessOf(route);
  const routeSchema = (schema ?? {}) as RouteSchema;
  const isPublic = access.includes(PUBLIC_ACCESS);
  nameRecursiveSchemas(zodSchemasIn(routeSchema));
  const described: RouteSchema = {
    ...routeSchema,
    description: [routeSchema.description, accessSentence(access)].filter(Boolean).join('\n\n'),
    'x-permission': access.length === 1 ? access[0] : access,
    ...(isPublic ? {} : { security: [{ [BEARER_SCHEME]: [] }] }),
  };
  described.response = withSharedErrors(isPublic ? routeSchema.response : withRefusals(routeSchema.response, access));
  const converted = jsonSchemaTransform({ ...document, schema: described });
  const querystring = (converted.schema as { querystring?: unknown }).querystring;
  return querystring === undefined
    ? converted
    : { ...converted, schema: { ...converted.schema, querystring: withFreeFormQuery(querystring) } };
};

/** Calls `visit` on every object inside `value`, depth first. */
function eachObject(value: unknown, visit: (object: JsonObject) => void): void {
  if (Array.isArray(value)) {
    value.forEach((item) => eachObject(item, visit));
  } else if (isObject(value)) {
    visit(value);
    Object.values(value).forEach((child) => eachObject(child, visit));
  }
}

const SCHEMA_REF = '#/components/schemas/';

/**
 * Merges schema components that are the same schema under several names (each `z.json()` call is
 * its own schema, and the converter emits an input and an output variant of each), keeping the
 * plainest name, and drops the components nothing refers to.
 */
function tidySchemaComponents(document: JsonObject & { components?: { schemas?: JsonObject } }): void {
  const schemas = document.components?.schemas;
  if (!schemas) {
    return;
  }
  const plainest = (names: string[]) =>
    [...names].sort((a, b) => a.length - b.length || a.localeCompare(b))[0] ?? '';
  const groups = new Map<string, string[]>();
  for (const [name, schema] of Object.entries(schemas)) {
    const shape = JSON.stringify(schema).replaceAll(`"${SCHEMA_REF}${name}"`, '"#self"');
    groups.set(shape, [...(groups.get(shape) ?? []), name]);
  }
  const renamed = new Map<string, string>();
  for (const names of groups.values()) {
    const kept = plainest(names);
    // `JsonValue2Input` → `JsonValue` when that name is free.
    const bare = kept.replace(/\d*(Input)?$/, '');
    const target = bare !== kept && bare !== '' && (!(bare in schemas) || names.includes(bare)) ? bare : kept;
    for (const name of names) {
      if (name !== target) {
        renamed.set(name, target);
      }
    }
  }
  eachObject(document, (object) => {
    const ref = object.$ref;
    if (typeof ref === 'string' && ref.startsWith(SCHEMA_REF)) {
      const target = renamed.get(ref.slice(SCHEMA_REF.length));
      if (target !== undefined) {
        object.$ref = `${SCHEMA_REF}${target}`;
      }
    }
  });
  for (const [name, target] of renamed) {
    if (!(target in schemas)) {
      schemas[target] = schemas[name];
    }
    delete schemas[name];
  }
  const referencedBy = (value: unknown): string[] => {
    const names: string[] = [];
    eachObject(value, (object) => {
      if (typeof object.$ref === 'string' && object.$ref.startsWith(SCHEMA_REF)) {
        names.push(object.$ref.slice(SCHEMA_REF.length));
      }
    });
    return names;
  };
  const used = new Set(referencedBy(document.paths));
  // Components may refer to one another: follow the references from what the operations use.
  for (const queue = [...used]; queue.length > 0; ) {
    for (const next of referencedBy(schemas[queue.pop() ?? ''])) {
      if (!used.has(next)) {
        used.add(next);
        queue.push(next);
      }
    }
  }
  for (const name of Object.keys(schemas)) {
    if (!used.has(name)) {
      delete schemas[name];
    }
  }
}

/** `/api/users/{userId}/consents/` → `getUsersByUserIdConsents`, for the operation's id. */
function operationName(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ['by', ...(param[1] ?? '').split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter((word) => word !== '');
  return [method, ...words]
    .map((word, index) => (index === 0 ? word.toLowerCase() : `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`))
    .join('');
}

/**
 * Every operation with a unique `operationId` (named from its method and path unless the route
 * chose one; clients and the reference page's links key on it), and answers described by their
 * status rather than "Default Response".
 */
function nameOperations(document: JsonObject): void {
  const taken = new Set<string>();
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    for (const method of HTTP_METHODS) {
      const operation = isObject(item) ? item[method] : undefined;
      if (!isObject(operation)) {
        continue;
      }
      const wanted = typeof operation.operationId === 'string' ? operation.operationId : operationName(method, path);
      let id = wanted;
      for (let counter = 2; taken.has(id); counter += 1) {
        id = `${wanted}${counter}`;
      }
      taken.add(id);
      operation.operationId = id;
      for (const [status, response] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
        if (isObject(response) && response.description === 'Default Response') {
          response.description = STATUS_CODES[Number(status)] ?? 'Answer';
        }
      }
    }
  }
}

/**
 * The finished document: the zod schemas registered with an id (`Error`, the recursive ones) as
 * components, tidied, and every operation named.
 */
const transformObject: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) {
    return documentObject.swaggerObject;
  }
  const document = jsonSchemaTransformObject(documentObject);
  const editable = document as unknown as JsonObject & { components?: { schemas?: JsonObject } };
  tidySchemaComponents(editable);
  nameOperations(editable);
  return document;
};

/**
 * The OpenAPI 3.1 document of every route that is not `hide: true` at `/api/openapi.json`, and a
 * reference page for people at `/api/docs`, its assets served from this server (no CDN: the CSP
 * allows only this origin, and installs may be offline). Registered before any route, since the
 * document collects routes as they are added.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    if (!z.globalRegistry.get(errorResponseSchema)?.id) {
      z.globalRegistry.add(errorResponseSchema, { ...z.globalRegistry.get(errorResponseSchema), id: ERROR_COMPONENT });
    }
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Muster API',
          version: '3.0.0',
          description:
            'Every route of the Muster API. Each operation says the access it needs in `x-permission` ' +
            '(a permission name, `signed-in` or `public`) and in its description; protected operations ' +
            'take a session token as `Authorization: Bearer …`. Errors have one shape, `Error`.',
        },
        components: {
          securitySchemes: {
            [BEARER_SCHEME]: {
              type: 'http',
              scheme: 'bearer',
              description: 'The session token from signing in.',
            },
          },
        },
      },
      transform,
      transformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      theme: { title: 'Muster API reference' },
      // A thousand operations: start with the tags folded, and offer the filter box to find one.
      uiConfig: { deepLinking: true, docExpansion: 'none', filter: true, defaultModelsExpandDepth: -1 },
    });
    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
