import { PostgresIntrospector, sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * Helpers that let one migration file run unchanged on SQLite and PostgreSQL.
 * Migrations are frozen, so these helpers must never change what they create.
 */

// Migrations receive an untyped Kysely: they run before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type MigrationDb = Kysely<any>;

export const isPostgres = (db: MigrationDb): boolean => db.introspection instanceof PostgresIntrospector;

/** An auto-incrementing integer primary key named `id`. */
export function withId<T extends string>(db: MigrationDb, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (column) => column.primaryKey())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}

/** `created_at` and `updated_at`, defaulting to now: timestamptz on PostgreSQL, ISO-8601 UTC text on SQLite. */
export function withTimestamps<T extends string, C extends string>(
  db: MigrationDb,
  table: CreateTableBuilder<T, C>,
) {
  const type = isPostgres(db) ? 'timestamptz' : 'text';
  const now = isPostgres(db) ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  return table
    .addColumn('created_at', type, (column) => column.notNull().defaultTo(now))
    .addColumn('updated_at', type, (column) => column.notNull().defaultTo(now));
}

/** The column type of a timestamp without a default: timestamptz on PostgreSQL, ISO-8601 UTC text on SQLite. */
export const timestampType = (db: MigrationDb) => (isPostgres(db) ? 'timestamptz' : 'text');
