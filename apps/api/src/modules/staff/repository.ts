import { ANSWERED_STATUSES, EVALUATORS_ACTS, isAnsweredByApplicant } from '@lisbon/domain';
import type { Db } from '../../platform/db/database';

/**
 * Which of these requests the applicant answered, their evaluator not having acted since
 * (`isAnsweredByApplicant`): of those back in evaluation, one query reads each one's latest reply
 * or evaluator's act, the only entry of its trail the rule turns on, however long the trail.
 */
export async function findAnsweredByApplicant(
  db: Db,
  practices: readonly { id: number; status: string }[],
): Promise<Set<number>> {
  const ids = practices.filter((practice) => ANSWERED_STATUSES.includes(practice.status)).map(({ id }) => id);
  if (ids.length === 0) return new Set();
  const latest = await db
    .selectFrom('practice_status_history')
    .select(['practice_id', 'action'])
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('practice_status_history')
        .select((inner) => inner.fn.max('id').as('id'))
        .where('practice_id', 'in', ids)
        .where('action', 'in', ['reply', ...EVALUATORS_ACTS])
        .groupBy('practice_id'),
    )
    .execute();
  return new Set(
    practices
      .filter(({ id, status }) =>
        isAnsweredByApplicant(
          status,
          latest.filter((entry) => entry.practice_id === id),
        ),
      )
      .map(({ id }) => id),
  );
}

/** What the workspace reads of a request beyond the applicant's view of it. */
export async function findStaffFacts(db: Db, id: number) {
  return db
    .selectFrom('practices')
    .select(['user_id', 'assignee_id', 'reviewer_id', 'qualification_name', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A request's status, or undefined when there is no such request. */
export async function findPracticeStatus(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('practices').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

/** The request's service: which verification outcomes it allows. */
export async function findServiceOfPractice(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('practices').select('service').where('id', '=', id).executeTakeFirst();
  return row?.service;
}

export async function insertNote(
  db: Db,
  note: { practiceId: number; authorId: number; body: string; at: string },
): Promise<void> {
  await db
    .insertInto('practice_notes')
    .values({ practice_id: note.practiceId, author_id: note.authorId, body: note.body, created_at: note.at })
    .execute();
}

export async function listNoteRows(db: Db, practiceId: number) {
  return db
    .selectFrom('practice_notes as n')
    .leftJoin('users as u', 'u.id', 'n.author_id')
    .select(['n.id', 'n.body', 'n.created_at', 'n.author_id', 'u.first_name', 'u.last_name'])
    .where('n.practice_id', '=', practiceId)
    .orderBy('n.created_at')
    .orderBy('n.id')
    .execute();
}

export type PersonRow = { id: number; first_name: string; last_name: string; email: string; role: string };

/** Names of staff members (and applicants) by id, deleted accounts included: history keeps its people. */
export async function findPeople(db: Db, ids: readonly number[]): Promise<PersonRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'role'])
    .where('id', 'in', unique)
    .execute();
}

/** Active, not deleted accounts with one of these roles, by name. */
export async function listActiveUsersWithRoles(db: Db, roles: readonly string[]): Promise<PersonRow[]> {
  if (roles.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'role'])
    .where('role', 'in', roles)
    .where('deleted_at', 'is', null)
    .where('activated_at', 'is not', null)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
}

/** Submitted requests counted per status, evaluator and reviewer (a few hundred groups at most). */
/** The request's evaluator (assignee) and reviewer, replaced. */
export async function setPeople(
  db: Db,
  {
    practiceId,
    evaluatorId,
    reviewerId,
    at,
  }: { practiceId: number; evaluatorId: number; reviewerId: number; at: string },
): Promise<void> {
  await db
    .updateTable('practices')
    .set({ assignee_id: evaluatorId, reviewer_id: reviewerId, updated_at: at })
    .where('id', '=', practiceId)
    .execute();
}
