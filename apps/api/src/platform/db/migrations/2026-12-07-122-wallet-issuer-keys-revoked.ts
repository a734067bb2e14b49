import { type MigrationDb, timestampType } from '../schema-helpers';

/**
 * When a retired wallet issuer key was revoked by `keys:revoke --key wallet` (decision 114): a key
 * that leaked is no longer listed in the JWKS of `/.well-known/jwt-vc-issuer`, and our verifier
 * refuses a credential it signed as a key the deployment never had. Expand-only: an instance of the
 * release before ignores the column and still lists the key, so revoke once every instance runs
 * this release.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('wallet_issuer_keys').addColumn('revoked_at', timestampType(db)).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('wallet_issuer_keys').dropColumn('revoked_at').execute();
}
