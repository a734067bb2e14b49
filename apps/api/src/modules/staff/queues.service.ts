import {
  deadlineBounds,
  deadlineRangeOf,
  isInQueue,
  type ListMeta,
  PRACTICE_STATUSES,
  type QueueCounts,
  recordOf,
  SORT_FIELDS,
  sortOf,
  STAFF_QUEUES,
  type StaffPracticesQuery,
  type StaffPracticeSummary,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import { bodyToday, workingCalendar } from '../reference/calendar.service';
import { requireStaff } from '../sessions/guard';
import type { SessionUser } from '../sessions/service';
import {
  countQueueGroups,
  countStaffPracticeRows,
  COUNT_LIMIT,
  listStaffPracticeRows,
  type CountFilter,
  type StaffListFilter,
} from './queue.repository';
import { findAnsweredByApplicant } from './repository';
import { toStaffSummary } from './view';

/** GET /staff/queues/counts: how many requests each queue holds for this staff member (the navigation). */
export async function queueCounts(ctx: AppContext, actor: SessionUser): Promise<QueueCounts> {
  requireStaff(actor);
  const counts: QueueCounts = recordOf(STAFF_QUEUES, () => 0);
  for (const group of await queueGroups(ctx, { actorId: actor.id })) {
    for (const queue of STAFF_QUEUES) if (isInQueue(queue, group)) counts[queue] += group.count;
  }
  return counts;
}

async function queueGroups(ctx: AppContext, filter: CountFilter) {
  const groups = [];
  for (const { status: stored, ...group } of await countQueueGroups(ctx.db, filter)) {
    const status = PRACTICE_STATUSES.find((candidate) => candidate === stored);
    if (status) groups.push({ ...group, status });
  }
  return groups;
}

/**
 * A list's total: exact from the maintained counts when only the queue, status and people filter
 * it; otherwise counted up to COUNT_LIMIT + 1, and then said to be "more than" (decision 050).
 */
async function totalOf(
  ctx: AppContext,
  filter: StaffListFilter,
): Promise<{ total: number; isCapped: boolean }> {
  const isCountable =
    filter.country === undefined &&
    filter.service === undefined &&
    filter.isUrgent === undefined &&
    filter.deadlineBefore === undefined &&
    filter.deadlineRange === undefined;
  if (isCountable) {
    const groups = await queueGroups(ctx, {
      actorId: filter.userId,
      status: filter.status,
      assigneeId: filter.assigneeId,
      reviewerId: filter.reviewerId,
    });
    const total = groups
      .filter((group) => isInQueue(filter.queue, group))
      .reduce((sum, group) => sum + group.count, 0);
    return { total, isCapped: false };
  }
  const counted = await countStaffPracticeRows(ctx.db, filter);
  return counted > COUNT_LIMIT ? { total: COUNT_LIMIT, isCapped: true } : { total: counted, isCapped: false };
}

/** GET /staff/practices: one queue, filtered, sorted (spec §9; default: the nearest deadline first). */
export async function listStaffPractices(
  ctx: AppContext,
  actor: SessionUser,
  query: StaffPracticesQuery,
): Promise<{ data: StaffPracticeSummary[]; meta: ListMeta }> {
  requireStaff(actor);
  const sort = query.sort ?? 'expected_deadline';
  const today = { today: bodyToday(ctx), calendar: await workingCalendar(ctx) };
  const atRiskDays = ctx.config.deadlineAtRiskDays;
  const filter: StaffListFilter = {
    userId: actor.id,
    queue: query.queue,
    status: query.status,
    country: query.country,
    service: query.service,
    isUrgent: query.is_urgent,
    deadlineBefore: query.deadline_before,
    deadlineRange: query.deadline
      ? deadlineRangeOf(query.deadline, deadlineBounds(today.today, today.calendar, atRiskDays))
      : undefined,
    assigneeId: query.assignee_id,
    reviewerId: query.reviewer_id,
    sort: sortOf(SORT_FIELDS, sort),
    page: query.page,
    perPage: query.perPage,
  };
  const rows = await listStaffPracticeRows(ctx.db, filter);
  const answered = await findAnsweredByApplicant(ctx.db, rows);
  const { total, isCapped } = await totalOf(ctx, filter);
  return {
    data: rows.map((row) => toStaffSummary(row, today, atRiskDays, answered.has(row.id))),
    meta: {
      page: query.page,
      perPage: query.perPage,
      total,
      sort,
      ...(isCapped ? { is_total_capped: true } : {}),
    },
  };
}
