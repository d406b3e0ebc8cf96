import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../../config/config.js';
import { migrationsFolderOf, openDatabase } from '../client.js';
import { importAddresses } from './addresses.js';

const USAGE = `Usage: npm run import:addresses -- FILE.csv [--source NAME] [--country NAME]

Imports an OpenAddresses CSV (LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH)
into the address finder's gazetteer, in the database the server uses (DATABASE_URL, else the
embedded one in DATA_DIR; stop the server first when it is the embedded one).
  --source   name of the data set; importing it again updates its rows (default: openaddresses)
  --country  country name written on every row (default: United Kingdom)
See docs/addresses.md.`;

/**
 * `npm run import:addresses -- FILE.csv`: migrates the configured database, then streams the file
 * in with a progress bar (a line every few seconds when the output is not a terminal) and a
 * summary of new, updated, unchanged and skipped rows.
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      source: { type: 'string', default: 'openaddresses' },
      country: { type: 'string', default: 'United Kingdom' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [file] = positionals;
  if (values.help || !file || positionals.length > 1) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  // npm runs workspace scripts inside the workspace; a relative path means where npm was started.
  const filePath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (!fs.existsSync(filePath) || !fs.statSync(filePath).isFile()) {
    console.error(`No such file: ${filePath}`);
    process.exit(2);
  }

  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrationsFolder: migrationsFolderOf(config.apiRoot),
  });
  const input = fs.createReadStream(filePath);
  const bar = new cliProgress.SingleBar(
    {
      format: 'Importing {file} [{bar}] {percentage}% | {rows} rows | ETA {eta_formatted}',
      noTTYOutput: true,
      notTTYSchedule: 5000,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  try {
    await database.migrate();
    bar.start(fs.statSync(filePath).size, 0, { file: path.basename(filePath), rows: 0 });
    const report = await importAddresses(database.db, input, {
      source: values.source,
      country: values.country,
      onProgress: (progress) => bar.update(input.bytesRead, { rows: progress.rows }),
    });
    bar.update(bar.getTotal(), { rows: report.rows });
    bar.stop();
    console.log(
      `${report.rows} rows read into ${database.dialect}: ${report.inserted} new, ${report.updated} updated, ` +
        `${report.unchanged} unchanged, ${report.duplicates} repeated, ${report.skipped} skipped.`,
    );
    for (const problem of report.problems) {
      console.log(`  line ${problem.line}: ${problem.reason}`);
    }
    if (report.skipped > report.problems.length) {
      console.log(`  … and ${report.skipped - report.problems.length} more skipped rows.`);
    }
  } finally {
    bar.stop();
    input.destroy();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
