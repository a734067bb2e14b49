import { sql } from 'kysely';
import { timestampType, withTimestamps, type MigrationDb } from '../schema-helpers';

/**
 * Statements and the ledger (decision 022). `ledger_entries` is the append-only hash chain:
 * `seq` and `prev_hash` are unique, so two appends that read the same head cannot both land (the
 * chain never forks), and (`certificate_id`, `kind`) is unique, so a retried publication never
 * issues or seals a certificate twice. Its times are ISO text on both dialects: they are hashed.
 * `statements` holds each certificate's snapshot and the steps of its publication.
 */
export async function up(db: MigrationDb): Promise<void> {
  const timestamp = timestampType(db);
  await db.schema
    .createTable('ledger_entries')
    .addColumn('seq', 'integer', (column) => column.primaryKey())
    .addColumn('prev_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('kind', 'varchar(20)', (column) => column.notNull())
    .addColumn('certificate_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('payload_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('ref_hash', 'varchar(64)')
    .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
    .addColumn('signature', 'varchar(200)', (column) => column.notNull())
    .addColumn('hash', 'varchar(64)', (column) => column.notNull().unique())
    .addUniqueConstraint('ledger_entries_certificate_kind_unique', ['certificate_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_payload_hash_index')
    .on('ledger_entries')
    .column('payload_hash')
    .execute();

  await withTimestamps(
    db,
    db.schema
      .createTable('statements')
      .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
      .addColumn('practice_id', 'integer', (column) => column.notNull().references('practices.id'))
      .addColumn('status', 'varchar(20)', (column) => column.notNull())
      .addColumn('requested_by', 'integer', (column) => column.references('users.id'))
      .addColumn('requested_at', timestamp, (column) => column.notNull())
      // JSON text of the domain's `certificateSchema`: the fields the issue entry hashes.
      .addColumn('certificate', 'text')
      .addColumn('issue_hash', 'varchar(64)')
      .addColumn('pdf_key', 'varchar(64)')
      .addColumn('pdf_sha256', 'varchar(64)')
      .addColumn('pdf_size', 'integer')
      .addColumn('seal_hash', 'varchar(64)')
      .addColumn('published_at', timestamp),
  ).execute();
  // One live statement per request, even when two publications race.
  await db.schema
    .createIndex('statements_one_live_per_practice')
    .on('statements')
    .column('practice_id')
    .unique()
    .where(sql<boolean>`status in ('pending', 'published')`)
    .execute();

  await db.schema.alterTable('practices').addColumn('published_at', timestamp).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('practices').dropColumn('published_at').execute();
  await db.schema.dropTable('statements').execute();
  await db.schema.dropTable('ledger_entries').execute();
}
