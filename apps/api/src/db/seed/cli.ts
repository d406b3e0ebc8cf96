import { parseArgs } from 'node:util';
import { eq, inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../../config/config.js';
import { filesDirectoryOf } from '../../modules/files/service.js';
import { migrationsFolderOf, openDatabase, type Database } from '../client.js';
import { organisationHosts, organisations } from '../schema/index.js';
import { DEMO_ACCOUNTS, DEMO_HOSTS, DEMO_ORGANISATION_NAME, DEMO_PASSWORD, seedDemo } from './demo.js';
import { seedReferenceData } from './reference-data.js';
import { seedDemoAddresses } from './demo-addresses.js';
import { DEFAULT_HISTORY_SEED, DEFAULT_HISTORY_VOLUNTEERS, seedDemoHistory } from './history.js';

/** `--history`, `--volunteers N`, `--seed N`: whether (and how) to give the demo its history. */
function readArguments(): { history: boolean; volunteers: number; seed: number } {
  const { values } = parseArgs({
    options: {
      history: { type: 'boolean', default: false },
      volunteers: { type: 'string', default: String(DEFAULT_HISTORY_VOLUNTEERS) },
      seed: { type: 'string', default: String(DEFAULT_HISTORY_SEED) },
    },
  });
  const whole = (name: string, text: string, min: number) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) {
      throw new Error(`--${name} must be a whole number of at least ${min}, not "${text}"`);
    }
    return value;
  };
  return {
    history: values.history,
    volunteers: whole('volunteers', values.volunteers, 1),
    seed: whole('seed', values.seed, 0),
  };
}

/** Adds the history to the demo organisation unless it has one, and says what happened. */
async function addHistory(
  db: Database,
  organisationId: number,
  options: { volunteers: number; seed: number; filesDirectory: string },
): Promise<void> {
  const result = await seedDemoHistory(db, { organisationId, ...options });
  if (!result.created) {
    console.log('The demo organisation already has its history; nothing was added.');
    return;
  }
  const rows = Object.values(result.rows).reduce((sum, count) => sum + count, 0);
  console.log(
    `Demo history added: ${options.volunteers} volunteers over three years, ${rows} rows in ${(result.ms / 1000).toFixed(1)} s.`,
  );
}

/**
 * `npm run seed` (`-- --history` for three years of activity): migrates the configured database,
 * loads the reference data and creates the demo organisation unless it already exists; with
 * `--history`, gives the demo organisation its history unless it has it already (`--volunteers`
 * and `--seed` change its size and its draw).
 */
async function main(): Promise<void> {
  const args = readArguments();
  const config = loadConfig();
  // The hub documents' files go where the server reads uploads from.
  const filesDirectory = filesDirectoryOf(config.dataDir);
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
      if (args.history && existing[0]) {
        await addHistory(database.db, existing[0].id, { ...args, filesDirectory });
      }
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
    if (args.history) {
      await addHistory(database.db, demo.organisationId, { ...args, filesDirectory });
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
