import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
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
