import { timestampType, withTimestamps, type MigrationDb } from '../schema-helpers';

/**
 * The sandbox payment provider's own state, kept apart from the portal's payments as a real
 * gateway keeps it on its side: its checkout sessions and the events it notifies by webhook.
 */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);

  await withTimestamps(
    db,
    db.schema
      .createTable('sandbox_sessions')
      .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
      // The merchant's reference: the portal's payment id.
      .addColumn('reference', 'varchar(100)', (column) => column.notNull())
      .addColumn('amount_total', 'integer', (column) => column.notNull())
      .addColumn('description', 'varchar(300)', (column) => column.notNull())
      .addColumn('customer_email', 'varchar(254)', (column) => column.notNull())
      .addColumn('success_url', 'varchar(1000)', (column) => column.notNull())
      .addColumn('cancel_url', 'varchar(1000)', (column) => column.notNull())
      .addColumn('status', 'varchar(20)', (column) => column.notNull())
      .addColumn('card_last4', 'varchar(4)')
      .addColumn('expires_at', timestamp, (column) => column.notNull())
      .addColumn('completed_at', timestamp),
  ).execute();

  await db.schema
    .createTable('sandbox_events')
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('session_id', 'varchar(64)', (column) => column.notNull().references('sandbox_sessions.id'))
    .addColumn('type', 'varchar(40)', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .addColumn('delivered_at', timestamp)
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('last_status', 'integer')
    .execute();
  await db.schema
    .createIndex('sandbox_events_session_id_index')
    .on('sandbox_events')
    .column('session_id')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('sandbox_events').execute();
  await db.schema.dropTable('sandbox_sessions').execute();
}
