import { timestampType, withId, type MigrationDb } from '../schema-helpers';

/**
 * Notices across the portal and newsletter unsubscribe (issue 8):
 * - closures get an announcement day (from when the notice shows) and the notice text in each
 *   language; the closure of spec §9 gets its own;
 * - `settings`: the administrators' switches (maintenance), with `setting_changes` as their audit;
 * - users get the hash of their newsletter unsubscribe token and the time they unsubscribed.
 */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema.alterTable('closures').addColumn('announce_from', 'varchar(10)').execute();
  await db.schema.alterTable('closures').addColumn('notice_en_us', 'text').execute();
  await db.schema.alterTable('closures').addColumn('notice_it_it', 'text').execute();
  await db
    .updateTable('closures')
    .set({
      announce_from: '2024-11-18',
      notice_en_us:
        'Our offices are closed from 16 December 2024 to 12 January 2025: requests are not processed and deadlines do not run. Service resumes on 13 January 2025.',
      notice_it_it:
        'I nostri uffici sono chiusi dal 16 dicembre 2024 al 12 gennaio 2025: le richieste non vengono lavorate e i termini non decorrono. Il servizio riprende il 13 gennaio 2025.',
    })
    .where('kind', '=', 'closure')
    .where('starts_on', '=', '2024-12-16')
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(60)', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('updated_by', 'integer', (column) => column.references('users.id'))
    .addColumn('updated_at', timestamp, (column) => column.notNull())
    .execute();

  await withId(db, db.schema.createTable('setting_changes'))
    .addColumn('key', 'varchar(60)', (column) => column.notNull())
    .addColumn('value_before', 'text')
    .addColumn('value_after', 'text', (column) => column.notNull())
    .addColumn('changed_by', 'integer', (column) => column.references('users.id'))
    .addColumn('changed_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('setting_changes_key_changed_at')
    .on('setting_changes')
    .columns(['key', 'changed_at'])
    .execute();

  await db.schema.alterTable('users').addColumn('marketing_opt_out_token_hash', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('marketing_opted_out_at', timestamp).execute();
  await db.schema
    .createIndex('users_marketing_opt_out_token_hash')
    .on('users')
    .column('marketing_opt_out_token_hash')
    .unique()
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('users_marketing_opt_out_token_hash').execute();
  await db.schema.alterTable('users').dropColumn('marketing_opted_out_at').execute();
  await db.schema.alterTable('users').dropColumn('marketing_opt_out_token_hash').execute();
  await db.schema.dropTable('setting_changes').execute();
  await db.schema.dropTable('settings').execute();
  for (const column of ['notice_it_it', 'notice_en_us', 'announce_from']) {
    await db.schema.alterTable('closures').dropColumn(column).execute();
  }
}
