import {
  isInQueue,
  PRACTICE_STATUSES,
  STAFF_QUEUES,
  type ListMeta,
  type QueueCounts,
  type SortField,
  type StaffPracticesQuery,
  type StaffPracticeSummary,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import { bodyToday, workingCalendar } from '../reference/calendar.service';
import type { SessionUser } from '../sessions/service';
import { listStaffPracticeRows } from './queue.repository';
import { countQueueRows } from './repository';
import { toStaffSummary } from './view';
import { requireStaff } from './workspace.service';

/** GET /staff/queues/counts: how many requests each queue holds for this staff member (the navigation). */
export async function queueCounts(ctx: AppContext, actor: SessionUser): Promise<QueueCounts> {
  requireStaff(actor);
  const counts = Object.fromEntries(STAFF_QUEUES.map((queue) => [queue, 0])) as QueueCounts;
  for (const row of await countQueueRows(ctx.db)) {
    const status = PRACTICE_STATUSES.find((candidate) => candidate === row.status);
    if (!status) continue;
    const request = {
      status,
      isMine: row.assignee_id === actor.id,
      isMyReview: row.reviewer_id === actor.id,
    };
    for (const queue of STAFF_QUEUES) if (isInQueue(queue, request)) counts[queue] += Number(row.count);
  }
  return counts;
}

/** GET /staff/practices: one queue, filtered, sorted (spec §9; default: the nearest deadline first). */
export async function listStaffPractices(
  ctx: AppContext,
  actor: SessionUser,
  query: StaffPracticesQuery,
): Promise<{ data: StaffPracticeSummary[]; meta: ListMeta }> {
  requireStaff(actor);
  const sort = query.sort ?? 'expected_deadline';
  const { rows, total } = await listStaffPracticeRows(ctx.db, {
    userId: actor.id,
    queue: query.queue,
    status: query.status,
    country: query.country,
    service: query.service,
    isUrgent: query.is_urgent,
    deadlineBefore: query.deadline_before,
    assigneeId: query.assignee_id,
    reviewerId: query.reviewer_id,
    sort: { field: sort.replace(/^-/, '') as SortField, isDescending: sort.startsWith('-') },
    page: query.page,
    perPage: query.perPage,
  });
  const today = { today: bodyToday(ctx), calendar: await workingCalendar(ctx) };
  return {
    data: rows.map((row) => toStaffSummary(row, today)),
    meta: { page: query.page, perPage: query.perPage, total, sort },
  };
}
