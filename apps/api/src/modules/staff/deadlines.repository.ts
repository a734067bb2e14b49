import { addCalendarDays, ARCHIVE_STATUSES } from '@lisbon/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/** Open requests with a deadline, as the index `practices_queue_open` states them (literal terms). */
function openWithDeadline(db: Db) {
  return db
    .selectFrom('practices as p')
    .where('p.status', '<>', sql.lit('draft'))
    .where(
      'p.status',
      'not in',
      ARCHIVE_STATUSES.map((status) => sql.lit(status)),
    )
    .where(sql`case when ${sql.ref('p.expected_deadline')} is null then 1 else 0 end`, '=', sql.lit(0));
}

export type UrgentScope = { assigneeId?: number | undefined };

/** Open requests whose deadline is on or before `through` (late or at risk), nearest first. */
export async function listUrgentPractices(
  db: Db,
  { assigneeId, through, limit }: UrgentScope & { through: string; limit: number },
) {
  let query = openWithDeadline(db)
    .innerJoin('users as a', 'a.id', 'p.user_id')
    .select([
      'p.id',
      'p.status',
      'p.expected_deadline',
      'p.qualification_name',
      'p.assignee_id',
      'a.first_name',
      'a.last_name',
      // Appeal or amendment: an amendment's statuses are named for it (`statusNameOf`).
      (eb) =>
        eb
          .selectFrom('appeals')
          .select('appeals.type')
          .whereRef('appeals.practice_id', '=', 'p.id')
          .as('appeal_type'),
    ])
    .where('p.expected_deadline', '<=', through);
  if (assigneeId !== undefined) query = query.where('p.assignee_id', '=', assigneeId);
  return query
    .orderBy(sql`case when ${sql.ref('p.expected_deadline')} is null then 1 else 0 end`)
    .orderBy('p.expected_deadline')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** How many open requests are late (deadline before `lateBefore`) and at risk (up to `through`). */
export async function countUrgentPractices(
  db: Db,
  { assigneeId, lateBefore, through }: UrgentScope & { lateBefore: string; through: string },
): Promise<{ late: number; atRisk: number }> {
  const count = async (from: string | null, until: string) => {
    let query = openWithDeadline(db).where('p.expected_deadline', '<', until);
    if (from !== null) query = query.where('p.expected_deadline', '>=', from);
    if (assigneeId !== undefined) query = query.where('p.assignee_id', '=', assigneeId);
    const row = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    return Number(row.count);
  };
  return {
    late: await count(null, lateBefore),
    atRisk: await count(lateBefore, addCalendarDays(through, 1)),
  };
}

export type StaffContact = { id: number; email: string; first_name: string; locale: string; role: string };

/** Active staff of these roles, with what a mail to them needs. */
export async function listStaffContacts(db: Db, roles: readonly string[]): Promise<StaffContact[]> {
  if (roles.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'locale', 'role'])
    .where('role', 'in', [...roles])
    .where('deleted_at', 'is', null)
    .where('activated_at', 'is not', null)
    .orderBy('id')
    .execute();
}

/** The day's deadline mails are asked for once: true for the one caller that took the day. */
export async function takeDigestDay(db: Db, day: string, now: string): Promise<boolean> {
  const rows = await db
    .insertInto('deadline_digest_days')
    .values({ day, queued_at: now })
    .onConflict((conflict) => conflict.column('day').doNothing())
    .returning('day')
    .execute();
  return rows.length === 1;
}

/** A person's deadline mail of a day is queued once: true for the one caller that took it. */
export async function takeDigestMail(db: Db, day: string, userId: number, now: string): Promise<boolean> {
  const rows = await db
    .insertInto('deadline_digest_mails')
    .values({ day, user_id: userId, queued_at: now })
    .onConflict((conflict) => conflict.columns(['day', 'user_id']).doNothing())
    .returning('day')
    .execute();
  return rows.length === 1;
}
