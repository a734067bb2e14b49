import { sql } from 'kysely';
import type { MigrationDb } from '../schema-helpers';
import { isPostgres } from '../schema-helpers';

/**
 * PostgreSQL tells every instance which rows of the tables they keep in memory have changed
 * (decision 076): after each statement on `sessions`, `users` and `practices`, one notification
 * on the channel `lisbon_changes` — `table:key,key,…` with the distinct keys the statement
 * touched (a session's token hash, a user's id, a request's applicant), or `table:*` past 100
 * keys or on a truncate. PostgreSQL delivers it at commit, and never for a rolled back
 * transaction, whatever code made the change: the portal, the CLI, an operator's SQL.
 * SQLite has one process writing through the portal's connection; it gets the same from
 * temporary triggers the portal adds when it starts (platform/db/changes.ts).
 */
export const CHANGE_CHANNEL = 'lisbon_changes';

/** The table, the column whose value names what changed, and the events that change it. */
const WATCHED = [
  { table: 'sessions', key: 'token_hash', events: ['update', 'delete'] },
  { table: 'users', key: 'id', events: ['update', 'delete'] },
  { table: 'practices', key: 'user_id', events: ['insert', 'update', 'delete'] },
] as const;

const MAX_KEYS = 100;

export async function up(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql
    .raw(
      `create function lisbon_notify_changes() returns trigger language plpgsql as $$
declare
  changed text[];
begin
  if tg_op = 'TRUNCATE' then
    perform pg_notify('${CHANGE_CHANNEL}', tg_table_name || ':*');
    return null;
  elsif tg_op = 'INSERT' then
    execute format('select array_agg(distinct %I::text) from new_rows', tg_argv[0]) into changed;
  elsif tg_op = 'DELETE' then
    execute format('select array_agg(distinct %I::text) from old_rows', tg_argv[0]) into changed;
  else
    execute format(
      'select array_agg(distinct k) from (select %1$I::text as k from old_rows union all select %1$I::text from new_rows) as t',
      tg_argv[0]) into changed;
  end if;
  if changed is null then
    return null;
  elsif cardinality(changed) > ${MAX_KEYS} then
    perform pg_notify('${CHANGE_CHANNEL}', tg_table_name || ':*');
  else
    perform pg_notify('${CHANGE_CHANNEL}', tg_table_name || ':' || array_to_string(changed, ','));
  end if;
  return null;
end $$`,
    )
    .execute(db);
  for (const { table, key, events } of WATCHED) {
    for (const event of events) {
      const rows =
        event === 'insert'
          ? 'new table as new_rows'
          : event === 'delete'
            ? 'old table as old_rows'
            : 'old table as old_rows new table as new_rows';
      await sql
        .raw(
          `create trigger ${table}_changes_${event} after ${event} on ${table}
           referencing ${rows} for each statement execute function lisbon_notify_changes('${key}')`,
        )
        .execute(db);
    }
    await sql
      .raw(
        `create trigger ${table}_changes_truncate after truncate on ${table}
         for each statement execute function lisbon_notify_changes('${key}')`,
      )
      .execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { table, events } of WATCHED) {
    for (const event of [...events, 'truncate']) {
      await sql.raw(`drop trigger ${table}_changes_${event} on ${table}`).execute(db);
    }
  }
  await sql.raw('drop function lisbon_notify_changes()').execute(db);
}
