import { type MigrationDb, timestampType } from '../schema-helpers';

/**
 * When an offer was ended before its credential was issued (decision 013: "Log out everywhere", a
 * password reset): its code is refused as an expired offer's, and an access token a wallet was
 * given for it before is refused as invalid. Expand-only: an instance of the release before
 * ignores the column, and ends offers by their expiry as it did.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('wallet_offers').addColumn('ended_at', timestampType(db)).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('wallet_offers').dropColumn('ended_at').execute();
}
