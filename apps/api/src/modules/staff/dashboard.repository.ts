import { ARCHIVE_STATUSES } from '@lisbon/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/** The dashboard's reads (decision 071): the backlog from the maintained counts, the rest from the audit trail. */

/**
 * Submitted requests not finished, from the maintained counts, read in one statement so that the
 * two agree: per status, evaluator and reviewer (`practice_queue_counts`, `appeal_type` null), and
 * those with an appeal or amendment per status and type (`practice_appeal_counts`, migration
 * 2026-12-06-115, no people: 0).
 */
export async function listOpenCounts(db: Db) {
  const notFinished = [...ARCHIVE_STATUSES, 'draft'];
  const byPeople = db
    .selectFrom('practice_queue_counts')
    .select([
      'status',
      'assignee_id',
      'reviewer_id',
      sql<string | null>`cast(null as varchar(20))`.as('appeal_type'),
      'count',
    ])
    .where('count', '>', 0)
    .where('status', 'not in', notFinished);
  const byAppealType = db
    .selectFrom('practice_appeal_counts')
    .select([
      'status',
      sql<number>`0`.as('assignee_id'),
      sql<number>`0`.as('reviewer_id'),
      sql<string | null>`appeal_type`.as('appeal_type'),
      'count',
    ])
    .where('count', '>', 0)
    .where('status', 'not in', notFinished);
  const rows = await byPeople.unionAll(byAppealType).execute();
  const counted = rows.map((row) => ({ ...row, count: Number(row.count) }));
  return {
    byPeople: counted.filter((row) => row.appeal_type === null),
    byAppealType: counted.flatMap(({ status, appeal_type: appealType, count }) =>
      appealType === null ? [] : [{ status, appealType, count }],
    ),
  };
}

/** Open requests with no deadline, read from the open requests' index. */
export async function countOpenWithoutDeadline(db: Db): Promise<number> {
  const row = await db
    .selectFrom('practices as p')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('p.status', '<>', sql.lit('draft'))
    .where(
      'p.status',
      'not in',
      ARCHIVE_STATUSES.map((status) => sql.lit(status)),
    )
    .where(sql`case when ${sql.ref('p.expected_deadline')} is null then 1 else 0 end`, '=', sql.lit(1))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The audit entries of the period's figures. */
const PERIOD_ACTIONS = ['publish', 'send_in_review', 'conclude_review', 'request_appeal'] as const;

/** Entries of these moves in [start, end), instants as ISO text, by the index on (action, at). */
export async function countMovesByPerson(db: Db, { start, end }: { start: string; end: string }) {
  const rows = await db
    .selectFrom('practice_status_history')
    .select(['action', 'by_user_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('action', 'in', [...PERIOD_ACTIONS])
    .where('at', '>=', start)
    .where('at', '<', end)
    .where('by_user_id', 'is not', null)
    .groupBy(['action', 'by_user_id'])
    .execute();
  return rows.map((row) => ({ action: row.action, byUserId: row.by_user_id, count: Number(row.count) }));
}

/**
 * The statements published in [start, end): when, the request's service, and when the request was
 * submitted (its first move out of draft in the audit trail).
 */
export async function listPublications(db: Db, { start, end }: { start: string; end: string }) {
  return db
    .selectFrom('practice_status_history as h')
    .innerJoin('practices as p', 'p.id', 'h.practice_id')
    .select([
      'h.practice_id',
      'h.at as published_at',
      'p.service',
      (eb) =>
        eb
          .selectFrom('practice_status_history as s')
          .select((inner) => inner.fn.min('s.at').as('at'))
          .whereRef('s.practice_id', '=', 'h.practice_id')
          .where('s.from_status', '=', 'draft')
          .as('submitted_at'),
    ])
    .where('h.action', '=', 'publish')
    .where('h.at', '>=', start)
    .where('h.at', '<', end)
    .execute();
}

/** Appeals and amendments asked for in [start, end): the `request_appeal` entries, by the appeal's type. */
export async function countAppealRequests(db: Db, { start, end }: { start: string; end: string }) {
  const rows = await db
    .selectFrom('practice_status_history as h')
    .innerJoin('appeals as a', 'a.practice_id', 'h.practice_id')
    .select(['a.type', (eb) => eb.fn.countAll<number>().as('count')])
    .where('h.action', '=', 'request_appeal')
    .where('h.at', '>=', start)
    .where('h.at', '<', end)
    .groupBy('a.type')
    .execute();
  return rows.map((row) => ({ type: row.type, count: Number(row.count) }));
}

/** Return deliveries paid for and not yet sent: their requests, oldest payment first. */
export async function listDeliveriesWaiting(db: Db, limit: number) {
  const waiting = db
    .selectFrom('deliveries as d')
    .innerJoin('delivery_practices as dp', 'dp.delivery_id', 'd.id')
    .innerJoin('practices as p', 'p.id', 'dp.practice_id')
    .where('d.status', '=', 'paid')
    .where('p.delivered_at', 'is', null);
  const { count } = await waiting
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await waiting
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'd.paid_at', 'd.waybill_number', 'u.first_name', 'u.last_name'])
    .orderBy('d.paid_at')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return { count: Number(count), rows };
}
