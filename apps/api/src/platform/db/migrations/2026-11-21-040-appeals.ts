import { sql } from 'kysely';
import { timestampType, withId, type MigrationDb } from '../schema-helpers';

/**
 * Appeals and amendments (decision 026). `appeals` holds the applicant's ask (type, motivation,
 * documents), one per request: the unique index is the "one open appeal" rule even under a race,
 * since a request leaves `published` for good once it has one. A statement gets a `kind`
 * (`statement`, or `appeal` for a statement of appeal) and `original_id` (the statement an appeal
 * is attached to, or the one an amended statement supersedes). One live statement per request
 * becomes: one pending publication per request, one published statement per request and kind.
 */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);
  await withId(db, db.schema.createTable('appeals'))
    .addColumn('practice_id', 'integer', (column) =>
      column.notNull().references('practices.id').onDelete('cascade').unique(),
    )
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('type', 'varchar(20)', (column) => column.notNull())
    .addColumn('motivation', 'varchar(5000)', (column) => column.notNull())
    // JSON text: ids of the request's documents that support it.
    .addColumn('document_ids', 'text', (column) => column.notNull())
    .addColumn('created_at', timestamp, (column) => column.notNull())
    .execute();

  await db.schema
    .alterTable('statements')
    .addColumn('kind', 'varchar(20)', (column) => column.notNull().defaultTo('statement'))
    .execute();
  await db.schema.alterTable('statements').addColumn('original_id', 'varchar(64)').execute();
  await db.schema.dropIndex('statements_one_live_per_practice').execute();
  await db.schema
    .createIndex('statements_one_pending_per_practice')
    .on('statements')
    .column('practice_id')
    .unique()
    .where(sql<boolean>`status = 'pending'`)
    .execute();
  await db.schema
    .createIndex('statements_one_published_per_kind')
    .on('statements')
    .columns(['practice_id', 'kind'])
    .unique()
    .where(sql<boolean>`status = 'published'`)
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('statements_one_published_per_kind').execute();
  await db.schema.dropIndex('statements_one_pending_per_practice').execute();
  await db.schema
    .createIndex('statements_one_live_per_practice')
    .on('statements')
    .column('practice_id')
    .unique()
    .where(sql<boolean>`status in ('pending', 'published')`)
    .execute();
  await db.schema.alterTable('statements').dropColumn('original_id').execute();
  await db.schema.alterTable('statements').dropColumn('kind').execute();
  await db.schema.dropTable('appeals').execute();
}
