import { sql } from 'kysely';
import { timestampType, withId, withTimestamps, type MigrationDb } from '../schema-helpers';

/**
 * Real providers and refunds (decisions 067 and 068):
 * - a payment keeps the provider's id of the money movement (`transaction_reference`: a Stripe
 *   PaymentIntent, a Nexi operation, the sandbox session), and each fiscal document prints the
 *   provider and that reference; documents issued before are given those of their payment;
 * - `refunds`: at most one per payment (always the whole amount), asked of the provider by a job
 *   and settled once, with its credit note (`fiscal_documents` of kind `credit_note`, which names
 *   the invoice it corrects in `corrects_document_id`).
 */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);

  await db.schema.alterTable('payments').addColumn('transaction_reference', 'varchar(200)').execute();
  await db.schema.alterTable('fiscal_documents').addColumn('provider', 'varchar(40)').execute();
  await db.schema.alterTable('fiscal_documents').addColumn('transaction_reference', 'varchar(200)').execute();
  await db.schema
    .alterTable('fiscal_documents')
    .addColumn('corrects_document_id', 'integer', (column) => column.references('fiscal_documents.id'))
    .execute();
  await sql`update payments set transaction_reference = provider_session_id
    where status = 'succeeded' and transaction_reference is null`.execute(db);
  await sql`update fiscal_documents set
      provider = (select p.provider from payments p where p.id = fiscal_documents.payment_id),
      transaction_reference = (select coalesce(p.provider_session_id, cast(p.id as varchar(20)))
        from payments p where p.id = fiscal_documents.payment_id)
    where provider is null`.execute(db);

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('refunds'))
      // One refund per payment, whatever retries or two staff members at once do.
      .addColumn('payment_id', 'integer', (column) => column.notNull().unique().references('payments.id'))
      // The request the refund was asked from: its audit trail records it.
      .addColumn('practice_id', 'integer', (column) => column.references('practices.id').onDelete('set null'))
      .addColumn('reason', 'varchar(40)', (column) => column.notNull())
      .addColumn('amount_net', 'integer', (column) => column.notNull())
      .addColumn('amount_vat', 'integer', (column) => column.notNull())
      .addColumn('amount_total', 'integer', (column) => column.notNull())
      .addColumn('status', 'varchar(20)', (column) => column.notNull())
      .addColumn('provider', 'varchar(40)', (column) => column.notNull())
      .addColumn('provider_refund_id', 'varchar(200)')
      .addColumn('failure_reason', 'varchar(200)')
      .addColumn('requested_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
      .addColumn('requested_at', timestamp, (column) => column.notNull())
      .addColumn('refunded_at', timestamp)
      .addColumn('credit_note_id', 'integer', (column) => column.references('fiscal_documents.id')),
  ).execute();
  await db.schema.createIndex('refunds_practice_id_index').on('refunds').column('practice_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('refunds').execute();
  for (const column of ['corrects_document_id', 'transaction_reference', 'provider'])
    await db.schema.alterTable('fiscal_documents').dropColumn(column).execute();
  await db.schema.alterTable('payments').dropColumn('transaction_reference').execute();
}
