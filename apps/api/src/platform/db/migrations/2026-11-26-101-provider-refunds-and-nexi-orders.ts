import { timestampType, type MigrationDb } from '../schema-helpers';

/**
 * The providers' own state for refunds and Nexi (decisions 067 and 068), kept apart from the
 * portal's payments as a gateway keeps it on its side:
 * - `sandbox_refunds`: the sandbox gateway's refunds, one per idempotency key;
 * - `nexi_orders`: each Nexi XPay order the portal opened, with the SHA-256 of the security token
 *   Nexi answered (its notifications carry the token; the token itself is never stored) and the
 *   time after which an unpaid order counts as expired.
 */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);

  await db.schema
    .createTable('sandbox_refunds')
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('session_id', 'varchar(64)', (column) => column.notNull().references('sandbox_sessions.id'))
    .addColumn('idempotency_key', 'varchar(100)', (column) => column.notNull().unique())
    .addColumn('amount', 'integer', (column) => column.notNull())
    .addColumn('status', 'varchar(20)', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('nexi_orders')
    .addColumn('order_id', 'varchar(18)', (column) => column.primaryKey())
    .addColumn('security_token_sha256', 'varchar(64)', (column) => column.notNull())
    .addColumn('amount', 'integer', (column) => column.notNull())
    .addColumn('expires_at', timestamp, (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('nexi_orders').execute();
  await db.schema.dropTable('sandbox_refunds').execute();
}
