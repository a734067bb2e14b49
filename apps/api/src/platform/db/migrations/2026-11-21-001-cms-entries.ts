import { withId, withTimestamps, type MigrationDb } from '../schema-helpers';

/** FAQ answers and country-of-education-system tips, one row per entity, locale and position. */
export async function up(db: MigrationDb): Promise<void> {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('cms_entries'))
      .addColumn('entity', 'varchar(40)', (column) => column.notNull())
      .addColumn('locale', 'varchar(10)', (column) => column.notNull())
      .addColumn('position', 'integer', (column) => column.notNull())
      .addColumn('content', 'text', (column) => column.notNull()),
  )
    .addUniqueConstraint('cms_entries_entity_locale_position_unique', ['entity', 'locale', 'position'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('cms_entries').execute();
}
