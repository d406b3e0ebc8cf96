import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions } from './db/schema/index.js';
import { collectGarbage } from './test/collect-garbage.js';
import { createTestContext, type TestContext } from './test/context.js';
import { bearerFor } from './test/factories/catalogue.js';
import { createOrganisation, type TestOrganisation } from './test/factories/organisation.js';

/*
 * Issue 10, "Fuzzing, in npm test": every operation of the OpenAPI document gets a bounded set of
 * bad inputs, anonymously and signed in with every permission. Every answer must be a 4xx in the
 * JSON error shape (or a success where the input happens to be acceptable), never a 5xx, and the
 * server's memory must come back to its level. The list comes from the document, so new routes
 * are covered without touching this file.
 */

type Operation = {
  method: string;
  /** OpenAPI path, `{param}` placeholders. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Top-level JSON body fields, when the operation takes a JSON object. */
  bodyFields: string[];
};

type Probe = {
  label: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
};

const ONE_MB = 'x'.repeat(1024 * 1024);
const BAD_IDS = [
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  'abc',
  '1.5',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%0d%0aSet-Cookie:%20a=b',
  'a'.repeat(200),
];
const WRONG_VALUES: unknown[] = [null, 1e20, true, [], { nested: { deeper: [1, 2] } }, 'x\u0000y', -1];

function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

type OpenApiDocument = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
};

/** How many operations of each shared code path (per method) are fuzzed. */
const SHARED_SAMPLE = 4;
/**
 * The generic table operations' summaries: one code path over many bindings, sampled like the
 * documents (the catalogue walk sends every binding bad bodies and bad filters).
 */
const GENERIC_TABLE_SUMMARY =
  /^(List .+ records|Show one .+|Create an? .+|Change an? .+; omitted fields keep their value|Delete an? .+) \([a-zA-Z.-]+\)$/;

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  const sampled = new Map<string, number>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) {
        continue;
      }
      const summary = typeof spec.summary === 'string' ? spec.summary : '';
      const text = `${summary} ${typeof spec.description === 'string' ? spec.description : ''}`;
      // The document store and the 405 refusals are one code path each, repeated per catalogue
      // entry: a few of each are fuzzed, every other operation in full.
      const shared = /Stored as a JSON document\./.test(text)
        ? 'document'
        : /^Not available: /.test(summary)
          ? 'refusal'
          : GENERIC_TABLE_SUMMARY.test(summary)
            ? 'table'
            : null;
      if (shared) {
        const key = `${shared} ${method}`;
        const seen = sampled.get(key) ?? 0;
        if (seen >= SHARED_SAMPLE) {
          continue;
        }
        sampled.set(key, seen + 1);
      }
      const parameters = (spec.parameters ?? []) as Array<{ name: string; in: string }>;
      const content = ((spec.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)
        ?.content ?? {}) as Record<string, { schema?: { properties?: Record<string, unknown> } }>;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? ''),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(content['application/json']?.schema?.properties ?? {}),
      });
    }
  }
  return operations;
}

/** The path with every placeholder replaced by `value` (or a plausible id when not given). */
function fill(operation: Operation, value?: string, only?: string): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    value !== undefined && (only === undefined || only === name) ? value : '1',
  );
}

/** The bounded set of bad requests for one operation. */
function probesFor(operation: Operation): Probe[] {
  const probes: Probe[] = [];
  const json = { 'content-type': 'application/json' };
  const base = fill(operation);
  for (const param of operation.pathParams) {
    for (const bad of BAD_IDS) {
      probes.push({ label: `path ${param}=${bad.slice(0, 20)}`, url: fill(operation, bad, param) });
    }
  }
  probes.push({ label: 'parameter longer than the router allows', url: fill(operation, 'a'.repeat(5000)) });
  for (const name of operation.queryParams) {
    probes.push({ label: `query ${name} array`, url: `${base}?${name}[]=1&${name}[]=2` });
    probes.push({ label: `query ${name} NUL`, url: `${base}?${name}=%00` });
    probes.push({ label: `query ${name} huge number`, url: `${base}?${name}=99999999999999999999` });
    probes.push({ label: `query ${name} traversal`, url: `${base}?${name}=..%2F..%2Fetc%2Fpasswd` });
  }
  probes.push({ label: 'query bad encoding', url: `${base}?q=%E0%A4%A` });
  if (operation.method === 'GET' || operation.method === 'DELETE') {
    return probes;
  }
  probes.push({ label: 'invalid JSON', url: base, headers: json, payload: '{"a":' });
  probes.push({ label: 'empty JSON body', url: base, headers: json, payload: '' });
  probes.push({ label: 'JSON null', url: base, headers: json, payload: 'null' });
  probes.push({ label: 'JSON array', url: base, headers: json, payload: '[1,2,3]' });
  probes.push({ label: 'empty object', url: base, headers: json, payload: '{}' });
  probes.push({
    label: 'deep nesting with an idempotency key',
    url: base,
    headers: { ...json, 'idempotency-key': 'fuzz-deep' },
    payload: deepJson(10_000),
  });
  probes.push({
    label: 'wrong content type',
    url: base,
    headers: { 'content-type': 'text/plain' },
    payload: 'hello',
  });
  probes.push({
    label: 'multipart without a boundary',
    url: base,
    headers: { 'content-type': 'multipart/form-data' },
    payload: 'field=value',
  });
  probes.push({
    label: 'multipart without a closing boundary',
    url: base,
    headers: { 'content-type': 'multipart/form-data; boundary=fuzz' },
    payload: '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nunfinished',
  });
  const fields = operation.bodyFields.length > 0 ? operation.bodyFields : ['name'];
  for (const [index, wrong] of WRONG_VALUES.entries()) {
    const body = Object.fromEntries(fields.map((field) => [field, wrong]));
    probes.push({ label: `every field ${index}`, url: base, headers: json, payload: JSON.stringify(body) });
  }
  probes.push({
    label: 'every field 1 MB',
    url: base,
    headers: json,
    payload: JSON.stringify(Object.fromEntries(fields.map((field) => [field, ONE_MB]))),
  });
  return probes;
}

let ctx: TestContext;
let organisation: TestOrganisation;
let admin: { authorization: string };
let addressCounter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  organisation = await createOrganisation(ctx.db);
  const names = (await ctx.db.select({ name: permissions.name }).from(permissions)).map((row) => row.name);
  admin = await bearerFor(ctx.app, organisation.id, names);
}, 120_000);
afterAll(() => ctx?.close());

/** Each request from its own client address, so that the limits answer 429 only where a probe itself trips them. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

function heapAfterGc(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

type Failure = { request: string; status: number; body: string };

function judge(
  operation: Operation,
  probe: Probe,
  who: string,
  response: LightMyRequestResponse,
): Failure | null {
  const request = `${who} ${operation.method} ${probe.url.slice(0, 120)} (${probe.label})`;
  if (response.statusCode >= 500) {
    return { request, status: response.statusCode, body: response.body.slice(0, 300) };
  }
  if (response.statusCode >= 400) {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      return { request, status: response.statusCode, body: `not JSON: ${response.body.slice(0, 200)}` };
    }
    const shaped =
      typeof body === 'object' &&
      body !== null &&
      typeof (body as { message?: unknown }).message === 'string';
    const errors = (body as { errors?: unknown }).errors;
    const errorsShaped = response.statusCode !== 422 || (typeof errors === 'object' && errors !== null);
    if (!shaped || !errorsShaped) {
      return { request, status: response.statusCode, body: response.body.slice(0, 300) };
    }
  }
  return null;
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('answers every bad request with a 4xx in the JSON error shape, never a 5xx, and gives its memory back', async () => {
    const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
    const operations = operationsOf(document);
    // Guards the walk itself: an empty or truncated document would make this test pass vacuously.
    expect(operations.length).toBeGreaterThan(80);

    const host = organisation.hosts[0] ?? 'localhost';
    const before = heapAfterGc();
    const failures: Failure[] = [];
    let requests = 0;
    let refused = 0;
    for (const operation of operations) {
      for (const probe of probesFor(operation)) {
        for (const [who, auth] of [
          ['anonymous', {}],
          ['signed in', admin],
        ] as const) {
          const response = await ctx.app.inject({
            method: operation.method as 'GET',
            url: probe.url,
            headers: { host, ...auth, ...probe.headers },
            remoteAddress: nextAddress(),
            ...(probe.payload === undefined ? {} : { payload: probe.payload }),
          });
          requests += 1;
          if (response.statusCode >= 400) {
            refused += 1;
          }
          const failure = judge(operation, probe, who, response);
          if (failure) {
            failures.push(failure);
          }
        }
      }
    }
    // Oversized headers are refused by Node's HTTP parser before Fastify sees them, so they are
    // sent over a real socket (`inject` has no header limit).
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    for (const operation of operations) {
      const response = await fetch(`http://127.0.0.1:${port}${fill(operation)}`, {
        method: operation.method,
        headers: { host, 'x-fuzz': 'y'.repeat(20_000) },
      });
      const body = await response.text();
      requests += 1;
      refused += response.status >= 400 ? 1 : 0;
      const shaped =
        response.status === 431 && /^application\/json/.test(response.headers.get('content-type') ?? '');
      if (!shaped) {
        failures.push({
          request: `${operation.method} ${operation.path} (oversized headers)`,
          status: response.status,
          body: body.slice(0, 200),
        });
      }
    }
    expect(failures).toEqual([]);
    // Most of these inputs are wrong wherever they go; a run where they mostly pass is not fuzzing anything.
    expect(refused / requests).toBeGreaterThan(0.8);
    const grownMb = (heapAfterGc() - before) / 1024 / 1024;
    expect(grownMb).toBeLessThan(64);
  }, 600_000);
});
