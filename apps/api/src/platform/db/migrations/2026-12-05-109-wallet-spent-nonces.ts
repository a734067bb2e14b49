import { timestampType, type MigrationDb } from '../schema-helpers';

/**
 * The `c_nonce`s a key proof has used (decision 088, amended 2026-12-05): each once. A nonce is a
 * signed JWT any instance checks; its `jti` is written here when a credential request's proof
 * uses it, and a second use meets the primary key, on every instance and either database. Rows go
 * once the nonce has expired (housekeeping): past then, its signature refuses it anyway.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('wallet_spent_nonces')
    .addColumn('jti', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('expires_at', timestampType(db), (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_spent_nonces_expiry_index')
    .on('wallet_spent_nonces')
    .column('expires_at')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('wallet_spent_nonces').execute();
}
