import { evaluatorsOf } from '@lisbon/domain';
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { PracticesTable } from '../../platform/db/tables';

export type MovablePractice = Pick<
  Selectable<PracticesTable>,
  'id' | 'user_id' | 'status' | 'assignee_id' | 'reviewer_id'
> & {
  /** Everyone who evaluated it (`evaluatorsOf` its audit trail): none of them reviews it. */
  evaluated_by: number[];
  /** Its appeal's type (appeal or amendment), null before one is asked for: its moves' notices name it. */
  appeal_type: string | null;
};

export async function findMovablePractice(db: Db, id: number): Promise<MovablePractice | undefined> {
  const practice = await db
    .selectFrom('practices')
    .select([
      'id',
      'user_id',
      'status',
      'assignee_id',
      'reviewer_id',
      (eb) =>
        eb
          .selectFrom('appeals')
          .select('appeals.type')
          .whereRef('appeals.practice_id', '=', 'practices.id')
          .as('appeal_type'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!practice) return undefined;
  const acts = await db
    .selectFrom('practice_status_history')
    .select(['action', 'from_status', 'by_user_id'])
    .where('practice_id', '=', id)
    .where('by_user_id', 'is not', null)
    .execute();
  const history = acts.map(({ action, from_status, by_user_id }) => ({
    action: action ?? '',
    from_status,
    by: by_user_id === null ? null : { id: by_user_id },
  }));
  return { ...practice, evaluated_by: evaluatorsOf(history) };
}

/** An applicant's requests in one of `statuses`, with where each stands. */
export async function findPracticesOfUserIn(
  db: Db,
  { userId, statuses }: { userId: number; statuses: readonly string[] },
): Promise<{ id: number; status: string }[]> {
  return db
    .selectFrom('practices')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('status', 'in', [...statuses])
    .execute();
}

/** How many requests in `statuses` have this member of staff as their evaluator or reviewer. */
export async function countAssignedTo(
  db: Db,
  { userId, statuses }: { userId: number; statuses: readonly string[] },
): Promise<number> {
  const { count } = await db
    .selectFrom('practices')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where((eb) => eb.or([eb('assignee_id', '=', userId), eb('reviewer_id', '=', userId)]))
    .where('status', 'in', [...statuses])
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Compare-and-set on the status: changes the row only while it is still in `from`, so of two
 * staff members acting at once exactly one wins (on PostgreSQL the second waits for the first's
 * row lock, then finds the status changed). False when someone else moved it first.
 */
export async function updateInStatus(
  db: Db,
  { id, from, patch }: { id: number; from: string; patch: Updateable<PracticesTable> },
): Promise<boolean> {
  const result = await db
    .updateTable('practices')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listAuditRows(db: Db, practiceId: number) {
  return db
    .selectFrom('practice_status_history as h')
    .leftJoin('users as u', 'u.id', 'h.by_user_id')
    .select([
      'h.id',
      'h.action',
      'h.from_status',
      'h.to_status',
      'h.note',
      'h.details',
      'h.at',
      'h.by_user_id',
      'u.first_name',
      'u.last_name',
      'u.role',
    ])
    .where('h.practice_id', '=', practiceId)
    .orderBy('h.at')
    .orderBy('h.id')
    .execute();
}
