import { ARCHIVE_STATUSES, type SortField } from '@lisbon/domain';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { reusableQuery } from '../../platform/db/reusable-query';
import type { PracticesTable } from '../../platform/db/tables';

export type PracticeRow = Selectable<PracticesTable>;
export type PracticePatch = Updateable<PracticesTable>;

export async function insertPractice(db: Db, row: Insertable<PracticesTable>): Promise<number> {
  const { id } = await db.insertInto('practices').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findDraftRow(db: Db, userId: number): Promise<PracticeRow | undefined> {
  return db
    .selectFrom('practices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
}

export async function countSubmittedPractices(db: Db, userId: number): Promise<number> {
  const { count } = await db
    .selectFrom('practices')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '<>', 'draft')
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Changes a row only while it is in `status`: false when another request changed it first. */
export async function updatePracticeInStatus(
  db: Db,
  { id, status, patch }: { id: number; status: string; patch: PracticePatch },
): Promise<boolean> {
  const result = await db
    .updateTable('practices')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type HistoryEntry = { from: string | null; to: string; byUserId: number | null; at: string };

export async function insertHistory(db: Db, practiceId: number, entry: HistoryEntry): Promise<void> {
  await db
    .insertInto('practice_status_history')
    .values({
      practice_id: practiceId,
      from_status: entry.from,
      to_status: entry.to,
      by_user_id: entry.byUserId,
      at: entry.at,
    })
    .execute();
}

/** The status timeline the applicant sees: status moves only, not staff changes (decision 021). */
export async function listHistoryRows(db: Db, practiceId: number) {
  return (
    db
      .selectFrom('practice_status_history')
      // Never `note`: it is internal (decision 054); `details` carries the reason the applicant reads.
      .select(['from_status', 'to_status', 'at', 'details'])
      .where('practice_id', '=', practiceId)
      .where((eb) => eb.or([eb('from_status', 'is', null), eb('from_status', '<>', eb.ref('to_status'))]))
      .orderBy('at')
      .orderBy('id')
      .execute()
  );
}

/** The sort options of spec §9 as columns; `sequence` is the request number, as `id`. */
const SORT_COLUMNS = {
  id: 'id',
  name: 'qualification_name',
  started_at: 'created_at',
  expected_deadline: 'expected_deadline',
  requested_at: 'requested_at',
  delivery_paid_at: 'delivery_paid_at',
  sequence: 'id',
  created_at: 'created_at',
} as const satisfies Record<SortField, keyof PracticesTable>;

export type PracticeListFilter = {
  userId: number;
  view: 'current' | 'archive' | undefined;
  sort: { field: SortField; isDescending: boolean };
  page: number;
  perPage: number;
};

export async function listPracticeRows(
  db: Db,
  { userId, view, sort, page, perPage }: PracticeListFilter,
): Promise<{ rows: (PracticeRow & { appeal_type: string | null })[]; total: number }> {
  let query = db.selectFrom('practices').where('user_id', '=', userId);
  if (view === 'archive') query = query.where('status', 'in', ARCHIVE_STATUSES);
  if (view === 'current') query = query.where('status', 'not in', ARCHIVE_STATUSES);
  const { count } = await query
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const column = SORT_COLUMNS[sort.field];
  const direction = sort.isDescending ? 'desc' : 'asc';
  const rows = await query
    .selectAll()
    // Appeal or amendment: an amendment's statuses are named for it (`statusWordingOf`).
    .select((eb) =>
      eb
        .selectFrom('appeals')
        .select('appeals.type')
        .whereRef('appeals.practice_id', '=', 'practices.id')
        .as('appeal_type'),
    )
    // Empty values last in both directions and on both databases (their defaults differ).
    .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`)
    .orderBy(column, direction)
    .orderBy('id', direction)
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { rows, total: Number(count) };
}

/** The applicant's requests per status, from the index (user_id, status) alone; compiled once (the poll). */
export const countPracticesByStatus = reusableQuery((db: Db, userId: number) =>
  db
    .selectFrom('practices')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('user_id', '=', userId)
    .groupBy('status'),
);

/** Contingency limit: counts a submission on `day` unless `cap` were already counted; atomic on both databases. */
export async function takeDailySubmission(db: Db, day: string, cap: number): Promise<boolean> {
  await db
    .insertInto('daily_submissions')
    .values({ day, count: 0 })
    .onConflict((conflict) => conflict.column('day').doNothing())
    .execute();
  const result = await db
    .updateTable('daily_submissions')
    .set((eb) => ({ count: eb('count', '+', 1) }))
    .where('day', '=', day)
    .where('count', '<', cap)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function dailySubmissionCount(db: Db, day: string): Promise<number> {
  const row = await db
    .selectFrom('daily_submissions')
    .select('count')
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/**
 * The refund of a request's own payment, with its credit note's number (issue 33). Read here, not
 * through the payments module, which builds on this one.
 */
export async function findRequestRefund(db: Db, practiceId: number) {
  return (
    db
      .selectFrom('refunds as r')
      .innerJoin('payments as p', 'p.id', 'r.payment_id')
      .leftJoin('fiscal_documents as f', 'f.id', 'r.credit_note_id')
      .selectAll('r')
      .select('f.number as credit_note_number')
      .where('p.purpose', '=', 'practice')
      .where('p.practice_id', '=', practiceId)
      .where('p.status', '=', 'succeeded')
      // Not a payment that could not submit the request (a second one, or one before it was complete).
      .where('r.reason', '<>', 'not_submitted')
      .orderBy('r.id', 'desc')
      .executeTakeFirst()
  );
}

/**
 * Open requests (submitted, not archived) whose deadline falls on or after `from`, with the day
 * it counts from: the last appeal's or amendment's (decision 108), else the submission's.
 */
export async function listOpenDeadlines(db: Db, from: string) {
  return db
    .selectFrom('practices as p')
    .leftJoin('appeals as a', 'a.practice_id', 'p.id')
    .select(({ fn }) => [
      'p.id',
      'p.is_urgent',
      'p.requested_on',
      'p.expected_deadline',
      fn.max('a.created_at').as('appealed_at'),
    ])
    .where('p.status', 'not in', [...ARCHIVE_STATUSES, 'draft'])
    .where('p.expected_deadline', '>=', from)
    .groupBy(['p.id', 'p.is_urgent', 'p.requested_on', 'p.expected_deadline'])
    .execute();
}

/** Moves the deadline of these requests from `from` to `to`, of those still holding `from`. */
export async function moveDeadlines(
  db: Db,
  { ids, from, to }: { ids: number[]; from: string; to: string },
): Promise<number> {
  const result = await db
    .updateTable('practices')
    .set({ expected_deadline: to })
    .where('id', 'in', ids)
    .where('expected_deadline', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
