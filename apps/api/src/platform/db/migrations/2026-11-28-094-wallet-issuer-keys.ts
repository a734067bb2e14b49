import { timestampType, type MigrationDb } from '../schema-helpers';

/**
 * The public keys of the wallet issuer (decision 094): written by `keys:rotate --key wallet`, the
 * key it retires (with `retired_at`) and the key it brings in, so every instance lists both in the
 * JWKS of `/.well-known/jwt-vc-issuer` and checks a credential by its `kid`. Public keys only, as JWK.
 */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema
    .createTable('wallet_issuer_keys')
    .addColumn('kid', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('public_jwk', 'text', (column) => column.notNull())
    .addColumn('recorded_at', timestamp, (column) => column.notNull())
    .addColumn('retired_at', timestamp)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('wallet_issuer_keys').execute();
}
