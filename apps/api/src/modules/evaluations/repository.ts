import type { Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { PracticeEvaluationsTable } from '../../platform/db/workspace-tables';

export async function findEvaluationRow(db: Db, practiceId: number) {
  return db
    .selectFrom('practice_evaluations')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .executeTakeFirst();
}

/** Creates the request's evaluation row on first use, then applies the patch. */
export async function upsertEvaluation(
  db: Db,
  practiceId: number,
  patch: Updateable<PracticeEvaluationsTable>,
  at: string,
): Promise<void> {
  await db
    .insertInto('practice_evaluations')
    .values({ practice_id: practiceId, created_at: at, updated_at: at })
    .onConflict((conflict) => conflict.column('practice_id').doNothing())
    .execute();
  await db
    .updateTable('practice_evaluations')
    .set({ ...patch, updated_at: at })
    .where('practice_id', '=', practiceId)
    .execute();
}
