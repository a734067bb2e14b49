import type { MigrationDb } from '../schema-helpers';

/**
 * The key an offer's credential was bound to, as its JWK thumbprint (RFC 7638; decision 102): a
 * wallet whose answer was lost asks again with its access token and the same key, and is answered
 * the credential again. Expand-only: offers issued before it have none, and are refused a second time.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('wallet_offers').addColumn('holder_key_thumbprint', 'varchar(64)').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('wallet_offers').dropColumn('holder_key_thumbprint').execute();
}
