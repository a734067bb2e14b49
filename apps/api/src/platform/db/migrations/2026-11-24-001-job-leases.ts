import { timestampType, type MigrationDb } from '../schema-helpers';

/**
 * A claimed job holds a lease its worker renews while the handler runs (decision 042): a job
 * of a killed instance is taken over once the lease lapses, in seconds rather than after the
 * former ten-minute lock timeout.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('lease_until', timestampType(db)).execute();
  // Jobs running during the upgrade keep the old rule: ten minutes from now before a takeover.
  await db
    .updateTable('jobs')
    .set({ lease_until: new Date(Date.now() + 600_000).toISOString() })
    .where('status', '=', 'running')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('lease_until').execute();
}
