import type { MigrationDb } from '../schema-helpers';

/**
 * Jobs carry a priority, claimed highest first (decision 049): payment events (40), mails (30),
 * other work (20, the default, also for rows an older instance enqueues during the upgrade),
 * PDF renders (10). The values are written here, not imported: a migration never changes.
 */
const PRIORITY_OF_EXISTING = [
  { name: 'sandbox-webhook', priority: 40 },
  { name: 'send-mail', priority: 30 },
  { name: 'render-fiscal-document', priority: 10 },
];

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('priority', 'integer', (column) => column.notNull().defaultTo(20))
    .execute();
  for (const { name, priority } of PRIORITY_OF_EXISTING) {
    await db.updateTable('jobs').set({ priority }).where('name', '=', name).execute();
  }
  // The claim's order, so both of its branches read the index in order and stop at the first row.
  await db.schema
    .createIndex('jobs_claim_index')
    .on('jobs')
    .columns(['status', 'priority desc', 'run_at', 'id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('jobs_claim_index').execute();
  await db.schema.alterTable('jobs').dropColumn('priority').execute();
}
