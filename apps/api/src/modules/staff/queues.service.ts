import {
  deadlineBounds,
  deadlineRangeOf,
  isInQueue,
  isOneOf,
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
  countAppealQueueGroups,
  countAppealTypes,
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
  const counts = recordOf(STAFF_QUEUES, () => 0);
  for (const group of await queueGroups(ctx, { actorId: actor.id })) {
    for (const queue of STAFF_QUEUES) if (isInQueue(queue, group)) counts[queue] += group.count;
  }
  // Of each count, the appeals and the amendments, from their kept counts (migration
  // 2026-12-06-120) as the queue's page splits its total: a few rows, however many requests.
  const kinds = recordOf(STAFF_QUEUES, () => ({ appeals: 0, amendments: 0 }));
  for (const { status, type, ...group } of await countAppealQueueGroups(ctx.db, { actorId: actor.id })) {
    if (!isOneOf(PRACTICE_STATUSES, status)) continue;
    const kind = type === 'appeal' ? 'appeals' : type === 'amendment' ? 'amendments' : null;
    if (kind === null) continue;
    for (const queue of STAFF_QUEUES) {
      if (isInQueue(queue, { ...group, status })) kinds[queue][kind] += group.count;
    }
  }
  return { ...counts, kinds };
}

async function queueGroups(ctx: AppContext, filter: CountFilter) {
  const groups = [];
  for (const { status: stored, ...group } of await countQueueGroups(ctx.db, filter)) {
    const status = PRACTICE_STATUSES.find((candidate) => candidate === stored);
    if (status) groups.push({ ...group, status });
  }
  return groups;
}

/** Whether the maintained counts answer a list's total: filtered by queue, status and people only. */
const isCountable = (filter: StaffListFilter): boolean =>
  filter.country === undefined &&
  filter.service === undefined &&
  filter.isUrgent === undefined &&
  filter.deadlineBefore === undefined &&
  filter.deadlineRange === undefined;

/**
 * A list's total: exact from the maintained counts when only the queue, status and people filter
 * it; otherwise counted up to COUNT_LIMIT + 1, and then said to be "more than" (decision 050).
 */
async function totalOf(
  ctx: AppContext,
  filter: StaffListFilter,
): Promise<{ total: number; isCapped: boolean }> {
  if (isCountable(filter)) {
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

type QueueKinds = NonNullable<ListMeta['kinds']>;

/**
 * Of a list's exact total, the first requests and the appeals and amendments apart (`meta.kinds`):
 * the appealed ones counted, the first requests the rest.
 */
async function kindsOf(ctx: AppContext, filter: StaffListFilter, total: number): Promise<QueueKinds> {
  // A list the kept counts answer, from them (migration 2026-12-06-120), grouped as its total is;
  // any other from its rows, at most COUNT_LIMIT.
  const appealed = isCountable(filter)
    ? (
        await countAppealQueueGroups(ctx.db, {
          actorId: filter.userId,
          status: filter.status,
          assigneeId: filter.assigneeId,
          reviewerId: filter.reviewerId,
        })
      ).filter(
        ({ status, ...group }) =>
          isOneOf(PRACTICE_STATUSES, status) && isInQueue(filter.queue, { ...group, status }),
      )
    : await countAppealTypes(ctx.db, filter);
  const of = (type: string) =>
    appealed.filter((row) => row.type === type).reduce((sum, row) => sum + row.count, 0);
  const [appeals, amendments] = [of('appeal'), of('amendment')];
  // The total comes from the maintained counts: a move between the two reads leaves none below 0.
  return { first_requests: Math.max(0, total - appeals - amendments), appeals, amendments };
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
  // Past the bound there is no exact total to split.
  const kinds = isCapped ? null : await kindsOf(ctx, filter, total);
  return {
    data: rows.map((row) => toStaffSummary(row, today, atRiskDays, answered.has(row.id))),
    meta: {
      page: query.page,
      perPage: query.perPage,
      total,
      sort,
      ...(isCapped ? { is_total_capped: true } : {}),
      ...(kinds ? { kinds } : {}),
    },
  };
}
