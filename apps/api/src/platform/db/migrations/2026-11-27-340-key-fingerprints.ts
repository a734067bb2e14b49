import { timestampType, type MigrationDb } from '../schema-helpers';

/**
 * The fingerprint of each key of the deployment's key set (decision 086): recorded by the first
 * instance to start, compared by every later one, changed only by `keys:rotate`. A fingerprint is
 * a SHA-256 of a public part or of a keyed label, never a key.
 */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema
    .createTable('key_fingerprints')
    .addColumn('name', 'varchar(40)', (column) => column.primaryKey())
    .addColumn('fingerprint', 'varchar(128)', (column) => column.notNull())
    .addColumn('recorded_at', timestamp, (column) => column.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('key_fingerprints').execute();
}
