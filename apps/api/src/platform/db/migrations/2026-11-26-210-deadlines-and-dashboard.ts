import { sql } from 'kysely';
import { type MigrationDb } from '../schema-helpers';

/**
 * Deadlines in the queues and the dashboard (decisions 070 and 071). Frozen: the statuses are
 * written out as they stood.
 *
 * - `practices_queue_open`: the open requests in deadline order, so that "late" and "at risk"
 *   across every queue read one range of it (the query writes the same literal terms).
 * - `practice_status_history_action_at`: the dashboard's figures of a period, read per action.
 * - `deadline_digest_days` and `deadline_digest_mails`: the daily mail of requests late or at
 *   risk; a day is taken by one instance only, and each person's mail of a day is queued once.
 */
const ARCHIVE = `'closed', 'published', 'appeal_rejected', 'appeal_issued', 'amend_issued', 'appeal_refused'`;
const DEADLINE_ORDER = '(case when expected_deadline is null then 1 else 0 end), expected_deadline, id';

export async function up(db: MigrationDb): Promise<void> {
  await sql
    .raw(
      `create index practices_queue_open on practices (${DEADLINE_ORDER})
       where status not in (${ARCHIVE}) and status <> 'draft'`,
    )
    .execute(db);
  await db.schema
    .createIndex('practice_status_history_action_at')
    .on('practice_status_history')
    .columns(['action', 'at'])
    .execute();
  await db.schema
    .createTable('deadline_digest_days')
    .addColumn('day', 'varchar(10)', (column) => column.primaryKey())
    .addColumn('queued_at', 'varchar(30)', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('deadline_digest_mails')
    .addColumn('day', 'varchar(10)', (column) => column.notNull())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('queued_at', 'varchar(30)', (column) => column.notNull())
    .addPrimaryKeyConstraint('deadline_digest_mails_pk', ['day', 'user_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('deadline_digest_mails').execute();
  await db.schema.dropTable('deadline_digest_days').execute();
  await db.schema.dropIndex('practice_status_history_action_at').execute();
  await db.schema.dropIndex('practices_queue_open').execute();
}
