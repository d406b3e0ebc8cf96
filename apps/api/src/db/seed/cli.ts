import { eq, inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../../config/config.js';
import { migrationsFolderOf, openDatabase } from '../client.js';
import { organisationHosts, organisations } from '../schema/index.js';
import { DEMO_ACCOUNTS, DEMO_HOSTS, DEMO_ORGANISATION_NAME, DEMO_PASSWORD, seedDemo } from './demo.js';
import { seedReferenceData } from './reference-data.js';
import { seedDemoAddresses } from './demo-addresses.js';

/**
 * `npm run seed -w @muster/api`: migrates the configured database, loads the reference data and
 * creates the demo organisation unless it already exists.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrationsFolder: migrationsFolderOf(config.apiRoot),
  });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    console.log(`Reference data loaded (${database.dialect}).`);
    const existing = await database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.name, DEMO_ORGANISATION_NAME))
      .limit(1);
    if (existing.length > 0) {
      // Demo installs seeded before the address finder existed get its demo addresses too.
      await seedDemoAddresses(database.db);
      console.log(`The demo organisation "${DEMO_ORGANISATION_NAME}" already exists; left as it is.`);
      return;
    }
    const takenHosts = await database.db
      .select({ host: organisationHosts.host })
      .from(organisationHosts)
      .where(inArray(sql`lower(${organisationHosts.host})`, [...DEMO_HOSTS]));
    if (takenHosts.length > 0) {
      const hosts = takenHosts.map((row) => row.host).join(', ');
      console.log(`Another organisation is served at ${hosts}; the demo organisation was not created.`);
      return;
    }
    const demo = await seedDemo(database.db);
    console.log(`Demo organisation "${DEMO_ORGANISATION_NAME}" created (id ${demo.organisationId}).`);
    console.log(`Accounts (password ${DEMO_PASSWORD}): ${Object.values(DEMO_ACCOUNTS).join(', ')}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
