import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { DocumentsTable } from '../../platform/db/tables';

export type DocumentRow = Selectable<DocumentsTable>;

export async function insertDocument(db: Db, row: Insertable<DocumentsTable>): Promise<number> {
  const { id } = await db.insertInto('documents').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findDocumentRow(db: Db, id: number): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listDocumentRowsOfUser(db: Db, userId: number): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function listDocumentRowsOfPractice(db: Db, practiceId: number): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('practice_id', '=', practiceId).orderBy('id').execute();
}

export async function updateDocumentRow(
  db: Db,
  id: number,
  patch: Updateable<DocumentsTable>,
): Promise<void> {
  await db.updateTable('documents').set(patch).where('id', '=', id).execute();
}

export async function deleteDocumentRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('documents').where('id', '=', id).execute();
}

/** Deletes a request's document rows and answers their storage keys, for removal after the commit. */
export async function deleteDocumentRowsOfPracticeReturningKeys(
  db: Db,
  practiceId: number,
): Promise<string[]> {
  const rows = await db
    .deleteFrom('documents')
    .where('practice_id', '=', practiceId)
    .returning('storage_key')
    .execute();
  return rows.map((row) => row.storage_key);
}
