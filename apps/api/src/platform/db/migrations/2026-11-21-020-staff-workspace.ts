import { timestampType, withId, withTimestamps, type MigrationDb } from '../schema-helpers';

/**
 * The staff workspace (decision 021). Requests get their evaluator (assignee) and reviewer; the
 * status history becomes the audit trail of every move and staff change (`action`, `details`);
 * the thread between staff and applicant, internal notes and the evaluation (assessment,
 * verification, file check) get tables of their own. SQLite adds one column per statement.
 */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema
    .alterTable('practices')
    .addColumn('assignee_id', 'integer', (column) => column.references('users.id'))
    .execute();
  await db.schema
    .alterTable('practices')
    .addColumn('reviewer_id', 'integer', (column) => column.references('users.id'))
    .execute();
  await db.schema.createIndex('practices_assignee_id_index').on('practices').column('assignee_id').execute();
  await db.schema.createIndex('practices_reviewer_id_index').on('practices').column('reviewer_id').execute();
  await db.schema.createIndex('practices_status_index').on('practices').column('status').execute();

  // A transition or a staff change (`assessment`, `note`, …); null on the rows written before.
  await db.schema.alterTable('practice_status_history').addColumn('action', 'varchar(40)').execute();
  // JSON text: what else the entry records, such as the evaluator and reviewer of an assignment.
  await db.schema.alterTable('practice_status_history').addColumn('details', 'text').execute();

  await withId(db, db.schema.createTable('practice_messages'))
    .addColumn('practice_id', 'integer', (column) =>
      column.notNull().references('practices.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'integer', (column) => column.references('users.id'))
    .addColumn('side', 'varchar(20)', (column) => column.notNull())
    .addColumn('body', 'varchar(5000)', (column) => column.notNull())
    // JSON text: the document types staff asked for.
    .addColumn('requested_documents', 'text')
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('practice_messages_practice_id_index')
    .on('practice_messages')
    .column('practice_id')
    .execute();

  await db.schema
    .createTable('practice_message_documents')
    .addColumn('message_id', 'integer', (column) =>
      column.notNull().references('practice_messages.id').onDelete('cascade'),
    )
    .addColumn('document_id', 'integer', (column) =>
      column.notNull().references('documents.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('practice_message_documents_pkey', ['message_id', 'document_id'])
    .execute();

  await withId(db, db.schema.createTable('practice_notes'))
    .addColumn('practice_id', 'integer', (column) =>
      column.notNull().references('practices.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'integer', (column) => column.references('users.id'))
    .addColumn('body', 'varchar(5000)', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('practice_notes_practice_id_index')
    .on('practice_notes')
    .column('practice_id')
    .execute();

  await withTimestamps(
    db,
    db.schema
      .createTable('practice_evaluations')
      .addColumn('practice_id', 'integer', (column) =>
        column.primaryKey().references('practices.id').onDelete('cascade'),
      )
      // JSON text of the domain's `assessmentSchema` output.
      .addColumn('assessment', 'text')
      .addColumn('assessment_updated_at', timestamp)
      .addColumn('assessment_updated_by', 'integer', (column) => column.references('users.id'))
      .addColumn('verification_outcome', 'varchar(20)')
      .addColumn('verification_notes', 'varchar(5000)')
      .addColumn('verification_updated_at', timestamp)
      .addColumn('verification_updated_by', 'integer', (column) => column.references('users.id'))
      .addColumn('file_checked_at', timestamp)
      .addColumn('file_checked_by', 'integer', (column) => column.references('users.id'))
      .addColumn('file_check_notes', 'varchar(2000)'),
  ).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'practice_evaluations',
    'practice_notes',
    'practice_message_documents',
    'practice_messages',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  for (const index of [
    'practices_status_index',
    'practices_reviewer_id_index',
    'practices_assignee_id_index',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of ['details', 'action']) {
    await db.schema.alterTable('practice_status_history').dropColumn(column).execute();
  }
  for (const column of ['reviewer_id', 'assignee_id']) {
    await db.schema.alterTable('practices').dropColumn(column).execute();
  }
}
