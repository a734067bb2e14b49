import { sql } from 'kysely';
import { timestampType, withId, withTimestamps, type MigrationDb } from '../schema-helpers';

/**
 * Requests (practices), their status history and the per-day submission counter of the
 * contingency limit. The wizard's purpose and qualification steps are kept as JSON text of their
 * domain schemas; the qualification name is copied to a column for sorting.
 */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('practices'))
      .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
      .addColumn('status', 'varchar(40)', (column) => column.notNull())
      .addColumn('service', 'varchar(40)', (column) => column.notNull())
      .addColumn('country', 'varchar(2)', (column) => column.notNull())
      .addColumn('level', 'varchar(20)', (column) => column.notNull())
      .addColumn('is_urgent', 'integer', (column) => column.notNull())
      .addColumn('wizard_step', 'varchar(20)', (column) => column.notNull())
      .addColumn('purpose', 'text')
      .addColumn('qualification', 'text')
      .addColumn('qualification_name', 'varchar(200)')
      .addColumn('requested_at', timestamp)
      // The body's calendar day of the submission (Europe/Rome).
      .addColumn('requested_on', 'varchar(10)')
      .addColumn('paid_at', timestamp)
      .addColumn('delivery_paid_at', timestamp)
      .addColumn('expected_deadline', 'varchar(10)'),
  ).execute();
  await db.schema.createIndex('practices_user_id_index').on('practices').column('user_id').execute();
  // One draft per applicant, even when two requests race.
  await db.schema
    .createIndex('practices_one_draft_per_user')
    .on('practices')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'draft')
    .execute();

  await withId(db, db.schema.createTable('practice_status_history'))
    .addColumn('practice_id', 'integer', (column) =>
      column.notNull().references('practices.id').onDelete('cascade'),
    )
    .addColumn('from_status', 'varchar(40)')
    .addColumn('to_status', 'varchar(40)', (column) => column.notNull())
    .addColumn('by_user_id', 'integer', (column) => column.references('users.id'))
    // The reason of a closure and the like (DESIGN.md: who, when, from, to, note).
    .addColumn('note', 'varchar(1000)')
    .addColumn('at', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('practice_status_history_practice_id_index')
    .on('practice_status_history')
    .column('practice_id')
    .execute();

  await db.schema
    .createTable('daily_submissions')
    .addColumn('day', 'varchar(10)', (column) => column.primaryKey())
    .addColumn('count', 'integer', (column) => column.notNull())
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['daily_submissions', 'practice_status_history', 'practices']) {
    await db.schema.dropTable(table).execute();
  }
}
