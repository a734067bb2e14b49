import { timestampType, type MigrationDb } from '../schema-helpers';

/**
 * The `Idempotency-Key`s of the sends a staff account made (decision 071, amended 2026-12-07): the
 * body's fingerprint and the answer given, written in the send's own transaction, so that a retry
 * with the same key gets the first answer and sends nothing again. The primary key makes two
 * retries at once, on any instances, send once. Rows go 24 hours after the send (housekeeping).
 * Expand-only: an instance of the release before ignores the table and sends as it did.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'varchar(128)', (column) => column.notNull())
    .addColumn('fingerprint', 'varchar(64)', (column) => column.notNull())
    .addColumn('answer', 'text')
    .addColumn('created_at', timestampType(db), (column) => column.notNull())
    .addColumn('expires_at', timestampType(db), (column) => column.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expiry_index')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
