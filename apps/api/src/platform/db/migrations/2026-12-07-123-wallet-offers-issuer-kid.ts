import type { MigrationDb } from '../schema-helpers';

/**
 * The `kid` of the issuer key that signed an offer's credential, written as the credential is
 * issued (decision 114): `keys:revoke` then says how many credentials the revoked key signed.
 * Expand-only and nullable: an instance of the release before (1.1.0) ignores the column and issues
 * with none, as every offer issued before this migration has none; the command counts those apart.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('wallet_offers').addColumn('issuer_kid', 'varchar(64)').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('wallet_offers').dropColumn('issuer_kid').execute();
}
