import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from '../schema-helpers';

/**
 * The hot paths at a million requests (decision 050). Frozen: the status lists are written out
 * here, as they stood; the staff queue's query (modules/staff/queue.repository.ts) writes the same
 * terms as literals so that both databases match each partial index.
 *
 * - The queues in their default order (nearest deadline first, none last, then id) read an index
 *   in that very order and stop after a page, instead of sorting every request.
 * - The applicant's poll counts their requests per status from an index alone.
 * - The staff navigation's counts come from `practice_queue_counts`, kept by triggers on every
 *   write to `practices` (whatever code makes it), not from a scan of all requests.
 */
const ARCHIVE = `'closed', 'published', 'appeal_rejected', 'appeal_issued', 'amend_issued', 'appeal_refused'`;
const TO_REVIEW = `'in_review', 'reviewed', 'appeal_in_review'`;
const READY_FOR_ISSUE = `'ready_for_issue', 'appeal_reviewed'`;
const DEADLINE_ORDER = '(case when expected_deadline is null then 1 else 0 end), expected_deadline, id';
/**
 * The queues made of several statuses, as one expression the query compares with a constant: an
 * equality on an index's first column, which both planners serve in the index's order (a partial
 * index on `status in (…)` loses, on SQLite, to looking up each status and sorting them all).
 */
const QUEUE_GROUP =
  `(case when status in (${ARCHIVE}) then 'archive' when status in (${READY_FOR_ISSUE}) then 'ready_for_issue'` +
  ` when status in ('unassigned') then 'unassigned' else 'other' end)`;

const QUEUE_INDEXES = {
  practices_queue_all: `(${DEADLINE_ORDER}) where status <> 'draft'`,
  practices_queue_status: `(status, ${DEADLINE_ORDER})`,
  practices_queue_assigned: `(assignee_id, ${DEADLINE_ORDER}) where status not in (${ARCHIVE})`,
  practices_queue_to_review: `(reviewer_id, ${DEADLINE_ORDER}) where status in (${TO_REVIEW})`,
  practices_queue_group: `(${QUEUE_GROUP}, ${DEADLINE_ORDER})`,
};

/** Key columns are never null (0 stands for nobody), so the primary key is one row per group. */
const COUNT_KEY = (row: 'new' | 'old') =>
  `${row}.status, coalesce(${row}.assignee_id, 0), coalesce(${row}.reviewer_id, 0)`;

export async function up(db: MigrationDb): Promise<void> {
  for (const [name, definition] of Object.entries(QUEUE_INDEXES)) {
    await sql.raw(`create index ${name} on practices ${definition}`).execute(db);
  }
  // The poll: one index range per applicant, read without the table.
  await db.schema
    .createIndex('practices_user_status_index')
    .on('practices')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema.dropIndex('practices_user_id_index').execute();

  await db.schema
    .createTable('practice_queue_counts')
    .addColumn('status', 'varchar(40)', (column) => column.notNull())
    .addColumn('assignee_id', 'integer', (column) => column.notNull())
    .addColumn('reviewer_id', 'integer', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('practice_queue_counts_pk', ['status', 'assignee_id', 'reviewer_id'])
    .execute();
  await (isPostgres(db) ? createPostgresTriggers(db) : createSqliteTriggers(db));
  await sql
    .raw(
      `insert into practice_queue_counts (status, assignee_id, reviewer_id, count)
       select status, coalesce(assignee_id, 0), coalesce(reviewer_id, 0), count(*) from practices
       where status <> 'draft' group by status, coalesce(assignee_id, 0), coalesce(reviewer_id, 0)`,
    )
    .execute(db);
}

/** Drafts are in no queue: they are not counted, so an applicant's new draft touches no counter. */
async function createSqliteTriggers(db: MigrationDb): Promise<void> {
  const add = (row: 'new' | 'old', delta: 1 | -1) =>
    `insert into practice_queue_counts (status, assignee_id, reviewer_id, count)
     select ${COUNT_KEY(row)}, ${delta} where ${row}.status <> 'draft'
     on conflict (status, assignee_id, reviewer_id) do update set count = count + ${delta};`;
  await sql
    .raw(`create trigger practices_queue_count_insert after insert on practices begin ${add('new', 1)} end`)
    .execute(db);
  await sql
    .raw(`create trigger practices_queue_count_delete after delete on practices begin ${add('old', -1)} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger practices_queue_count_update after update of status, assignee_id, reviewer_id on practices
       when old.status is not new.status or old.assignee_id is not new.assignee_id
         or old.reviewer_id is not new.reviewer_id
       begin ${add('old', -1)} ${add('new', 1)} end`,
    )
    .execute(db);
}

/**
 * One function for the three events. The two counters an update moves are changed in key order,
 * so two transactions moving requests between the same statuses cannot deadlock on them.
 */
async function createPostgresTriggers(db: MigrationDb): Promise<void> {
  await sql
    .raw(
      `create function practices_queue_count() returns trigger language plpgsql as $$
       declare
         old_key text := case when tg_op in ('UPDATE', 'DELETE') and old.status <> 'draft'
           then concat_ws('|', old.status, coalesce(old.assignee_id, 0), coalesce(old.reviewer_id, 0)) end;
         new_key text := case when tg_op in ('UPDATE', 'INSERT') and new.status <> 'draft'
           then concat_ws('|', new.status, coalesce(new.assignee_id, 0), coalesce(new.reviewer_id, 0)) end;
       begin
         if old_key is not distinct from new_key then return null; end if;
         if old_key is not null and (new_key is null or old_key < new_key) then
           update practice_queue_counts set count = count - 1
             where (status, assignee_id, reviewer_id) = (${COUNT_KEY('old')});
           old_key := null;
         end if;
         if new_key is not null then
           insert into practice_queue_counts (status, assignee_id, reviewer_id, count)
             values (${COUNT_KEY('new')}, 1)
             on conflict (status, assignee_id, reviewer_id) do update set count = practice_queue_counts.count + 1;
         end if;
         if old_key is not null then
           update practice_queue_counts set count = count - 1
             where (status, assignee_id, reviewer_id) = (${COUNT_KEY('old')});
         end if;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger practices_queue_count after insert or delete or update of status, assignee_id, reviewer_id
       on practices for each row execute function practices_queue_count()`,
    )
    .execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger practices_queue_count on practices').execute(db);
    await sql.raw('drop function practices_queue_count()').execute(db);
  } else {
    for (const event of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger practices_queue_count_${event}`).execute(db);
    }
  }
  await db.schema.dropTable('practice_queue_counts').execute();
  await db.schema.createIndex('practices_user_id_index').on('practices').column('user_id').execute();
  await db.schema.dropIndex('practices_user_status_index').execute();
  for (const name of Object.keys(QUEUE_INDEXES)) await db.schema.dropIndex(name).execute();
}
