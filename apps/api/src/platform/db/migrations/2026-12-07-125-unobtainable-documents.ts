import { timestampType, type MigrationDb } from '../schema-helpers';

/**
 * The required documents of a refugee's request that the applicant declared they cannot obtain
 * (decision 119, Lisbon Recognition Convention Article VII): one row per request and type, with
 * the applicant's optional explanation. A declared document no longer stops the submission; an
 * upload of that type removes the row. Expand-only: an instance of the release before ignores the
 * table and asks for every document, as it did.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('unobtainable_documents')
    .addColumn('practice_id', 'integer', (column) =>
      column.notNull().references('practices.id').onDelete('cascade'),
    )
    .addColumn('type', 'varchar(40)', (column) => column.notNull())
    .addColumn('explanation', 'text')
    .addColumn('declared_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('declared_at', timestampType(db), (column) => column.notNull())
    .addPrimaryKeyConstraint('unobtainable_documents_pkey', ['practice_id', 'type'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('unobtainable_documents').execute();
}
