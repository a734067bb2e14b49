import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db/database';
import { migrateToLatest } from './platform/db/migrate';
import { runSeeds } from './seeds';

const USAGE = `Usage: npm run cli -w @lisbon/api -- <command>

Commands:
  migrate   apply pending migrations and seed reference data, then exit`;

async function migrate(): Promise<void> {
  const config = loadConfig(process.env);
  const db = openDatabase(config.database);
  try {
    const { results = [] } = await migrateToLatest(db);
    for (const result of results) console.log(`${result.status.padEnd(11)} ${result.migrationName}`);
    if (results.length === 0) console.log('No pending migrations.');
    const seeded = await runSeeds(db);
    console.log(`Seeded ${seeded.cmsEntries} new CMS entries.`);
  } finally {
    await db.destroy();
  }
}

const [command] = process.argv.slice(2);
try {
  switch (command) {
    case 'migrate':
      await migrate();
      break;
    default:
      console.error(command ? `Unknown command: ${command}\n\n${USAGE}` : USAGE);
      process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
