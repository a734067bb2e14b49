import { sql } from 'kysely';
import { timestampType, withId, withTimestamps, type MigrationDb } from '../schema-helpers';

/**
 * Return delivery of paper originals (spec §2 `/delivery`, §3 Delivery). A request is opened to
 * delivery by staff (`delivery_opened_at`) and set delivered (`delivered_at`); `delivery_id` names
 * the paid shipment that carries it. A shipment (`deliveries`) holds the shipping information,
 * frozen once submitted, and the requests of the cart it was paid for (`delivery_practices`).
 * The suspension windows are the `return_delivery_suspension` rows of `closures` (migration 004).
 */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('deliveries'))
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
      // open (being prepared), paid, delivered.
      .addColumn('status', 'varchar(20)', (column) => column.notNull())
      .addColumn('recipient_name', 'varchar(200)')
      .addColumn('address', 'varchar(200)')
      .addColumn('city', 'varchar(100)')
      .addColumn('zip_code', 'varchar(20)')
      .addColumn('province', 'varchar(100)')
      .addColumn('country', 'varchar(2)')
      .addColumn('phone', 'varchar(30)')
      .addColumn('shipping_submitted_at', timestamp)
      .addColumn('payment_id', 'integer', (column) => column.references('payments.id'))
      .addColumn('paid_at', timestamp)
      .addColumn('waybill_number', 'varchar(30)', (column) => column.unique())
      .addColumn('delivered_at', timestamp),
  ).execute();
  await db.schema.createIndex('deliveries_user_id_index').on('deliveries').column('user_id').execute();
  // One shipment being prepared per applicant, even when two first submissions race.
  await db.schema
    .createIndex('deliveries_one_open_per_user')
    .on('deliveries')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();

  await db.schema
    .createTable('delivery_practices')
    .addColumn('delivery_id', 'integer', (column) =>
      column.notNull().references('deliveries.id').onDelete('cascade'),
    )
    .addColumn('practice_id', 'integer', (column) =>
      column.notNull().references('practices.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('delivery_practices_pkey', ['delivery_id', 'practice_id'])
    .execute();

  await db.schema.alterTable('practices').addColumn('delivery_opened_at', timestamp).execute();
  await db.schema.alterTable('practices').addColumn('delivered_at', timestamp).execute();
  await db.schema.alterTable('practices').addColumn('delivery_id', 'integer').execute();

  // One open payment per shipment, like one per request.
  await db.schema
    .createIndex('payments_one_pending_per_delivery')
    .on('payments')
    .column('delivery_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('payments_one_pending_per_delivery').execute();
  for (const column of ['delivery_id', 'delivered_at', 'delivery_opened_at']) {
    await db.schema.alterTable('practices').dropColumn(column).execute();
  }
  await db.schema.dropTable('delivery_practices').execute();
  await db.schema.dropTable('deliveries').execute();
}
