import { sql } from 'kysely';
import { Migrator, type MigrationResultSet } from 'kysely/migration';
import type { Db } from './database';
import { migrations } from './migrations';
import { isPostgres } from './schema-helpers';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema to the latest migration; a no-op when it is already there. */
export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  // Kysely looks for its bookkeeping table in every PostgreSQL schema unless told which one,
  // so another schema's table (a test's, say) would be mistaken for ours.
  const migrationTableSchema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
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
  return result;
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
