import { timestampType, withId, type MigrationDb } from '../schema-helpers';

/**
 * The backups made of this deployment (decision 096): `lisbon backup` records its folder, and the
 * release's nightly `lisbon-backup` its `pg_dump` file, once written whole. The metrics say when the
 * newest was made, so that a backup that stopped running is an alert, not a surprise at a restore.
 */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);
  await withId(db, db.schema.createTable('backups'))
    .addColumn('kind', 'varchar(20)', (column) => column.notNull())
    .addColumn('location', 'text', (column) => column.notNull())
    .addColumn('finished_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('backups_finished_at_index').on('backups').column('finished_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('backups').execute();
}
