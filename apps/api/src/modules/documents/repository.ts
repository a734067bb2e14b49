import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/schema-helpers';
import type { DocumentsTable } from '../../platform/db/tables';

export type DocumentRow = Selectable<DocumentsTable>;

export async function insertDocument(db: Db, row: Insertable<DocumentsTable>): Promise<number> {
  const { id } = await db.insertInto('documents').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The document a user's upload with this client id stored, if one did (decision 101). */
export async function findUploadedRow(
  db: Db,
  userId: number,
  uploadId: string,
): Promise<DocumentRow | undefined> {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('upload_id', '=', uploadId)
    .executeTakeFirst();
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

/** Deletes the account's documents that belong to no request and answers their storage keys. */
export async function deleteUnattachedDocumentsOfUserReturningKeys(
  db: Db,
  userId: number,
): Promise<string[]> {
  const rows = await db
    .deleteFrom('documents')
    .where('user_id', '=', userId)
    .where('practice_id', 'is', null)
    .returning('storage_key')
    .execute();
  return rows.map((row) => row.storage_key);
}

/**
 * Inside a transaction about to add a document: on PostgreSQL the user's row stays locked until
 * it ends, so two uploads of one applicant count their usage in turn and cannot both slip under
 * the quota (SQLite transactions are serialised already).
 */
export async function lockDocumentsOfUser(trx: Db, userId: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/** How many documents the request holds (read with its applicant's row held: `lockDocumentsOfUser`). */
export async function countDocumentsOfPractice(db: Db, practiceId: number): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('practice_id', '=', practiceId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** What the user's documents take: bytes in all, and how many belong to no request. */
export async function documentUsageOfUser(
  db: Db,
  userId: number,
): Promise<{ bytes: number; unattached: number }> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>('size'), eb.lit(0)).as('bytes'),
      eb.fn
        .coalesce(
          eb.fn.sum<number | string>(eb.case().when('practice_id', 'is', null).then(1).else(0).end()),
          eb.lit(0),
        )
        .as('unattached'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  // PostgreSQL sums integers as bigint, which the driver answers as text.
  return { bytes: Number(row.bytes), unattached: Number(row.unattached) };
}

/** The oldest documents that belong to no request and were uploaded before `cutoff`, a batch at a time. */
export async function findUnattachedDocumentsBefore(
  db: Db,
  { cutoff, limit }: { cutoff: string; limit: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom('documents')
    .select('id')
    .where('practice_id', 'is', null)
    .where('created_at', '<', cutoff)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes those of `ids` that still belong to no request and are older than `cutoff`, answering
 * the storage keys of the rows this call deleted (another instance's run deletes the others).
 */
export async function deleteUnattachedDocumentsReturningKeys(
  db: Db,
  { ids, cutoff }: { ids: readonly number[]; cutoff: string },
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('documents')
    .where('id', 'in', ids)
    .where('practice_id', 'is', null)
    .where('created_at', '<', cutoff)
    .returning('storage_key')
    .execute();
  return rows.map((row) => row.storage_key);
}
