import type { MigrationDb } from '../schema-helpers';

/**
 * The client's id of an upload (decision 101): the same upload sent again, after an answer lost to
 * a dropped connection or a restart, answers the document stored the first time. One per user.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('documents').addColumn('upload_id', 'varchar(36)').execute();
  await db.schema
    .createIndex('documents_user_id_upload_id_index')
    .on('documents')
    .columns(['user_id', 'upload_id'])
    .unique()
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('documents_user_id_upload_id_index').execute();
  await db.schema.alterTable('documents').dropColumn('upload_id').execute();
}
