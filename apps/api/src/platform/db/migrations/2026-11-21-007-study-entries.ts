import { withId, withTimestamps, type MigrationDb } from '../schema-helpers';

/** The applicant's educational history, "My study path" (users/{id}/user-qualification). */
export async function up(db: MigrationDb): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('study_entries'))
      .addColumn('user_id', 'integer', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('qualification_name', 'varchar(200)', (column) => column.notNull())
      .addColumn('institution_name', 'varchar(200)', (column) => column.notNull())
      .addColumn('institution_country', 'varchar(2)', (column) => column.notNull())
      .addColumn('institution_city', 'varchar(100)')
      .addColumn('level', 'varchar(20)', (column) => column.notNull())
      .addColumn('study_program_name', 'varchar(200)')
      .addColumn('enrolled_at', 'varchar(10)')
      .addColumn('graduated_at', 'varchar(10)'),
  ).execute();
  await db.schema.createIndex('study_entries_user_id_index').on('study_entries').column('user_id').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('study_entries').execute();
}
