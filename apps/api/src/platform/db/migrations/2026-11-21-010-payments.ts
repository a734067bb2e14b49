import { sql } from 'kysely';
import { timestampType, withId, withTimestamps, type MigrationDb } from '../schema-helpers';

/**
 * Payments and what they produce. `payment_events` holds one row per provider event, inserted in
 * the transaction of its effects, so a redelivered event finds its row and changes nothing.
 * Invoices and receipts draw their numbers from `fiscal_counters` (one row per kind and year)
 * inside the same transaction, so a number is used exactly when its payment settles.
 */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);

  await withTimestamps(
    db,
    db.schema
      .createTable('billing_profiles')
      .addColumn('user_id', 'integer', (column) =>
        column.primaryKey().references('users.id').onDelete('cascade'),
      )
      // JSON text of the domain's `billingInfoSchema` output.
      .addColumn('info', 'text', (column) => column.notNull()),
  ).execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('payments'))
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
      .addColumn('purpose', 'varchar(20)', (column) => column.notNull())
      .addColumn('practice_id', 'integer', (column) => column.references('practices.id').onDelete('set null'))
      .addColumn('delivery_id', 'integer')
      .addColumn('description', 'varchar(300)', (column) => column.notNull())
      .addColumn('amount_net', 'integer', (column) => column.notNull())
      .addColumn('amount_vat', 'integer', (column) => column.notNull())
      .addColumn('amount_total', 'integer', (column) => column.notNull())
      // JSON text: the priced lines and the payer's billing information at checkout.
      .addColumn('lines', 'text', (column) => column.notNull())
      .addColumn('billing', 'text', (column) => column.notNull())
      .addColumn('status', 'varchar(20)', (column) => column.notNull())
      .addColumn('failure_reason', 'varchar(40)')
      .addColumn('provider', 'varchar(40)', (column) => column.notNull())
      .addColumn('provider_session_id', 'varchar(100)', (column) => column.unique())
      .addColumn('checkout_url', 'varchar(1000)')
      .addColumn('expires_at', timestamp)
      .addColumn('paid_at', timestamp)
      .addColumn('settled_at', timestamp),
  ).execute();
  await db.schema.createIndex('payments_user_id_index').on('payments').column('user_id').execute();
  await db.schema
    .createIndex('payments_status_expires_at_index')
    .on('payments')
    .columns(['status', 'expires_at'])
    .execute();
  // One open payment per request, even when two checkouts race.
  await db.schema
    .createIndex('payments_one_pending_per_practice')
    .on('payments')
    .column('practice_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await withId(db, db.schema.createTable('payment_events'))
    .addColumn('provider', 'varchar(40)', (column) => column.notNull())
    .addColumn('event_id', 'varchar(200)', (column) => column.notNull())
    .addColumn('type', 'varchar(40)', (column) => column.notNull())
    .addColumn('provider_session_id', 'varchar(100)', (column) => column.notNull())
    .addColumn('payment_id', 'integer', (column) => column.references('payments.id'))
    .addColumn('received_at', timestamp, (column) => column.notNull())
    .addUniqueConstraint('payment_events_provider_event_id_unique', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('fiscal_counters')
    .addColumn('kind', 'varchar(20)', (column) => column.notNull())
    .addColumn('year', 'integer', (column) => column.notNull())
    .addColumn('value', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('fiscal_counters_pkey', ['kind', 'year'])
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('fiscal_documents'))
      .addColumn('kind', 'varchar(20)', (column) => column.notNull())
      .addColumn('year', 'integer', (column) => column.notNull())
      .addColumn('sequence', 'integer', (column) => column.notNull())
      .addColumn('number', 'varchar(20)', (column) => column.notNull())
      .addColumn('payment_id', 'integer', (column) => column.notNull().references('payments.id'))
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
      .addColumn('issued_at', timestamp, (column) => column.notNull())
      .addColumn('description', 'varchar(300)', (column) => column.notNull())
      .addColumn('amount_net', 'integer', (column) => column.notNull())
      .addColumn('amount_vat', 'integer', (column) => column.notNull())
      .addColumn('amount_total', 'integer', (column) => column.notNull())
      // A fiscal document is a snapshot: its lines, payer and payment reference as issued (JSON text).
      .addColumn('lines', 'text', (column) => column.notNull())
      .addColumn('payer', 'text', (column) => column.notNull())
      .addColumn('payment_reference', 'varchar(200)', (column) => column.notNull())
      // The rendered PDF in the file store, once the rendering job (or a download) has made it.
      .addColumn('storage_key', 'varchar(64)')
      .addUniqueConstraint('fiscal_documents_kind_year_sequence_unique', ['kind', 'year', 'sequence'])
      .addUniqueConstraint('fiscal_documents_payment_id_kind_unique', ['payment_id', 'kind']),
  ).execute();
  await db.schema
    .createIndex('fiscal_documents_user_id_index')
    .on('fiscal_documents')
    .column('user_id')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'fiscal_documents',
    'fiscal_counters',
    'payment_events',
    'payments',
    'billing_profiles',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
