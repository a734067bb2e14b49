import {
  ARCHIVE_STATUSES,
  QUEUE_STATUSES,
  STAFFED_STATUSES,
  type SortField,
  type StaffQueue,
} from '@lisbon/domain';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

export type StaffListFilter = {
  userId: number;
  queue: StaffQueue;
  status?: string | undefined;
  country?: string | undefined;
  service?: string | undefined;
  isUrgent?: boolean | undefined;
  deadlineBefore?: string | undefined;
  /** Open requests whose deadline falls in this range (a flag of decision 070), both ends included. */
  deadlineRange?: { from?: string; through?: string } | undefined;
  assigneeId?: number | undefined;
  reviewerId?: number | undefined;
  sort: { field: SortField; isDescending: boolean };
  page: number;
  perPage: number;
};

/** The sort options of spec §9; for staff `name` is the applicant's (last, then first name). */
const SORT_COLUMNS = {
  id: 'p.id',
  name: 'a.last_name',
  started_at: 'p.created_at',
  expected_deadline: 'p.expected_deadline',
  requested_at: 'p.requested_at',
  delivery_paid_at: 'p.delivery_paid_at',
  sequence: 'p.id',
  created_at: 'p.created_at',
} as const satisfies Record<SortField, string>;

/** The sorts whose column may be empty. */
const NULLABLE_SORTS = new Set<SortField>(['expected_deadline', 'requested_at', 'delivery_paid_at']);

/** A constant list written into the SQL, not bound: a partial index matches only literal terms. */
const literals = (values: readonly string[]) => values.map((value) => sql.lit(value));

/** The queues made of several statuses, in the order migration 2026-11-25-010 indexes them. */
const GROUPED_QUEUES = ['archive', 'ready_for_issue', 'unassigned'] as const;

/**
 * Which of those queues a request is in, as the index `practices_queue_group` computes it: the
 * query compares it with the queue's name, an equality both databases read in the index's order.
 * Built from the domain's lists, so it is right even if they change (then the plan test fails).
 * The queue to assign also holds an open request worked on without its evaluator or its reviewer
 * (the domain's STAFFED_STATUSES; migration 2026-12-05-113).
 */
const queueGroup = sql<string>`(case ${sql.join(
  GROUPED_QUEUES.map((queue) => {
    const inStatuses = sql`${sql.ref('p.status')} in (${sql.join(literals(QUEUE_STATUSES[queue]))})`;
    const terms =
      queue === 'unassigned'
        ? sql`${inStatuses} or (${sql.ref('p.status')} in (${sql.join(literals(STAFFED_STATUSES))}) and (${sql.ref('p.assignee_id')} is null or ${sql.ref('p.reviewer_id')} is null))`
        : inStatuses;
    return sql`when ${terms} then ${sql.lit(queue)}`;
  }),
  sql` `,
)} else 'other' end)`;

/**
 * The queue's terms, written exactly as the partial indexes of migration 2026-11-25-010 state them
 * (literal statuses, same order), so each queue reads its own index in the default order.
 */
function filtered(db: Db, filter: StaffListFilter) {
  let query = db.selectFrom('practices as p').where('p.status', '<>', sql.lit('draft'));
  switch (filter.queue) {
    case 'assigned':
      query = query
        .where('p.assignee_id', '=', filter.userId)
        .where('p.status', 'not in', literals(ARCHIVE_STATUSES));
      break;
    case 'to_review':
      query = query
        .where('p.reviewer_id', '=', filter.userId)
        .where('p.status', 'in', literals(QUEUE_STATUSES.to_review));
      break;
    case 'ready_for_issue':
    case 'unassigned':
    case 'archive':
      query = query.where(queueGroup, '=', sql.lit(filter.queue));
      break;
    case 'all':
      break;
  }
  if (filter.status) query = query.where('p.status', '=', filter.status);
  if (filter.country) query = query.where('p.country', '=', filter.country);
  if (filter.service) query = query.where('p.service', '=', filter.service);
  if (filter.isUrgent !== undefined) query = query.where('p.is_urgent', '=', filter.isUrgent ? 1 : 0);
  if (filter.deadlineBefore) query = query.where('p.expected_deadline', '<=', filter.deadlineBefore);
  if (filter.deadlineRange) {
    const { from, through } = filter.deadlineRange;
    // Open requests with a deadline, written as the partial index `practices_queue_open` states
    // them (migration 2026-11-26-210), so that every queue reads a range of an index in order.
    query = query
      .where('p.status', 'not in', literals(ARCHIVE_STATUSES))
      .where(sql`case when ${sql.ref('p.expected_deadline')} is null then 1 else 0 end`, '=', sql.lit(0));
    if (from) query = query.where('p.expected_deadline', '>=', from);
    if (through) query = query.where('p.expected_deadline', '<=', through);
  }
  if (filter.assigneeId) query = query.where('p.assignee_id', '=', filter.assigneeId);
  if (filter.reviewerId) query = query.where('p.reviewer_id', '=', filter.reviewerId);
  return query;
}

/**
 * The ids of one page of a queue, in its order: from `practices` alone (the applicants only when
 * sorted by their name), so each database reads the queue's index in order and stops at the page.
 */
export function staffPageIdsQuery(db: Db, filter: StaffListFilter) {
  const column = SORT_COLUMNS[filter.sort.field];
  const direction = filter.sort.isDescending ? 'desc' : 'asc';
  let query = filtered(db, filter).select('p.id');
  // Empty values last in both directions and on both databases (their defaults differ); the
  // expression is the indexes' own for the deadline. Columns that are never empty need none, nor
  // the deadline when a range of it is asked for: then SQLite keeps the index's order only if the
  // term it already fixes to 0 is not ordered by too.
  const isDeadlineRange = filter.sort.field === 'expected_deadline' && filter.deadlineRange !== undefined;
  if (NULLABLE_SORTS.has(filter.sort.field) && !isDeadlineRange) {
    query = query.orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`);
  }
  if (filter.sort.field === 'name') {
    query = query
      .innerJoin('users as a', 'a.id', 'p.user_id')
      .orderBy('a.last_name', direction)
      .orderBy('a.first_name', direction);
  } else if (column !== 'p.id') {
    query = query.orderBy(sql.ref(column), direction);
  }
  return query
    .orderBy('p.id', direction)
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage);
}

/** One page of a queue: the columns its lines show, never the steps' JSON, in the page's order. */
export async function listStaffPracticeRows(db: Db, filter: StaffListFilter) {
  const ids = (await staffPageIdsQuery(db, filter).execute()).map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('practices as p')
    .innerJoin('users as a', 'a.id', 'p.user_id')
    .leftJoin('users as e', 'e.id', 'p.assignee_id')
    .leftJoin('users as r', 'r.id', 'p.reviewer_id')
    .select([
      'p.id',
      'p.user_id',
      'p.status',
      'p.service',
      'p.country',
      'p.level',
      'p.is_urgent',
      'p.created_at',
      'p.updated_at',
      'p.requested_at',
      'p.expected_deadline',
      'p.qualification_name',
      'p.assignee_id',
      'p.reviewer_id',
      'a.first_name as applicant_first_name',
      'a.last_name as applicant_last_name',
      'a.email as applicant_email',
      'e.first_name as assignee_first_name',
      'e.last_name as assignee_last_name',
      'r.first_name as reviewer_first_name',
      'r.last_name as reviewer_last_name',
      // Appeal or amendment: an amendment's statuses are named for it (`statusWordingOf`).
      (eb) =>
        eb
          .selectFrom('appeals')
          .select('appeals.type')
          .whereRef('appeals.practice_id', '=', 'p.id')
          .as('appeal_type'),
    ])
    .where('p.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Past this many, a filtered list's total is not counted further: "more than 10,000". */
export const COUNT_LIMIT = 10_000;

/**
 * How many requests a filtered list holds, counted up to COUNT_LIMIT + 1 at most, so no filter
 * makes a request read every row to count them.
 */
export async function countStaffPracticeRows(db: Db, filter: StaffListFilter): Promise<number> {
  const matching = filtered(db, filter)
    .select(sql.lit(1).as('one'))
    .limit(COUNT_LIMIT + 1);
  const { count } = await db
    .selectFrom(matching.as('matching'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * The query `countAppealTypes` runs (its plan is read by the tests of decision 050): the list's
 * requests, at most COUNT_LIMIT, each with its appeal's type read by the request's key. A join
 * would leave the order to the planner, which reads every appeal when it thinks them few.
 */
export function appealTypesQuery(db: Db, filter: StaffListFilter) {
  const listed = filtered(db, filter)
    .select((eb) =>
      eb.selectFrom('appeals as ap').select('ap.type').whereRef('ap.practice_id', '=', 'p.id').as('type'),
    )
    .limit(COUNT_LIMIT);
  return db
    .selectFrom(listed.as('listed'))
    .select(['listed.type', (eb) => eb.fn.countAll<number>().as('count')])
    .where('listed.type', 'is not', null)
    .groupBy('listed.type')
    .$narrowType<{ type: string }>();
}

/**
 * How many requests of a filtered list have an appeal, and how many an amendment: the list's rows
 * with an appeal's row (at most one each), by its type. Only for a list filtered beyond the kept
 * counts (country, service, urgency, deadline), counted to COUNT_LIMIT at most; any other reads
 * `countAppealQueueGroups`.
 */
export async function countAppealTypes(db: Db, filter: StaffListFilter) {
  const rows = await appealTypesQuery(db, filter).execute();
  return rows.map((row) => ({ type: row.type, count: Number(row.count) }));
}

export type StaffPracticeRow = Awaited<ReturnType<typeof listStaffPracticeRows>>[number];

/** The filters the maintained counts can answer: by status and people only. */
export type CountFilter = {
  actorId: number;
  status?: string | undefined;
  assigneeId?: number | undefined;
  reviewerId?: number | undefined;
};

/**
 * The kept counts' people, as the actor sees them: whether the actor is the evaluator, the
 * reviewer, and whether the request has both (0 stands for nobody in the kept counts).
 */
const peopleColumns = (actorId: number) =>
  [
    sql<number>`case when assignee_id = ${actorId} then 1 else 0 end`.as('is_mine'),
    sql<number>`case when reviewer_id = ${actorId} then 1 else 0 end`.as('is_my_review'),
    sql<number>`case when assignee_id = 0 or reviewer_id = 0 then 0 else 1 end`.as('has_people'),
  ] as const;

const peopleOf = (row: { is_mine: number; is_my_review: number; has_people: number }) => ({
  isMine: Number(row.is_mine) === 1,
  isMyReview: Number(row.is_my_review) === 1,
  hasPeople: Number(row.has_people) === 1,
});

/**
 * Submitted requests per status, and whether the actor is their evaluator or reviewer, from the
 * counts the database triggers keep (migration 2026-11-25-010): a few rows per status, however
 * many requests there are. Which queue each group belongs to is the domain's `isInQueue`.
 */
export async function countQueueGroups(db: Db, filter: CountFilter) {
  let query = db
    .selectFrom('practice_queue_counts')
    .select(['status', ...peopleColumns(filter.actorId), (eb) => eb.fn.sum<number>('count').as('count')])
    .where('count', '>', 0)
    .groupBy(['status', sql`2`, sql`3`, sql`4`]);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.assigneeId) query = query.where('assignee_id', '=', filter.assigneeId);
  if (filter.reviewerId) query = query.where('reviewer_id', '=', filter.reviewerId);
  const rows = await query.execute();
  return rows.map((row) => ({
    status: row.status,
    ...peopleOf(row),
    count: Number(row.count),
  }));
}

/**
 * The submitted requests with an appeal or amendment, grouped as `countQueueGroups` groups them
 * and by the appeal's type, from the counts the database triggers keep
 * (`practice_appeal_queue_counts`, migration 2026-12-06-120): a few rows, however many requests.
 */
export async function countAppealQueueGroups(db: Db, filter: CountFilter) {
  let query = db
    .selectFrom('practice_appeal_queue_counts')
    .select([
      'status',
      'appeal_type',
      ...peopleColumns(filter.actorId),
      (eb) => eb.fn.sum<number>('count').as('count'),
    ])
    .where('count', '>', 0)
    .groupBy(['status', 'appeal_type', sql`3`, sql`4`, sql`5`]);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.assigneeId) query = query.where('assignee_id', '=', filter.assigneeId);
  if (filter.reviewerId) query = query.where('reviewer_id', '=', filter.reviewerId);
  const rows = await query.execute();
  return rows.map((row) => ({
    status: row.status,
    type: row.appeal_type,
    ...peopleOf(row),
    count: Number(row.count),
  }));
}
