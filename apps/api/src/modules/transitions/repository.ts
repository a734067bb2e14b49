import { EVALUATORS_ACTS, evaluatorsOf } from '@lisbon/domain';
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
  return { ...practice, evaluated_by: await findEvaluators(db, id) };
}

/**
 * Everyone who evaluated a request (`evaluatorsOf`), read from the entries of its trail that are an
 * evaluator's act, each person's act from each status once: a few rows, however long the trail.
 */
export async function findEvaluators(db: Db, practiceId: number): Promise<number[]> {
  const acts = await db
    .selectFrom('practice_status_history')
    .select(['action', 'from_status', 'by_user_id'])
    .distinct()
    .where('practice_id', '=', practiceId)
    .where('by_user_id', 'is not', null)
    .where('action', 'in', [...EVALUATORS_ACTS])
    .execute();
  return evaluatorsOf(
    acts.map(({ action, from_status, by_user_id }) => ({
      action: action ?? '',
      from_status,
      by: by_user_id === null ? null : { id: by_user_id },
    })),
  );
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

/** The entries of a request's audit trail, with who made each. */
const auditRows = (db: Db, practiceId: number) =>
  db
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
    .where('h.practice_id', '=', practiceId);

export type AuditRow = Awaited<ReturnType<ReturnType<typeof auditRows>['execute']>>[number];

/**
 * At most `limit` entries of a request's audit trail, newest first (by time, then id): the newest,
 * or those before the entry `before` (keyset paging: entries written meanwhile shift no page).
 */
export async function listAuditPageRows(
  db: Db,
  { practiceId, before, limit }: { practiceId: number; before?: { at: string; id: number }; limit: number },
): Promise<AuditRow[]> {
  let query = auditRows(db, practiceId);
  if (before) {
    query = query.where((eb) =>
      eb.or([eb('h.at', '<', before.at), eb.and([eb('h.at', '=', before.at), eb('h.id', '<', before.id)])]),
    );
  }
  return query.orderBy('h.at', 'desc').orderBy('h.id', 'desc').limit(limit).execute();
}

/** Where an entry of this request's trail stands (its time and id), or undefined when it has no such entry. */
export async function findAuditPosition(
  db: Db,
  { practiceId, entryId }: { practiceId: number; entryId: number },
): Promise<{ at: string; id: number } | undefined> {
  return db
    .selectFrom('practice_status_history')
    .select(['at', 'id'])
    .where('practice_id', '=', practiceId)
    .where('id', '=', entryId)
    .executeTakeFirst();
}

/** The request's latest move that changed its status (or created it): one entry. */
export async function findLatestMoveRow(db: Db, practiceId: number): Promise<AuditRow | undefined> {
  return auditRows(db, practiceId)
    .where((eb) => eb.or([eb('h.from_status', 'is', null), eb('h.from_status', '<>', eb.ref('h.to_status'))]))
    .orderBy('h.at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether the request's trail holds an entry of this action: one row at most is read. */
export async function hasAuditAction(
  db: Db,
  { practiceId, action }: { practiceId: number; action: string },
): Promise<boolean> {
  const entry = await db
    .selectFrom('practice_status_history')
    .select('id')
    .where('practice_id', '=', practiceId)
    .where('action', '=', action)
    .limit(1)
    .executeTakeFirst();
  return entry !== undefined;
}
