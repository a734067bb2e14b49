import type { Db } from '../../platform/db/database';

/**
 * The type of the request's appeal, as stored (one row per request): read here, in the caller's
 * transaction, as importing the appeals module would make it import this one back.
 */
export async function findAppealType(db: Db, practiceId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('appeals')
    .select('type')
    .where('practice_id', '=', practiceId)
    .executeTakeFirst();
  return row?.type;
}
