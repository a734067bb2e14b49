import { timestampType, type MigrationDb } from '../schema-helpers';

/**
 * The DPoP proofs the wallet endpoints took (decision 088, amended 2026-12-05): each once (RFC 9449
 * §11.1). A row is the SHA-256 of the proof's key thumbprint and `jti`, kept while the proof's `iat`
 * would still be taken; a second use meets the primary key, on every instance and either database.
 * Housekeeping deletes the rows past that window.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('wallet_spent_dpop_proofs')
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('expires_at', timestampType(db), (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_spent_dpop_proofs_expiry_index')
    .on('wallet_spent_dpop_proofs')
    .column('expires_at')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('wallet_spent_dpop_proofs').execute();
}
