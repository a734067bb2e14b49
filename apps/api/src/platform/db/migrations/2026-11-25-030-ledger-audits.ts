import { timestampType, withId, type MigrationDb } from '../schema-helpers';

/**
 * The record of ledger audits (decision 048): each run of the audit job or of `ledger:verify`
 * says how far the chain was found whole (`through_seq`, `head_hash`) or where it broke. A
 * verification trusts the prefix the newest record vouches for and checks only the rest.
 */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);
  await withId(db, db.schema.createTable('ledger_audits'))
    .addColumn('scope', 'varchar(20)', (column) => column.notNull())
    .addColumn('status', 'varchar(20)', (column) => column.notNull())
    .addColumn('from_seq', 'integer', (column) => column.notNull())
    .addColumn('through_seq', 'integer', (column) => column.notNull())
    .addColumn('head_hash', 'varchar(64)')
    .addColumn('entries_checked', 'integer', (column) => column.notNull())
    .addColumn('fault_seq', 'integer')
    .addColumn('fault', 'text')
    .addColumn('started_at', timestamp, (column) => column.notNull())
    .addColumn('checked_at', timestamp, (column) => column.notNull())
    .execute();
  // The newest intact full audit decides when the next one is due.
  await db.schema
    .createIndex('ledger_audits_scope_status_index')
    .on('ledger_audits')
    .columns(['scope', 'status', 'id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('ledger_audits').execute();
}
