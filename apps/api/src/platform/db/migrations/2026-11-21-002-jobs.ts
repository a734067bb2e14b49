import { timestampType, withId, withTimestamps, type MigrationDb } from '../schema-helpers';

/** The job queue (outbox): rows written in the transaction of the change that asks for the work. */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('jobs'))
      .addColumn('name', 'varchar(60)', (column) => column.notNull())
      .addColumn('version', 'integer', (column) => column.notNull())
      .addColumn('payload', 'text', (column) => column.notNull())
      .addColumn('status', 'varchar(20)', (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (column) => column.notNull())
      .addColumn('run_at', timestamp, (column) => column.notNull())
      .addColumn('locked_at', timestamp)
      .addColumn('locked_by', 'varchar(100)')
      .addColumn('last_error', 'text'),
  ).execute();
  await db.schema.createIndex('jobs_status_run_at_index').on('jobs').columns(['status', 'run_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
