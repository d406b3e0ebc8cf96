import { assertProductionReady, loadConfig, withStartDefaults } from './config/config.js';
import { loggerOptions } from './config/logger.js';
import { migrationsFolderOf, openDatabase, type Database } from './db/client.js';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.js';
import { seedDemoIfEmpty } from './db/seed/demo.js';
import { assertNoDemoInProduction } from './db/seed/demo-guard.js';
import { seedReferenceData } from './db/seed/reference-data.js';
import { filesDirectoryOf } from './modules/files/service.js';

/**
 * Gives a demo organisation created by this start its three years of history (db/seed/history.ts),
 * after the server listens: on the embedded database the history takes longer than a start should,
 * so it runs in the background, in its own transaction (requests wait for it on PGlite, which
 * runs one transaction at a time). A failure, or a stop half-way, leaves the demo as it was:
 * `npm run seed -- --history` adds the history later.
 */
async function seedHistoryInBackground(
  log: FastifyBaseLogger,
  db: Database,
  organisationId: number,
  filesDirectory: string,
): Promise<void> {
  log.info({ organisationId }, 'adding three years of history to the demo organisation in the background');
  try {
    // Loaded only here: the history's name generator is not needed by any other start.
    const { seedDemoHistory } = await import('./db/seed/history.js');
    const result = await seedDemoHistory(db, { organisationId, filesDirectory });
    const rows = Object.values(result.rows).reduce((sum, count) => sum + count, 0);
    log.info({ organisationId, rows, ms: result.ms }, 'demo history added');
  } catch (error) {
    log.error(
      { err: error },
      'the demo history could not be added; run `npm run seed -- --history` to add it',
    );
  }
}

/** Starts the API (and the built web app) on one port: `npm start`. */
async function main(): Promise<void> {
  const config = loadConfig(withStartDefaults(process.env));
  assertProductionReady(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrationsFolder: migrationsFolderOf(config.apiRoot),
    onIdleConnectionError: (error) => console.error('database connection dropped:', error.message),
  });
  // Several processes of one install may start together (a process manager behind a load
  // balancer): one at a time sets the database up, and the others then find it done.
  const demo = await database.exclusively(async () => {
    await database.migrate();
    await seedReferenceData(database.db);
    // A fresh install gets the demo organisation so there is something to sign in to.
    return config.seedDemo ? await seedDemoIfEmpty(database.db, { ssoProvider: config.demoSso }) : null;
  });
  await assertNoDemoInProduction(database.db, config);
  const app = await buildApp({
    config,
    database,
    logger: loggerOptions(config.logLevel),
  });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (demo) {
    app.log.info({ organisationId: demo.organisationId }, 'demo organisation created');
  }
  app.log.info(`Muster is running on http://localhost:${config.port} (${database.dialect})`);
  if (demo && config.seedHistory) {
    void seedHistoryInBackground(app.log, database.db, demo.organisationId, filesDirectoryOf(config.dataDir));
  } else if (database.dialect === 'pglite') {
    // The embedded database has no autovacuum, so nothing else gathers the planner statistics the
    // reports' plans depend on; once per start, after listening, keeps them as fresh as the last start.
    void database.db.execute(sql`analyze`).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not refresh the planner statistics');
    });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
