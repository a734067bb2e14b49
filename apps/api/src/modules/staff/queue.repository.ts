import { ARCHIVE_STATUSES, QUEUE_STATUSES, type SortField, type StaffQueue } from '@lisbon/domain';
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

function filtered(db: Db, filter: StaffListFilter) {
  let query = db
    .selectFrom('practices as p')
    .innerJoin('users as a', 'a.id', 'p.user_id')
    .leftJoin('users as e', 'e.id', 'p.assignee_id')
    .leftJoin('users as r', 'r.id', 'p.reviewer_id')
    .where('p.status', '<>', 'draft');
  switch (filter.queue) {
    case 'assigned':
      query = query.where('p.assignee_id', '=', filter.userId).where('p.status', 'not in', ARCHIVE_STATUSES);
      break;
    case 'to_review':
      query = query
        .where('p.reviewer_id', '=', filter.userId)
        .where('p.status', 'in', QUEUE_STATUSES.to_review);
      break;
    case 'ready_for_issue':
    case 'unassigned':
    case 'archive':
      query = query.where('p.status', 'in', QUEUE_STATUSES[filter.queue]);
      break;
    case 'all':
      break;
  }
  if (filter.status) query = query.where('p.status', '=', filter.status);
  if (filter.country) query = query.where('p.country', '=', filter.country);
  if (filter.service) query = query.where('p.service', '=', filter.service);
  if (filter.isUrgent !== undefined) query = query.where('p.is_urgent', '=', filter.isUrgent ? 1 : 0);
  if (filter.deadlineBefore) query = query.where('p.expected_deadline', '<=', filter.deadlineBefore);
  if (filter.assigneeId) query = query.where('p.assignee_id', '=', filter.assigneeId);
  if (filter.reviewerId) query = query.where('p.reviewer_id', '=', filter.reviewerId);
  return query;
}

export async function listStaffPracticeRows(db: Db, filter: StaffListFilter) {
  const query = filtered(db, filter);
  const { count } = await query
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const column = SORT_COLUMNS[filter.sort.field];
  const direction = filter.sort.isDescending ? 'desc' : 'asc';
  const rows = await query
    .selectAll('p')
    .select([
      'a.first_name as applicant_first_name',
      'a.last_name as applicant_last_name',
      'a.email as applicant_email',
      'e.first_name as assignee_first_name',
      'e.last_name as assignee_last_name',
      'r.first_name as reviewer_first_name',
      'r.last_name as reviewer_last_name',
    ])
    // Empty values last in both directions and on both databases (their defaults differ).
    .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`)
    .orderBy(column, direction)
    .orderBy(filter.sort.field === 'name' ? 'a.first_name' : 'p.id', direction)
    .orderBy('p.id', direction)
    .limit(filter.perPage)
    .offset((filter.page - 1) * filter.perPage)
    .execute();
  return { rows, total: Number(count) };
}

export type StaffPracticeRow = Awaited<ReturnType<typeof listStaffPracticeRows>>['rows'][number];
