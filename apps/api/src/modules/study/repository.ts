import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/schema-helpers';
import type { StudyEntriesTable } from '../../platform/db/tables';

export type StudyEntryRow = Selectable<StudyEntriesTable>;

export async function listStudyEntryRows(db: Db, userId: number): Promise<StudyEntryRow[]> {
  return db
    .selectFrom('study_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('graduated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findStudyEntryRow(
  db: Db,
  userId: number,
  id: number,
): Promise<StudyEntryRow | undefined> {
  return db
    .selectFrom('study_entries')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * How many entries the user's study path holds, read with the account's row held on PostgreSQL (as
 * an upload holds it for the quota): additions at once are counted one after the other. SQLite
 * runs one transaction at a time.
 */
export async function countStudyEntriesHeld(trx: Db, userId: number): Promise<number> {
  if (isPostgres(trx)) {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  }
  const row = await trx
    .selectFrom('study_entries')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertStudyEntry(db: Db, row: Insertable<StudyEntriesTable>): Promise<number> {
  const { id } = await db.insertInto('study_entries').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateStudyEntry(
  db: Db,
  { userId, id, patch }: { userId: number; id: number; patch: Updateable<StudyEntriesTable> },
): Promise<void> {
  await db
    .updateTable('study_entries')
    .set(patch)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteStudyEntry(db: Db, userId: number, id: number): Promise<void> {
  await db.deleteFrom('study_entries').where('id', '=', id).where('user_id', '=', userId).execute();
}
