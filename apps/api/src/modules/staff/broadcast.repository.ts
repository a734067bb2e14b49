import type { Db } from '../../platform/db/database';

/** The submitted requests among these ids, with their applicant: drafts are nobody's to write to. */
export async function findMessageTargets(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('practices')
    .select(['id', 'user_id'])
    .where('id', 'in', [...ids])
    .where('status', '<>', 'draft')
    .orderBy('id')
    .execute();
}
