import { sql } from 'kysely';
import { Migrator, type MigrationResultSet } from 'kysely/migration';
import type { Db } from './database';
import { migrations } from './migrations';
import { isPostgres } from './schema-helpers';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * A database this release cannot serve as it is (another build's migrations, or one of its own
 * missing before a newer release's): said in one line, with no stack, to whoever started it.
 */
export class MigrationRefusal extends MigrationError {}

/** What a start's migrations did: Kysely's results, and the newer release's migrations found, if any. */
export type Migrated = MigrationResultSet & {
  /**
   * Migrations the database ran that this release does not know, all later than its own: a newer
   * release migrated it (a rolling upgrade, or a rollback). This release serves it unmigrated.
   */
  newerMigrations: string[];
};

/** The names in Kysely's bookkeeping table; none when there is no table yet (an empty database). */
async function executedMigrations(db: Db, schema: string | undefined): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const hasTable = tables.some(
    (table) => table.name === 'kysely_migration' && (schema === undefined || table.schema === schema),
  );
  if (!hasTable) return [];
  const rows = await sql<{ name: string }>`select name from ${sql.table(
    schema ? `${schema}.kysely_migration` : 'kysely_migration',
  )}`.execute(db);
  return rows.rows.map((row) => row.name);
}

/**
 * Brings the schema to the latest migration; a no-op when it is already there. A database a newer
 * release migrated further is left as it is (its migrations are expand-only, decision 087's
 * runbook): this release knows every one of its own there, and the others all come after them.
 * Anything else (a migration of this release missing before a newer one, an unknown one among
 * its own) is refused with a message that says so.
 */
export async function migrateToLatest(db: Db): Promise<Migrated> {
  // Kysely looks for its bookkeeping table in every PostgreSQL schema unless told which one,
  // so another schema's table (a test's, say) would be mistaken for ours.
  const migrationTableSchema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const executed = await executedMigrations(db, migrationTableSchema);
  const known = Object.keys(migrations).sort();
  const unknown = executed.filter((name) => !Object.hasOwn(migrations, name)).sort();
  if (unknown.length > 0) {
    const latestKnown = known.at(-1) ?? '';
    const isNewer = unknown.every((name) => name > latestKnown);
    const missing = known.filter((name) => !executed.includes(name));
    if (isNewer && missing.length === 0) return { results: [], newerMigrations: unknown };
    throw new MigrationRefusal(
      isNewer
        ? `The database was migrated by a newer release (up to ${unknown.at(-1)}) but lacks this release's ${missing.join(', ')}: restore the backup taken before the upgrade (docs/deploy.md, section 11)`
        : `The database holds migrations this release does not know among its own (${unknown.join(', ')}): it was migrated by another build; install the release that migrated it`,
    );
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((migration) => migration.status === 'Error')?.migrationName;
    throw new MigrationError(`Migration ${failed ?? '(setup)'} failed`, { cause: result.error });
  }
  return { ...result, newerMigrations: [] };
}

let sqliteTurn: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` (the migrations and seeds of a start) while holding a PostgreSQL advisory lock of
 * this schema on one connection, so instances started at once on an empty database take turns
 * instead of racing to create the same tables.
 */
export async function withMigrationLock<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) {
    // SQLite serves one process; its connections take turns here.
    const turn = sqliteTurn.then(() => work(db));
    sqliteTurn = turn.catch(() => undefined);
    return turn;
  }
  return db.connection().execute(async (connection) => {
    const key = sql`hashtext('lisbon-migrate:' || current_schema())`;
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}
