import { withId, withTimestamps, type MigrationDb } from '../schema-helpers';

/**
 * Reference data of the request flow, corrected by an administrator after the first seed:
 * countries of education system, the documents each level requires (with optional per-country
 * lists that replace the level's), and the body's closure periods. Flags are integers 0/1 so they
 * read the same on SQLite and PostgreSQL.
 */
export async function up(db: MigrationDb): Promise<void> {
  await withTimestamps(
    db,
    db.schema
      .createTable('countries')
      .addColumn('code', 'varchar(2)', (column) => column.primaryKey())
      // Comma-separated education levels: `higher,upper_secondary`.
      .addColumn('levels', 'varchar(40)', (column) => column.notNull())
      .addColumn('is_lisbon_state', 'integer', (column) => column.notNull())
      .addColumn('is_service_available', 'integer', (column) => column.notNull())
      .addColumn('is_verification_possible', 'integer', (column) => column.notNull()),
  ).execute();

  await db.schema
    .createTable('required_documents')
    .addColumn('level', 'varchar(20)', (column) => column.notNull())
    .addColumn('document_type', 'varchar(40)', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('required_documents_pk', ['level', 'document_type'])
    .execute();

  await db.schema
    .createTable('country_required_documents')
    .addColumn('country_code', 'varchar(2)', (column) => column.notNull().references('countries.code'))
    .addColumn('level', 'varchar(20)', (column) => column.notNull())
    .addColumn('document_type', 'varchar(40)', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('country_required_documents_pk', ['country_code', 'level', 'document_type'])
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('closures'))
      // `closure`: no working days; `return_delivery_suspension`: paper returns stop (spec §9).
      .addColumn('kind', 'varchar(40)', (column) => column.notNull())
      .addColumn('starts_on', 'varchar(10)', (column) => column.notNull())
      .addColumn('ends_on', 'varchar(10)', (column) => column.notNull()),
  )
    .addUniqueConstraint('closures_kind_starts_on_unique', ['kind', 'starts_on'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['closures', 'country_required_documents', 'required_documents', 'countries']) {
    await db.schema.dropTable(table).execute();
  }
}
