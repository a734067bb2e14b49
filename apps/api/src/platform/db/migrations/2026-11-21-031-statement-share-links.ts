import { timestampType, withId, withTimestamps, type MigrationDb } from '../schema-helpers';

/**
 * The applicant's share links to a statement's verification page (decision 024). Only the
 * SHA-256 of the token is kept, so the table cannot be turned back into working links.
 * `expires_on` is the last day the link works (`YYYY-MM-DD`), null for no expiry.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('statement_share_links'))
      .addColumn('statement_id', 'varchar(64)', (column) => column.notNull().references('statements.id'))
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
      .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
      .addColumn('expires_on', 'varchar(10)')
      .addColumn('revoked_at', timestampType(db)),
  ).execute();
  await db.schema
    .createIndex('statement_share_links_statement_index')
    .on('statement_share_links')
    .column('statement_id')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('statement_share_links').execute();
}
