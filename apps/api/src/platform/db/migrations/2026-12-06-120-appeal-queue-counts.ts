import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from '../schema-helpers';

/**
 * A queue's total split by kind (`meta.kinds` of GET /staff/practices) for the queues that depend
 * on people (to assign, assigned to me, to review, and any queue filtered by evaluator or
 * reviewer): `practice_appeal_queue_counts` (status, evaluator, reviewer, appeal type → count)
 * holds the submitted requests with an appeal or amendment keyed as `practice_queue_counts` keys
 * all of them (migration 2026-11-25-010, 0 for nobody), kept by database triggers as
 * `practice_appeal_counts` is (migration 2026-12-06-115): a request's move or change of hands
 * counts its appeal out of its old key and into the new one; an appeal asked for (or removed)
 * counts its request where it stands; a request deleted counts its appeal out before its row goes.
 * At a million requests the split had joined the queue's every request to `appeals` (60,000 for
 * the queue to assign: 0.5 to 0.9 s on PostgreSQL); now it reads a few rows.
 *
 * Expand-only: a new table and triggers, which an instance of the release before ignores (it
 * still joins); its writes are counted too.
 */
const KEY = 'status, assignee_id, reviewer_id, appeal_type';

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('practice_appeal_queue_counts')
    .addColumn('status', 'varchar(40)', (column) => column.notNull())
    .addColumn('assignee_id', 'integer', (column) => column.notNull())
    .addColumn('reviewer_id', 'integer', (column) => column.notNull())
    .addColumn('appeal_type', 'varchar(20)', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('practice_appeal_queue_counts_pk', [
      'status',
      'assignee_id',
      'reviewer_id',
      'appeal_type',
    ])
    .execute();
  if (isPostgres(db)) {
    // As migration 115: no write between the triggers and the count, appeals locked before requests.
    await sql.raw('lock table appeals, practices in share row exclusive mode').execute(db);
    await createPostgresTriggers(db);
  } else {
    await createSqliteTriggers(db);
  }
  await sql
    .raw(
      `insert into practice_appeal_queue_counts (${KEY}, count)
       select p.status, coalesce(p.assignee_id, 0), coalesce(p.reviewer_id, 0), a.type, count(*)
       from appeals a join practices p on p.id = a.practice_id
       where p.status <> 'draft'
       group by p.status, coalesce(p.assignee_id, 0), coalesce(p.reviewer_id, 0), a.type`,
    )
    .execute(db);
}

async function createSqliteTriggers(db: MigrationDb): Promise<void> {
  /** Adds `delta` to the counter of the key named, if the row `from` names is there. */
  const add = (key: string, from: string, delta: 1 | -1) =>
    `insert into practice_appeal_queue_counts (${KEY}, count) select ${key}, ${delta} ${from}
     on conflict (${KEY}) do update set count = count + ${delta};`;
  const ofRequest = (row: 'new' | 'old', delta: 1 | -1) =>
    add(
      `${row}.status, coalesce(${row}.assignee_id, 0), coalesce(${row}.reviewer_id, 0), a.type`,
      `from appeals a where a.practice_id = ${row}.id and ${row}.status <> 'draft'`,
      delta,
    );
  const ofAppeal = (row: 'new' | 'old', delta: 1 | -1) =>
    add(
      `p.status, coalesce(p.assignee_id, 0), coalesce(p.reviewer_id, 0), ${row}.type`,
      `from practices p where p.id = ${row}.practice_id and p.status <> 'draft'`,
      delta,
    );
  const triggers = {
    practices_appeal_queue_count_update: `after update of status, assignee_id, reviewer_id on practices
       when old.status is not new.status or old.assignee_id is not new.assignee_id
         or old.reviewer_id is not new.reviewer_id
       begin ${ofRequest('old', -1)} ${ofRequest('new', 1)} end`,
    practices_appeal_queue_count_delete: `before delete on practices begin ${ofRequest('old', -1)} end`,
    appeals_queue_count_insert: `after insert on appeals begin ${ofAppeal('new', 1)} end`,
    appeals_queue_count_delete: `after delete on appeals begin ${ofAppeal('old', -1)} end`,
    appeals_queue_count_update: `after update of type, practice_id on appeals
       when old.type is not new.type or old.practice_id is not new.practice_id
       begin ${ofAppeal('old', -1)} ${ofAppeal('new', 1)} end`,
  };
  for (const [name, definition] of Object.entries(triggers)) {
    await sql.raw(`create trigger ${name} ${definition}`).execute(db);
  }
}

/**
 * As migration 115's: the two counters a change moves are changed in key order, so two
 * transactions moving requests between the same keys cannot deadlock on them; an appeal's trigger
 * reads its request with the lock a move takes.
 */
async function createPostgresTriggers(db: MigrationDb): Promise<void> {
  const where = (values: string) => `where (${KEY}) = (${values})`;
  const move = (oldValues: string, newValues: string) => `
    if old_key is not distinct from new_key then return null; end if;
    if old_key is not null and (new_key is null or old_key < new_key) then
      update practice_appeal_queue_counts set count = count - 1 ${where(oldValues)};
      old_key := null;
    end if;
    if new_key is not null then
      insert into practice_appeal_queue_counts (${KEY}, count) values (${newValues}, 1)
        on conflict (${KEY}) do update set count = practice_appeal_queue_counts.count + 1;
    end if;
    if old_key is not null then
      update practice_appeal_queue_counts set count = count - 1 ${where(oldValues)};
    end if;`;
  const ofRow = (row: 'old' | 'new', kind: string) =>
    `${row}.status, coalesce(${row}.assignee_id, 0), coalesce(${row}.reviewer_id, 0), ${kind}`;
  await sql
    .raw(
      `create function practices_appeal_queue_count() returns trigger language plpgsql as $$
       declare
         kind text;
         old_key text;
         new_key text;
       begin
         select type into kind from appeals where practice_id = old.id;
         if kind is not null and old.status <> 'draft' then old_key := concat_ws('|', ${ofRow('old', 'kind')}); end if;
         if tg_op = 'DELETE' then
           -- Before the row goes (and its appeal with it): returning the row lets the delete happen.
           if old_key is not null then
             update practice_appeal_queue_counts set count = count - 1 ${where(ofRow('old', 'kind'))};
           end if;
           return old;
         end if;
         if kind is not null and new.status <> 'draft' then new_key := concat_ws('|', ${ofRow('new', 'kind')}); end if;
         ${move(ofRow('old', 'kind'), ofRow('new', 'kind'))}
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function appeals_queue_count() returns trigger language plpgsql as $$
       declare
         old_request practices%rowtype;
         new_request practices%rowtype;
         old_key text;
         new_key text;
       begin
         if tg_op in ('UPDATE', 'DELETE') then
           select * into old_request from practices where id = old.practice_id for no key update;
           if old_request.status <> 'draft' then
             old_key := concat_ws('|', old_request.status, coalesce(old_request.assignee_id, 0), coalesce(old_request.reviewer_id, 0), old.type);
           end if;
         end if;
         if tg_op in ('UPDATE', 'INSERT') then
           select * into new_request from practices where id = new.practice_id for no key update;
           if new_request.status <> 'draft' then
             new_key := concat_ws('|', new_request.status, coalesce(new_request.assignee_id, 0), coalesce(new_request.reviewer_id, 0), new.type);
           end if;
         end if;
         ${move(
           'old_request.status, coalesce(old_request.assignee_id, 0), coalesce(old_request.reviewer_id, 0), old.type',
           'new_request.status, coalesce(new_request.assignee_id, 0), coalesce(new_request.reviewer_id, 0), new.type',
         )}
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger practices_appeal_queue_count_update after update of status, assignee_id, reviewer_id on practices
       for each row when (old.status is distinct from new.status or old.assignee_id is distinct from new.assignee_id
         or old.reviewer_id is distinct from new.reviewer_id)
       execute function practices_appeal_queue_count()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger practices_appeal_queue_count_delete before delete on practices
       for each row execute function practices_appeal_queue_count()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger appeals_queue_count after insert or delete or update of type, practice_id on appeals
       for each row execute function appeals_queue_count()`,
    )
    .execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger appeals_queue_count on appeals').execute(db);
    await sql.raw('drop trigger practices_appeal_queue_count_delete on practices').execute(db);
    await sql.raw('drop trigger practices_appeal_queue_count_update on practices').execute(db);
    await sql.raw('drop function appeals_queue_count()').execute(db);
    await sql.raw('drop function practices_appeal_queue_count()').execute(db);
  } else {
    for (const name of [
      'practices_appeal_queue_count_update',
      'practices_appeal_queue_count_delete',
      'appeals_queue_count_insert',
      'appeals_queue_count_delete',
      'appeals_queue_count_update',
    ]) {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  await db.schema.dropTable('practice_appeal_queue_counts').execute();
}
