import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './platform/config';
import { openDatabase } from './platform/db/database';
import { migrateToLatest } from './platform/db/migrate';
import { runSeeds } from './seeds';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    // A wrong setting is the operator's to fix: one line naming the variable, no stack.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const db = openDatabase(config.database);
const app = await buildApp({ config, db });

try {
  const migrations = await migrateToLatest(db);
  const seeded = await runSeeds(db);
  app.log.info(
    { dialect: config.database.dialect, migrationsApplied: migrations.results?.length ?? 0, seeded },
    'database ready',
  );
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Lisbon is serving ${config.publicUrl} (listening on ${config.host}:${config.port})`);
  if (config.isMaintenanceMode)
    app.log.warn('maintenance mode is on: the API answers 503 except /api/v1/health');
} catch (error) {
  app.log.fatal({ err: error }, 'start failed');
  await db.destroy();
  process.exit(1);
}

let isClosing = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (isClosing) return;
  isClosing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await app.close();
    await db.destroy();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

process.once('SIGINT', (signal) => void shutdown(signal));
process.once('SIGTERM', (signal) => void shutdown(signal));
