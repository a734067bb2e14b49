import type { BackupsTable, Db } from './db/database';

/**
 * The record of the backups made (decision 096): `lisbon backup` and `lisbon backup:record` (run by
 * the release's nightly `lisbon-backup` after its `pg_dump`) write it; each scrape of the metrics
 * reads the newest, which `LisbonBackupMissing` watches.
 */
export type RecordedBackup = { kind: BackupsTable['kind']; location: string; finishedAt: Date };

export async function recordBackup(db: Db, { kind, location, finishedAt }: RecordedBackup): Promise<void> {
  await db.insertInto('backups').values({ kind, location, finished_at: finishedAt.toISOString() }).execute();
}

/** When the newest recorded backup was finished; null: none was ever recorded. */
export async function latestBackupAt(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('backups')
    .select('finished_at')
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.finished_at) : null;
}
