// The ceilings of the load bench (bench/load.ts): bare Fastify servers, each started as its own
// process by the bench (`node --import tsx bench/ceilings.ts <kind>`), on the machine and database
// the API is measured on, so that every route's figure is read as a ratio to what the machine
// itself can do:
//   hello   GET /hello answers {"hello":"world"}: the HTTP stack alone.
//   select  GET /user/:id reads one users row by primary key through the API's own database
//           handle (src/db/client.ts: node-postgres pool of 10, or PGlite on the same data
//           directory with the same options) and Drizzle, and answers it as JSON.
//   argon2  POST /verify checks {"password"} against an argon2id hash with the API's parameters
//           (src/modules/auth/passwords.ts): the floor of a password sign-in.
//   form    POST /form reads the dry run's multipart body (bench/load-routes.ts, a new address
//           each request) whole with Node's own FormData parser (undici's, the fastest reader
//           measured here: docs/performance.md), then the users row of `select`, and answers
//           {"data":{"valid":true}}: the floor of posting the application form, before any check.
//           Shown beside the rows that post the form; the targets stay against `select`.
// DATABASE_URL or DATA_DIR choose the database of `select`, as they do for the API.
import Fastify, { type FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { migrationsFolderOf, openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { findPackageRoot } from '../src/config/package-root.js';
import { hashPassword, verifyPassword } from '../src/modules/auth/passwords.js';
import { dryRunRequest, type LoadRequest } from './load-routes.js';

export const CEILING_KINDS = ['hello', 'select', 'argon2', 'form'] as const;
export type CeilingKind = (typeof CEILING_KINDS)[number];

/** Ids in the form floor's body: it reads the form, it does not check what the ids name. */
const FORM_IDS = { motivationId: 1, consentOptionId: 1, timeslotId: 1 };

/** The request each ceiling is loaded with, and the path that says it is up. */
export const ceilingRequests: Record<CeilingKind, LoadRequest & { readyPath: string }> = {
  hello: { method: 'GET', path: '/hello', readyPath: '/hello' },
  select: { method: 'GET', path: '/user/1', readyPath: '/user/1' },
  argon2: {
    method: 'POST',
    path: '/verify',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: 'Volunteer123' }),
    readyPath: '/ready',
  },
  form: { ...dryRunRequest('/form', FORM_IDS, 'floor'), readyPath: '/user/1' },
};

/** The database of `select` and `form`: the API's own handle on the API's database. */
async function openUsers() {
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? 'memory',
    migrationsFolder: migrationsFolderOf(findPackageRoot()),
  });
  const userById = async (id: number) =>
    (await database.db.select().from(users).where(eq(users.id, id)).limit(1))[0];
  return { userById, close: () => database.close() };
}

async function main(kind: string): Promise<void> {
  const app = Fastify({ logger: false });
  let close = async () => undefined as void;
  if (kind === 'hello') {
    app.get('/hello', async () => ({ hello: 'world' }));
  } else if (kind === 'select' || kind === 'form') {
    const { userById, close: closeDatabase } = await openUsers();
    close = closeDatabase;
    app.get<{ Params: { id: string } }>('/user/:id', async (request, reply) => {
      const row = await userById(Number(request.params.id));
      if (!row) {
        return reply.code(404).send({ message: 'no such user' });
      }
      return { data: row };
    });
    if (kind === 'form') {
      app.addContentTypeParser(
        'multipart/form-data',
        { parseAs: 'buffer' },
        async (request: FastifyRequest, body: Buffer) => {
          const form = await new Response(body, {
            headers: { 'content-type': request.headers['content-type'] ?? '' },
          }).formData();
          return Object.fromEntries(form);
        },
      );
      app.post<{ Body: Record<string, unknown> }>('/form', async (request) => {
        const row = await userById(1);
        return { data: { valid: row !== undefined && Object.keys(request.body).length > 0 } };
      });
    }
  } else if (kind === 'argon2') {
    const hash = await hashPassword('Volunteer123');
    app.get('/ready', async () => ({ ready: true }));
    app.post<{ Body: { password: string } }>('/verify', async (request, reply) => {
      const ok = await verifyPassword(hash, request.body.password);
      return ok ? { ok } : reply.code(401).send({ ok });
    });
  } else {
    throw new Error(`ceilings.ts takes ${CEILING_KINDS.join(', ')}; not ${kind}`);
  }
  const stop = async () => {
    await app.close();
    await close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
}

// Run as a process by the bench; imported (for CEILING_KINDS and ceilingRequests) it does nothing.
if (process.argv[1]?.endsWith('ceilings.ts') && process.argv[2] !== undefined) {
  main(process.argv[2]).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
