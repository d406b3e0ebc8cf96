import { assertProductionReady, loadConfig, withStartDefaults } from './config/config.js';
import { loggerOptions } from './config/logger.js';
import { migrationsFolderOf, openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { seedDemoIfEmpty } from './db/seed/demo.js';
import { assertNoDemoInProduction } from './db/seed/demo-guard.js';
import { seedReferenceData } from './db/seed/reference-data.js';

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
  await database.migrate();
  await seedReferenceData(database.db);
  // A fresh install gets the demo organisation so there is something to sign in to.
  const demo = config.seedDemo ? await seedDemoIfEmpty(database.db, { ssoProvider: config.demoSso }) : null;
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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
