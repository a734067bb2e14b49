import type { MigrationDb } from '../schema-helpers';

/**
 * What a wallet check's request was made with (decision 088, amended 2026-12-06): its response mode
 * (`direct_post` or `direct_post.jwt`, WALLET_RESPONSE_MODE when it was made), so that its request
 * object and its answer follow it whatever the setting says later, and the `kid` of the issuer key
 * that signed it and from which its answer's encryption key is derived, so that an answer after a
 * key rotation is told why it cannot be read. Expand-only: a request made before has neither, and
 * follows the setting, as then, until housekeeping deletes it (WALLET_RESULT_KEPT_HOURS).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('wallet_presentations').addColumn('response_mode', 'varchar(32)').execute();
  await db.schema.alterTable('wallet_presentations').addColumn('issuer_kid', 'varchar(64)').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('wallet_presentations').dropColumn('issuer_kid').execute();
  await db.schema.alterTable('wallet_presentations').dropColumn('response_mode').execute();
}
