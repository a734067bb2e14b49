import { timestampType, type MigrationDb } from '../schema-helpers';

/**
 * The body's own record of a withdrawal (`lisbon statement:withdraw`, decision 097, amended
 * 2026-12-05): the reason given and the random 256-bit salt its ledger entry commits with. The
 * `revoke` entry's payload hash is HMAC-SHA-256 of the reason keyed with this salt, so the public
 * ledger no longer lets anyone test a guessed reason; whoever holds this row can recompute it. One
 * row per statement, written in the withdrawal's transaction with the entry. Never shown publicly.
 * Statements withdrawn before this migration have no row: their entries keep the plain SHA-256 of
 * the reason (the ledger is append-only). Expand-only: a new table the release before ignores.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('statement_withdrawals')
    .addColumn('certificate_id', 'varchar(64)', (column) => column.primaryKey().references('statements.id'))
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('salt', 'varchar(64)', (column) => column.notNull())
    .addColumn('created_at', timestampType(db), (column) => column.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('statement_withdrawals').execute();
}
