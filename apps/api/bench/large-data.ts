// `npm run bench:data -- --users 1000000`: the PostgreSQL database `muster_bench_large` (or the
// one `--database-url` names), dropped and made again, holding the demo organisation with that
// many generated users and their history, for `npm run bench -- --large`. The generator is
// src/db/seed/large-data.ts.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildLargeData } from '../src/db/seed/large-data.js';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/muster_bench_large';

function readArguments(): { users: number; databaseUrl: string; seed: number | undefined } {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '1000000' },
      'database-url': { type: 'string', default: DEFAULT_DATABASE_URL },
      seed: { type: 'string' },
    },
  });
  const users = Number(values.users.replace(/[_,]/g, ''));
  if (!Number.isInteger(users) || users < 1) {
    throw new Error(`--users must be a whole number of at least 1, not "${values.users}"`);
  }
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) {
    throw new Error(`--seed must be a whole number, not "${values.seed}"`);
  }
  return { users, databaseUrl: values['database-url'], seed };
}

async function main(): Promise<void> {
  const { users, databaseUrl, seed } = readArguments();
  const name = new URL(databaseUrl).pathname.slice(1);
  console.log(`Making ${name} with ${users.toLocaleString('en-GB')} generated users…`);
  // Bars on a terminal; a line per table in a log.
  const terminal = process.stdout.isTTY;
  const result = await buildLargeData({
    databaseUrl,
    users,
    seed,
    progress: terminal,
    onTable: terminal
      ? undefined
      : (table, rows, ms) => console.log(`${table}: ${rows} rows in ${(ms / 1000).toFixed(1)} s`),
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const size = await client.query<{ size: string }>(
    'select pg_size_pretty(pg_database_size(current_database())) as size',
  );
  await client.end();
  console.log('');
  console.table(
    Object.entries(result.rows).map(([table, rows]) => ({ table, rows: rows.toLocaleString('en-GB') })),
  );
  const total = Object.values(result.rows).reduce((sum, rows) => sum + rows, 0);
  console.log(
    `${total.toLocaleString('en-GB')} rows in ${(result.ms / 1000).toFixed(1)} s ` +
      `(demo set-up ${(result.setupMs / 1000).toFixed(1)} s); database ${name}: ${size.rows[0]?.size ?? '?'}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
