import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { AppealsTable } from '../../platform/db/statement-tables';

export type AppealRow = Selectable<AppealsTable>;

export async function findAppealRow(db: Db, practiceId: number): Promise<AppealRow | undefined> {
  return db.selectFrom('appeals').selectAll().where('practice_id', '=', practiceId).executeTakeFirst();
}

/** Unique on `practice_id`: of two asks at once, the second fails (one appeal per request). */
export async function insertAppealRow(
  db: Db,
  row: {
    practiceId: number;
    userId: number;
    type: AppealRow['type'];
    motivation: string;
    documentIds: readonly number[];
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('appeals')
    .values({
      practice_id: row.practiceId,
      user_id: row.userId,
      type: row.type,
      motivation: row.motivation,
      document_ids: JSON.stringify(row.documentIds),
      created_at: row.at,
    })
    .execute();
}

/**
 * The appeal's own deadline on the request (decision 108), set with the move to `status`: the
 * queues, the digest and the dashboard read the request's deadline.
 */
export async function setAppealDeadline(
  db: Db,
  { practiceId, status, deadline }: { practiceId: number; status: string; deadline: string },
): Promise<void> {
  await db
    .updateTable('practices')
    .set({ expected_deadline: deadline })
    .where('id', '=', practiceId)
    .where('status', '=', status)
    .execute();
}
