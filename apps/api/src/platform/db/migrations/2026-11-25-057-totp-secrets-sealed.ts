import { isPostgres, type MigrationDb } from '../schema-helpers';

/**
 * TOTP secrets are stored sealed (decision 057): `v1.<iv>.<tag>.<ciphertext>` is longer than the
 * 64 characters the columns held. SQLite does not enforce a varchar's length; PostgreSQL does.
 */
export async function up(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const column of ['two_factor_secret', 'two_factor_pending_secret']) {
    await db.schema
      .alterTable('users')
      .alterColumn(column, (alter) => alter.setDataType('varchar(200)'))
      .execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const column of ['two_factor_secret', 'two_factor_pending_secret']) {
    await db.schema
      .alterTable('users')
      .alterColumn(column, (alter) => alter.setDataType('varchar(64)'))
      .execute();
  }
}
