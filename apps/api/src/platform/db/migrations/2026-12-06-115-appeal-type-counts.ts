import { sql } from 'kysely';
import { isPostgres, type MigrationDb } from '../schema-helpers';

/**
 * The dashboard's backlog names an amendment's statuses for the amendment (decision 026), so it
 * counts appeals and amendments apart: `practice_appeal_counts` (status, appeal type → count)
 * holds the submitted requests that have an appeal or amendment, kept by database triggers like
 * `practice_queue_counts` (migration 2026-11-25-010), whatever code writes. The type lives on
 * `appeals`, the status on `practices`, so both tables keep it:
 *
 * - a request's move counts its appeal, if any, out of the old status and into the new one;
 * - an appeal asked for (or removed) counts its request where it stands, before or after the move;
 * - a request deleted counts its appeal out *before* the row goes, since the appeal's row goes
 *   with it (`on delete cascade`) and afterwards neither row says where it was.
 *
 * Drafts are not counted (no draft has an appeal). Expand-only: a new table and triggers, which
 * an instance of the release before ignores; its writes are counted too.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('practice_appeal_counts')
    .addColumn('status', 'varchar(40)', (column) => column.notNull())
    .addColumn('appeal_type', 'varchar(20)', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('practice_appeal_counts_pk', ['status', 'appeal_type'])
    .execute();
  if (isPostgres(db)) {
    // No write between the triggers and the count (the migrations run in one transaction), taken
    // in the order the appeal's ask writes them, appeals then requests, so that it cannot deadlock.
    await sql.raw('lock table appeals, practices in share row exclusive mode').execute(db);
    await createPostgresTriggers(db);
  } else {
    await createSqliteTriggers(db);
  }
  await sql
    .raw(
      `insert into practice_appeal_counts (status, appeal_type, count)
       select p.status, a.type, count(*) from appeals a join practices p on p.id = a.practice_id
       where p.status <> 'draft' group by p.status, a.type`,
    )
    .execute(db);
}

async function createSqliteTriggers(db: MigrationDb): Promise<void> {
  /** Adds `delta` to the counter of the (status, type) named, if the row `from` names is there. */
  const add = (key: string, from: string, delta: 1 | -1) =>
    `insert into practice_appeal_counts (status, appeal_type, count) select ${key}, ${delta} ${from}
     on conflict (status, appeal_type) do update set count = count + ${delta};`;
  const ofRequest = (row: 'new' | 'old', delta: 1 | -1) =>
    add(
      `${row}.status, a.type`,
      `from appeals a where a.practice_id = ${row}.id and ${row}.status <> 'draft'`,
      delta,
    );
  const ofAppeal = (row: 'new' | 'old', delta: 1 | -1) =>
    add(
      `p.status, ${row}.type`,
      `from practices p where p.id = ${row}.practice_id and p.status <> 'draft'`,
      delta,
    );
  const triggers = {
    practices_appeal_count_update: `after update of status on practices when old.status is not new.status
       begin ${ofRequest('old', -1)} ${ofRequest('new', 1)} end`,
    practices_appeal_count_delete: `before delete on practices begin ${ofRequest('old', -1)} end`,
    appeals_count_insert: `after insert on appeals begin ${ofAppeal('new', 1)} end`,
    appeals_count_delete: `after delete on appeals begin ${ofAppeal('old', -1)} end`,
    appeals_count_update: `after update of type, practice_id on appeals
       when old.type is not new.type or old.practice_id is not new.practice_id
       begin ${ofAppeal('old', -1)} ${ofAppeal('new', 1)} end`,
  };
  for (const [name, definition] of Object.entries(triggers)) {
    await sql.raw(`create trigger ${name} ${definition}`).execute(db);
  }
}

/**
 * One function a table. The two counters a change moves are changed in key order, so two
 * transactions moving requests between the same statuses cannot deadlock on them. An appeal's
 * trigger reads its request's status with the lock a move takes, so a move and an ask at once
 * are counted one after the other, each seeing the other's row.
 */
async function createPostgresTriggers(db: MigrationDb): Promise<void> {
  const move = (oldKey: string, newKey: string) => `
    if old_key is not distinct from new_key then return null; end if;
    if old_key is not null and (new_key is null or old_key < new_key) then
      update practice_appeal_counts set count = count - 1 where (status, appeal_type) = (${oldKey});
      old_key := null;
    end if;
    if new_key is not null then
      insert into practice_appeal_counts (status, appeal_type, count) values (${newKey}, 1)
        on conflict (status, appeal_type) do update set count = practice_appeal_counts.count + 1;
    end if;
    if old_key is not null then
      update practice_appeal_counts set count = count - 1 where (status, appeal_type) = (${oldKey});
    end if;`;
  await sql
    .raw(
      `create function practices_appeal_count() returns trigger language plpgsql as $$
       declare
         kind text;
         old_key text;
         new_key text;
       begin
         select type into kind from appeals where practice_id = old.id;
         if kind is not null and old.status <> 'draft' then old_key := concat_ws('|', old.status, kind); end if;
         if tg_op = 'DELETE' then
           -- Before the row goes (and its appeal with it): returning the row lets the delete happen.
           if old_key is not null then
             update practice_appeal_counts set count = count - 1 where (status, appeal_type) = (old.status, kind);
           end if;
           return old;
         end if;
         if kind is not null and new.status <> 'draft' then new_key := concat_ws('|', new.status, kind); end if;
         ${move('old.status, kind', 'new.status, kind')}
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function appeals_count() returns trigger language plpgsql as $$
       declare
         old_status text;
         new_status text;
         old_key text;
         new_key text;
       begin
         if tg_op in ('UPDATE', 'DELETE') then
           select status into old_status from practices where id = old.practice_id for no key update;
           if old_status <> 'draft' then old_key := concat_ws('|', old_status, old.type); end if;
         end if;
         if tg_op in ('UPDATE', 'INSERT') then
           select status into new_status from practices where id = new.practice_id for no key update;
           if new_status <> 'draft' then new_key := concat_ws('|', new_status, new.type); end if;
         end if;
         ${move('old_status, old.type', 'new_status, new.type')}
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger practices_appeal_count_update after update of status on practices
       for each row when (old.status is distinct from new.status) execute function practices_appeal_count()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger practices_appeal_count_delete before delete on practices
       for each row execute function practices_appeal_count()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger appeals_count after insert or delete or update of type, practice_id on appeals
       for each row execute function appeals_count()`,
    )
    .execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger appeals_count on appeals').execute(db);
    await sql.raw('drop trigger practices_appeal_count_delete on practices').execute(db);
    await sql.raw('drop trigger practices_appeal_count_update on practices').execute(db);
    await sql.raw('drop function appeals_count()').execute(db);
    await sql.raw('drop function practices_appeal_count()').execute(db);
  } else {
    for (const name of [
      'practices_appeal_count_update',
      'practices_appeal_count_delete',
      'appeals_count_insert',
      'appeals_count_delete',
      'appeals_count_update',
    ]) {
      await sql.raw(`drop trigger ${name}`).execute(db);
    }
  }
  await db.schema.dropTable('practice_appeal_counts').execute();
}
