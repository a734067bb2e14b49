import type { MigrationDb } from '../schema-helpers';

/**
 * Who may read a wallet check's outcome (decision 088): the hash of the key given to the browser
 * that asked, and of the `response_code` given to the wallet that answered (OpenID4VP 1.0 §8.2).
 * Expand-only: a request made before it has neither, and its outcome is read by its id, as then,
 * until housekeeping deletes it (WALLET_RESULT_KEPT_HOURS).
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('wallet_presentations').addColumn('result_key_hash', 'varchar(64)').execute();
  await db.schema.alterTable('wallet_presentations').addColumn('response_code_hash', 'varchar(64)').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('wallet_presentations').dropColumn('response_code_hash').execute();
  await db.schema.alterTable('wallet_presentations').dropColumn('result_key_hash').execute();
}
