import { timestampType, withId, withTimestamps, type MigrationDb } from '../schema-helpers';

/**
 * The wallet (decision 088). `wallet_offers`: one credential offer of a published statement, its
 * pre-authorized code and transaction code kept only as SHA-256, redeemed once; its `id` is the
 * credential's index in the status list. `wallet_presentations`: one OpenID4VP request of the
 * verifier, with its nonce and, once the wallet answered, the outcome of the check.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('wallet_offers'))
      .addColumn('statement_id', 'varchar(64)', (column) => column.notNull().references('statements.id'))
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
      .addColumn('code_hash', 'varchar(64)', (column) => column.notNull().unique())
      .addColumn('tx_code_hash', 'varchar(64)', (column) => column.notNull())
      .addColumn('failed_attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('expires_at', timestampType(db), (column) => column.notNull())
      .addColumn('redeemed_at', timestampType(db))
      .addColumn('issued_at', timestampType(db)),
  ).execute();
  await db.schema
    .createIndex('wallet_offers_statement_index')
    .on('wallet_offers')
    .column('statement_id')
    .execute();
  await withTimestamps(
    db,
    db.schema
      .createTable('wallet_presentations')
      .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('nonce', 'varchar(64)', (column) => column.notNull())
      .addColumn('expires_at', timestampType(db), (column) => column.notNull())
      .addColumn('result', 'text')
      .addColumn('checked_at', timestampType(db)),
  ).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('wallet_presentations').execute();
  await db.schema.dropTable('wallet_offers').execute();
}
