import { withId, withTimestamps, type MigrationDb } from '../schema-helpers';

/**
 * Uploaded documents: the bytes live in the file store under `storage_key` (random); the row keeps
 * the sanitised original name for display, the checked content type, the size and the SHA-256.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('documents'))
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
      .addColumn('practice_id', 'integer', (column) => column.references('practices.id'))
      .addColumn('type', 'varchar(40)', (column) => column.notNull())
      .addColumn('additional_type', 'varchar(100)')
      .addColumn('file_name', 'varchar(255)', (column) => column.notNull())
      .addColumn('storage_key', 'varchar(64)', (column) => column.notNull().unique())
      .addColumn('content_type', 'varchar(100)', (column) => column.notNull())
      .addColumn('size', 'integer', (column) => column.notNull())
      .addColumn('sha256', 'varchar(64)', (column) => column.notNull()),
  ).execute();
  await db.schema.createIndex('documents_user_id_index').on('documents').column('user_id').execute();
  await db.schema.createIndex('documents_practice_id_index').on('documents').column('practice_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('documents').execute();
}
