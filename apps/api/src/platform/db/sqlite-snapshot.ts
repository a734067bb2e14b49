import { chmodSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';

export type SqliteSnapshot = {
  /** The newest migration the copy has applied; null before the first. */
  latestMigration: string | null;
  /** Rows of each table asked for, as the copy holds them (a table it lacks counts 0). */
  rows: Record<string, number>;
};

/** better-sqlite3 clamps a step to this: every page in one step. */
const ALL_PAGES = 0x7fffffff;

/**
 * A consistent copy of a SQLite database that may be in use (the server running beside), made
 * with SQLite's online backup API in one step: one read transaction of the source, what is still
 * in its -wal file included, and no restart however busy the server is. Copying the file's bytes
 * instead could tear a page or miss the -wal. The copy is switched to a rollback journal (one
 * self-contained file), checked with quick_check and made owner-only.
 */
export async function snapshotSqlite({
  source,
  destination,
  countRowsOf,
}: {
  source: string;
  destination: string;
  countRowsOf: readonly string[];
}): Promise<SqliteSnapshot> {
  const database = new SqliteDatabase(source, { fileMustExist: true });
  try {
    database.pragma('busy_timeout = 5000');
    await database.backup(destination, { progress: () => ALL_PAGES });
  } finally {
    database.close();
  }
  chmodSync(destination, 0o600);
  const copy = new SqliteDatabase(destination, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check: unknown = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`The copy of ${source} fails SQLite's quick_check: ${String(check)}`);
    const tables = new Set(
      copy.prepare<[], string>("select name from sqlite_master where type = 'table'").pluck().all(),
    );
    const count = (table: string) =>
      tables.has(table)
        ? copy
            .prepare<[], number>(`select count(*) from "${table.replaceAll('"', '""')}"`)
            .pluck()
            .get()
        : 0;
    const latestMigration = tables.has('kysely_migration')
      ? copy.prepare<[], string | null>('select max(name) from kysely_migration').pluck().get()
      : null;
    return {
      latestMigration: latestMigration ?? null,
      rows: Object.fromEntries(countRowsOf.map((table) => [table, count(table) ?? 0])),
    };
  } finally {
    copy.close();
  }
}
