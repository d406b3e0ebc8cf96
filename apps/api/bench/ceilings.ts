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
// DATABASE_URL or DATA_DIR choose the database of `select`, as they do for the API.
import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { migrationsFolderOf, openDatabase } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { findPackageRoot } from '../src/config/package-root.js';
import { hashPassword, verifyPassword } from '../src/modules/auth/passwords.js';

export const CEILING_KINDS = ['hello', 'select', 'argon2'] as const;
export type CeilingKind = (typeof CEILING_KINDS)[number];

/** The request each ceiling is loaded with (path, method, body), and the path that says it is up. */
export const ceilingRequests: Record<
  CeilingKind,
  { method: 'GET' | 'POST'; path: string; body?: string; readyPath: string }
> = {
  hello: { method: 'GET', path: '/hello', readyPath: '/hello' },
  select: { method: 'GET', path: '/user/1', readyPath: '/user/1' },
  argon2: {
    method: 'POST',
    path: '/verify',
    body: JSON.stringify({ password: 'Volunteer123' }),
    readyPath: '/ready',
  },
};

async function main(kind: string): Promise<void> {
  const app = Fastify({ logger: false });
  let close = async () => undefined as void;
  if (kind === 'hello') {
    app.get('/hello', async () => ({ hello: 'world' }));
  } else if (kind === 'select') {
    const database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      dataDir: process.env.DATA_DIR ?? 'memory',
      migrationsFolder: migrationsFolderOf(findPackageRoot()),
    });
    close = () => database.close();
    app.get<{ Params: { id: string } }>('/user/:id', async (request, reply) => {
      const [row] = await database.db
        .select()
        .from(users)
        .where(eq(users.id, Number(request.params.id)))
        .limit(1);
      if (!row) {
        return reply.code(404).send({ message: 'no such user' });
      }
      return { data: row };
    });
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
