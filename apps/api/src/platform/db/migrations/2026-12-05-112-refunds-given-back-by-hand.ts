import { type MigrationDb, timestampType } from '../schema-helpers';

/**
 * A refund the provider refused that staff gave back by hand in the provider's dashboard
 * (decision 068, amended in stop 75): who said so and when. The refund stays `failed` (the portal
 * never moved the money); with these set it leaves the staff dashboard's list and count, and the
 * request's payments show it as given back by hand. Expand-only: two nullable columns, which an
 * instance of the release before ignores (it goes on listing such a refund as failed).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('refunds')
    .addColumn('given_back_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('refunds').addColumn('given_back_at', timestampType(db)).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('refunds').dropColumn('given_back_at').execute();
  await db.schema.alterTable('refunds').dropColumn('given_back_by').execute();
}
