import {
  APPEAL_TYPES,
  abilitiesFor,
  addCalendarDays,
  calendarDayOf,
  dashboardPeriodIssue,
  dashboardPeriodOf,
  deadlineBounds,
  deadlineFlagOf,
  median,
  PRACTICE_STATUSES,
  QUEUE_STATUSES,
  ROLES,
  SERVICE_KINDS,
  weekOf,
  workingDaysUntil,
  type Dashboard,
  type DashboardQuery,
  type PracticeStatus,
  isOneOf,
} from '@lisbon/domain';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { failedRefundsForStaff } from '../payments/refund.service';
import { bodyToday, workingCalendar } from '../reference/calendar.service';
import type { SessionUser } from '../sessions/service';
import {
  countAppealRequests,
  countMovesByPerson,
  countOpenWithoutDeadline,
  listDeliveriesWaiting,
  listOpenCounts,
  listPublications,
} from './dashboard.repository';
import { countUrgentPractices, listUrgentPractices } from './deadlines.repository';
import { findPeople, listActiveUsersWithRoles } from './repository';
import { refsOf, toStaffRef } from './view';

const LISTED = 20;

/**
 * The first instant of a calendar day of the body: midnight in Rome, an hour or two before
 * midnight UTC depending on summer time.
 */
export function bodyDayStart(day: string): string {
  for (const hours of [1, 2, 0, 3]) {
    const instant = new Date(Date.parse(`${day}T00:00:00Z`) - hours * 3_600_000);
    if (calendarDayOf(instant) === day && calendarDayOf(new Date(instant.getTime() - 1)) !== day) {
      return instant.toISOString();
    }
  }
  return `${day}T00:00:00.000Z`;
}

function periodOf(today: string, query: DashboardQuery): { from: string; to: string } {
  const period = dashboardPeriodOf(today, query);
  const issue = dashboardPeriodIssue(period);
  if (issue) throw new AppError('VALIDATION_FAILED', { errors: { [issue.field]: [issue.code] } });
  return period;
}

const statusOf = (value: string): PracticeStatus | undefined =>
  PRACTICE_STATUSES.find((status) => status === value);

/** GET /staff/dashboard (decision 071): the backlog now, and what the period's audit trail holds. */
export async function getDashboard(
  ctx: AppContext,
  actor: SessionUser,
  query: DashboardQuery,
): Promise<Dashboard> {
  if (!actor.abilities['staff.dashboard']) throw new AppError('FORBIDDEN_ACCESS');
  const today = bodyToday(ctx);
  const calendar = await workingCalendar(ctx);
  const period = periodOf(today, query);
  const range = { start: bodyDayStart(period.from), end: bodyDayStart(addCalendarDays(period.to, 1)) };
  const atRiskDays = ctx.config.deadlineAtRiskDays;
  const bounds = deadlineBounds(today, calendar, atRiskDays);

  const { byPeople: openCounts, byAppealType: appealCounts } = await listOpenCounts(ctx.db);
  const backlog = new Map<PracticeStatus, number>();
  for (const row of openCounts) {
    const status = statusOf(row.status);
    if (status) backlog.set(status, (backlog.get(status) ?? 0) + row.count);
  }
  const open = [...backlog.values()].reduce((sum, value) => sum + value, 0);
  const urgentCounts = await countUrgentPractices(ctx.db, {
    lateBefore: bounds.lateBefore,
    through: bounds.atRiskThrough,
  });
  const noDeadline = await countOpenWithoutDeadline(ctx.db);
  const urgentRows = await listUrgentPractices(ctx.db, { through: bounds.atRiskThrough, limit: LISTED });

  const moves = await countMovesByPerson(ctx.db, range);
  const publications = await listPublications(ctx.db, range);
  const appealRequests = await countAppealRequests(ctx.db, range);
  const deliveries = await listDeliveriesWaiting(ctx.db, LISTED);
  // Money matters are for who may refund (decision 068); today every holder of the dashboard may.
  const refundsFailed = actor.abilities['payments.refund']
    ? await failedRefundsForStaff(ctx.db, LISTED)
    : { count: 0, refunds: [] };

  const staffRoles = ROLES.filter((role) => {
    const abilities = abilitiesFor(role);
    return abilities['staff.evaluate'] || abilities['staff.review'];
  });
  const staff = await listActiveUsersWithRoles(ctx.db, staffRoles);
  const others = await findPeople(ctx.db, [
    ...new Set(
      [...moves.map((move) => move.byUserId), ...urgentRows.map((row) => row.assignee_id)].filter(
        (id): id is number => typeof id === 'number' && !staff.some((person) => person.id === id),
      ),
    ),
  ]);
  const refOf = refsOf([...staff, ...others]);

  return {
    period,
    at_risk_days: atRiskDays,
    backlog: PRACTICE_STATUSES.flatMap((status) => {
      const value = backlog.get(status);
      return value ? [{ status, count: value }] : [];
    }),
    // The appeals and amendments among them, apart: an amendment's statuses have its own names.
    backlog_appeals: PRACTICE_STATUSES.flatMap((status) =>
      APPEAL_TYPES.flatMap((appealType) => {
        const value = appealCounts
          .filter((row) => row.status === status && row.appealType === appealType)
          .reduce((sum, row) => sum + row.count, 0);
        return value ? [{ status, appeal_type: appealType, count: value }] : [];
      }),
    ),
    ageing: {
      late: urgentCounts.late,
      at_risk: urgentCounts.atRisk,
      on_time: Math.max(0, open - urgentCounts.late - urgentCounts.atRisk - noDeadline),
      no_deadline: noDeadline,
    },
    urgent: urgentRows.flatMap((row) => {
      const status = statusOf(row.status);
      if (!status || !row.expected_deadline) return [];
      const daysToGo = workingDaysUntil(today, row.expected_deadline, calendar);
      return [
        {
          id: row.id,
          status,
          appeal_type: isOneOf(APPEAL_TYPES, row.appeal_type) ? row.appeal_type : null,
          expected_deadline: row.expected_deadline,
          days_to_go: daysToGo,
          deadline_flag: deadlineFlagOf(daysToGo, atRiskDays),
          applicant: `${row.first_name} ${row.last_name}`.trim(),
          assignee: refOf(row.assignee_id),
        },
      ];
    }),
    published_per_week: publishedPerWeek(period, publications),
    time_to_publication: timeToPublication(publications, calendar),
    people: [...staff, ...others]
      .map((person) => {
        const done = (action: string) =>
          moves.find((move) => move.byUserId === person.id && move.action === action)?.count ?? 0;
        const held = (isTheirs: (row: (typeof openCounts)[number]) => boolean) =>
          openCounts.filter(isTheirs).reduce((sum, row) => sum + row.count, 0);
        return {
          person: toStaffRef(person),
          evaluating: held((row) => row.assignee_id === person.id),
          reviewing: held(
            (row) => row.reviewer_id === person.id && isOneOf(QUEUE_STATUSES.to_review, row.status),
          ),
          sent_in_review: done('send_in_review'),
          reviews_concluded: done('conclude_review'),
          published: done('publish'),
        };
      })
      .filter(
        (row) =>
          staff.some((person) => person.id === row.person.id) ||
          row.published + row.sent_in_review + row.reviews_concluded > 0,
      ),
    appeals: {
      statements: publications.length,
      appeals: appealRequests.find((row) => row.type === 'appeal')?.count ?? 0,
      amendments: appealRequests.find((row) => row.type === 'amendment')?.count ?? 0,
    },
    deliveries_waiting: {
      count: deliveries.count,
      practices: deliveries.rows.map((row) => ({
        id: row.id,
        paid_at: row.paid_at ?? '',
        applicant: `${row.first_name} ${row.last_name}`.trim(),
        waybill_number: row.waybill_number,
      })),
    },
    refunds_failed: refundsFailed,
  };
}

type Publication = Awaited<ReturnType<typeof listPublications>>[number];

/** Every week of the period, from the one holding its first day, with the statements published in it. */
function publishedPerWeek(period: { from: string; to: string }, publications: readonly Publication[]) {
  const counts = new Map<string, number>();
  for (let week = weekOf(period.from); week <= period.to; week = addCalendarDays(week, 7))
    counts.set(week, 0);
  for (const publication of publications) {
    const week = weekOf(calendarDayOf(new Date(publication.published_at)));
    counts.set(week, (counts.get(week) ?? 0) + 1);
  }
  return [...counts].map(([week, count]) => ({ week, count }));
}

function timeToPublication(
  publications: readonly Publication[],
  calendar: Awaited<ReturnType<typeof workingCalendar>>,
) {
  const days = publications.flatMap((publication) =>
    publication.submitted_at
      ? [
          {
            service: publication.service,
            days: workingDaysUntil(
              calendarDayOf(new Date(publication.submitted_at)),
              calendarDayOf(new Date(publication.published_at)),
              calendar,
            ),
          },
        ]
      : [],
  );
  const row = (service: (typeof SERVICE_KINDS)[number] | 'all') => {
    const values = days
      .filter((entry) => service === 'all' || entry.service === service)
      .map((entry) => entry.days);
    return { service, published: values.length, median_working_days: median(values) };
  };
  return [...SERVICE_KINDS.map(row).filter((entry) => entry.published > 0), row('all')];
}
