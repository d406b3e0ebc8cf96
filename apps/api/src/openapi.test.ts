import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020 from 'ajv/dist/2020.js';
import Fastify, { type FastifyInstance, type preHandlerAsyncHookHandler } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogue, errorResponseSchema, type CatalogueMethod, type CatalogueOperation } from '@muster/contract';
import {
  BEARER_SCHEME,
  DOCS_PREFIX,
  FREE_FORM_QUERY_PARAMETER,
  OPENAPI_PATH,
  openapiPlugin,
} from './plugins/openapi.js';
import { createOrganisationTestContext, type TestContext } from './test/context.js';

/*
 * Issue 11, point 6: one OpenAPI 3.1 document of every route, which an independent validator
 * accepts, that says per operation the access it needs, and a reference page for people.
 */

type Schema = Record<string, unknown> | boolean;
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type Operation = {
  operationId?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  security?: Array<Record<string, string[]>>;
  'x-permission'?: string | string[];
};
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, Schema>;
    securitySchemes?: Record<string, { type?: string; scheme?: string }>;
  };
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of the document, with its method and path. */
function operationsOf(document: OpenApiDocument): Array<{ method: string; path: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method, path, operation })),
  );
}

/** `/api/users/{userId}/consents/` and `/api/users/{id}/consents` both → `/api/users/{}/consents`. */
function normalisePath(path: string): string {
  const normalised = path.replace(/\{[^}]+\}/g, '{}').replace(/\/+$/, '');
  return normalised === '' ? '/' : normalised;
}

let ctx: TestContext;
let host: string;
let document: OpenApiDocument;

beforeAll(async () => {
  ({ ctx, host } = await createOrganisationTestContext());
  const response = await ctx.app.inject({ url: OPENAPI_PATH, headers: { host } });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenApiDocument>();
}, 120_000);
afterAll(() => ctx?.close());

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and passes an independent validator, references resolved', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    // The validator dereferences in place: hand it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(operationsOf(document).length).toBeGreaterThan(80);
  });

  it('holds request and response schemas that are valid JSON Schema 2020-12', () => {
    // Strict mode refuses unknown keywords: leftovers of OpenAPI 3.0 (`nullable`) or of a bad conversion.
    const ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: false });
    ajv.addKeyword('example');
    const schemas: Array<[string, Schema | undefined]> = [];
    for (const { method, path, operation } of operationsOf(document)) {
      const at = `${method.toUpperCase()} ${path}`;
      for (const parameter of operation.parameters ?? []) {
        schemas.push([`${at} ${parameter.in} ${parameter.name}`, parameter.schema]);
      }
      for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) {
        schemas.push([`${at} body ${type}`, content.schema]);
      }
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        for (const [type, content] of Object.entries(response.content ?? {})) {
          schemas.push([`${at} ${status} ${type}`, content.schema]);
        }
      }
    }
    // Components are reached as `#/components/schemas/X`, relative to the document: here, to a schema of their own.
    const toComponents = (schema: Schema): Schema =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components#/$defs/')) as Schema;
    ajv.addSchema({ $id: 'components', $defs: toComponents(document.components?.schemas ?? {}) });
    const invalid: string[] = [];
    const compiled = new Set<string>();
    for (const [where, schema] of schemas) {
      const text = JSON.stringify(schema);
      if (compiled.has(text)) {
        continue;
      }
      compiled.add(text);
      try {
        if (schema === undefined) {
          throw new Error('no schema');
        }
        ajv.compile(toComponents(schema));
      } catch (error) {
        invalid.push(`${where}: ${(error as Error).message}`);
      }
    }
    expect(invalid).toEqual([]);
    expect(schemas.length).toBeGreaterThan(100);
  });

  it('gives every operation a unique id and declares exactly the path parameters of its path', () => {
    const ids = new Map<string, string>();
    const problems: string[] = [];
    for (const { method, path, operation } of operationsOf(document)) {
      const at = `${method.toUpperCase()} ${path}`;
      if (!operation.operationId) {
        problems.push(`${at}: no operationId`);
      } else if (ids.has(operation.operationId)) {
        problems.push(`${at}: operationId ${operation.operationId} also on ${ids.get(operation.operationId)}`);
      } else {
        ids.set(operation.operationId, at);
      }
      const placeholders = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      if (declared.some((parameter) => parameter.required !== true)) {
        problems.push(`${at}: an optional path parameter`);
      }
      const names = declared.map((parameter) => parameter.name).sort();
      if (names.join(',') !== placeholders.join(',')) {
        problems.push(`${at}: path parameters ${names.join(',') || 'none'}, placeholders ${placeholders.join(',')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('says per operation the access it needs, and protected operations take the bearer token', () => {
    expect(document.components?.securitySchemes?.[BEARER_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer' });
    const kinds = new Set<string>();
    for (const { method, path, operation } of operationsOf(document)) {
      const at = `${method.toUpperCase()} ${path}`;
      const access = operation['x-permission'];
      expect(access, at).toBeDefined();
      const names = Array.isArray(access) ? access : [access ?? ''];
      if (names.includes('public')) {
        kinds.add('public');
        expect(operation.security, at).toBeUndefined();
        expect(operation.description, at).toContain('Access: public');
      } else {
        kinds.add(names.includes('signed-in') ? 'signed-in' : 'permission');
        expect(operation.security, at).toEqual([{ [BEARER_SCHEME]: [] }]);
        expect(operation.description, at).toMatch(/Access: (any signed-in caller|signed in with the `.+` permission)/);
        expect(Object.keys(operation.responses ?? {}), at).toContain('401');
      }
    }
    // The real routes carry all three kinds: tagging that silently read nothing would show only `public`.
    expect([...kinds].sort()).toEqual(['permission', 'public', 'signed-in']);
  });

  it('leaves out the routes marked hide: true', () => {
    const paths = Object.keys(document.paths);
    expect(paths).not.toContain(OPENAPI_PATH);
    expect(paths.filter((path) => path.startsWith(DOCS_PREFIX))).toEqual([]);
    expect(paths).not.toContain('/dev/outbox');
    // The magic-link page is hidden; the form it posts is not.
    expect(document.paths['/auth/magic/{token}']?.get).toBeUndefined();
  });

  it('has every catalogue route with its method: each enabled operation and every named call', () => {
    const documented = new Set(
      operationsOf(document).map(({ method, path }) => `${method.toUpperCase()} ${normalisePath(path)}`),
    );
    const methods: Record<CatalogueOperation, CatalogueMethod> = {
      index: 'GET',
      show: 'GET',
      store: 'POST',
      update: 'PUT',
      del: 'DELETE',
    };
    const expected = new Set<string>();
    for (const entry of catalogue) {
      const collection = `/api${entry.path}`;
      const item = `${collection.endsWith('/') ? collection : `${collection}/`}{id}`;
      for (const operation of entry.operations) {
        const path = operation === 'index' || operation === 'store' ? collection : item;
        expected.add(`${methods[operation]} ${normalisePath(path)}`);
      }
      for (const extra of entry.extra ?? []) {
        expected.add(`${extra.method} ${normalisePath(`/api${extra.path}`)}`);
      }
    }
    const missing = [...expected].filter((call) => !documented.has(call));
    expect(
      missing.length,
      `${missing.length} of ${expected.size} catalogue calls are not in the document; the first 30:\n` +
        missing.join('\n'),
    ).toBe(0);
  });
});

describe('access tags read from the guards', () => {
  let app: FastifyInstance;
  let tagged: OpenApiDocument;

  /** A guard as the auth plugin makes them: a preHandler carrying `requiredAccess`. */
  const guard = (requiredAccess: string): preHandlerAsyncHookHandler =>
    Object.assign(async () => undefined, { requiredAccess });

  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(openapiPlugin);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const response = { 200: z.object({ ok: z.boolean().describe('Done.') }).describe('Done') };
    routes.get('/api/permission', { preHandler: guard('view-users'), schema: { response } }, async () => ({ ok: true }));
    routes.get(
      '/api/signed-in',
      { preHandler: [guard('signed-in'), async () => undefined], schema: { description: 'Own data.', response } },
      async () => ({ ok: true }),
    );
    routes.get('/api/on-request', { onRequest: [guard('manage-organisation')] }, async () => ({ ok: true }));
    routes.get('/api/public', { preHandler: [async () => undefined] }, async () => ({ ok: true }));
    routes.get('/api/hidden', { preHandler: guard('view-users'), schema: { hide: true } }, async () => ({ ok: true }));
    await app.ready();
    tagged = app.swagger() as unknown as OpenApiDocument;
  });
  afterAll(() => app?.close());

  it('names the permission of requirePermission(p), with the bearer requirement and the refusals', () => {
    const operation = tagged.paths['/api/permission']?.get;
    expect(operation?.['x-permission']).toBe('view-users');
    expect(operation?.security).toEqual([{ [BEARER_SCHEME]: [] }]);
    expect(operation?.description).toBe('Access: signed in with the `view-users` permission (bearer token).');
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '401', '403']);
  });

  it('says signed-in for requireAuth, keeping the route’s own description', () => {
    const operation = tagged.paths['/api/signed-in']?.get;
    expect(operation?.['x-permission']).toBe('signed-in');
    expect(operation?.security).toEqual([{ [BEARER_SCHEME]: [] }]);
    expect(operation?.description).toBe('Own data.\n\nAccess: any signed-in caller (bearer token).');
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '401']);
  });

  it('reads onRequest guards too, and says public where no guard runs', () => {
    expect(tagged.paths['/api/on-request']?.get?.['x-permission']).toBe('manage-organisation');
    const open = tagged.paths['/api/public']?.get;
    expect(open?.['x-permission']).toBe('public');
    expect(open?.security).toBeUndefined();
    expect(tagged.paths['/api/hidden']).toBeUndefined();
  });
});

describe('schemas the converter alone gets wrong', () => {
  let app: FastifyInstance;
  let shaped: OpenApiDocument;

  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(openapiPlugin);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    type Tree = { name: string; children: Tree[] };
    const tree: z.ZodType<Tree> = z
      .lazy(() => z.object({ name: z.string().describe('Name.'), children: z.array(tree).describe('Below.') }))
      .meta({ title: 'Tree' });
    routes.get(
      '/api/shapes',
      {
        schema: {
          querystring: z.record(z.string(), z.string().describe('A value.')).describe('Values by name.'),
          response: {
            200: z
              .object({
                tree: tree.describe('A tree.'),
                payload: z.json(),
                described: z.json().describe('Any JSON value.'),
              })
              .describe('Shapes'),
            404: errorResponseSchema,
          },
        },
      },
      async () => ({ tree: { name: 'a', children: [] }, payload: null, described: null }),
    );
    routes.get(
      '/api/filtered',
      {
        schema: {
          querystring: z
            .object({ page: z.string().optional().describe('Page.') })
            .catchall(z.string().describe('A filter.')),
        },
      },
      async () => ({ ok: true }),
    );
    await app.ready();
    shaped = app.swagger() as unknown as OpenApiDocument;
  });
  afterAll(() => app?.close());

  it('names recursive schemas as components instead of leaving references dangling, one per shape', async () => {
    await expect(SwaggerParser.validate(structuredClone(shaped) as never)).resolves.toBeTruthy();
    expect(Object.keys(shaped.components?.schemas ?? {}).sort()).toEqual(['Error', 'JsonValue', 'Tree']);
    const answer = shaped.paths['/api/shapes']?.get?.responses?.['200'];
    expect(JSON.stringify(answer)).not.toMatch(/schema\d|JsonValue\d|Input"/);
  });

  it('refers to the one Error component, described by status', () => {
    expect(shaped.paths['/api/shapes']?.get?.responses?.['404']).toEqual({
      description: 'Not Found',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
  });

  it('documents free-form query keys as one exploded object parameter', () => {
    const [values] = shaped.paths['/api/shapes']?.get?.parameters ?? [];
    expect(shaped.paths['/api/shapes']?.get?.parameters).toHaveLength(1);
    expect(values).toMatchObject({
      in: 'query',
      name: FREE_FORM_QUERY_PARAMETER,
      description: 'Values by name.',
      schema: { type: 'object', additionalProperties: { type: 'string' } },
    });
    const names = (shaped.paths['/api/filtered']?.get?.parameters ?? []).map((parameter) => parameter.name);
    expect(names).toEqual(['page', FREE_FORM_QUERY_PARAMETER]);
  });
});

describe('the reference page at /api/docs', () => {
  it('answers HTML whose scripts and styles are files of this server, under the app’s CSP', async () => {
    const page = await ctx.app.inject({ url: DOCS_PREFIX, headers: { host } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The app's CSP allows scripts from this origin only: nothing inline, nothing from elsewhere.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page.body).not.toMatch(/\son[a-z]+=/i);
    expect(page.body).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets).toContain(`${DOCS_PREFIX}/static/swagger-ui-bundle.js`);
    expect(assets).toContain(`${DOCS_PREFIX}/static/swagger-initializer.js`);
    for (const asset of assets) {
      const response = await ctx.app.inject({ url: asset, headers: { host } });
      expect(response.statusCode, asset).toBe(200);
    }
  });

  it('loads the same document as /api/openapi.json', async () => {
    const initializer = await ctx.app.inject({ url: `${DOCS_PREFIX}/static/swagger-initializer.js`, headers: { host } });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.headers['content-type']).toMatch(/^application\/javascript/);
    // The page asks for `./json` relative to itself: /api/docs/json.
    expect(initializer.body).toContain("resolveUrl('./json')");
    const json = await ctx.app.inject({ url: `${DOCS_PREFIX}/json`, headers: { host } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual(document);
  });
});
