import { z } from 'zod';
import { isoDateSchema } from './dates';
import { DEADLINE_FLAGS } from './deadlines';
import { REFUND_REASONS } from './payments';
import { SERVICE_KINDS } from './services';
import { APPEAL_TYPES, PRACTICE_STATUSES, type AppealType } from './statuses';
import { statusNameOf, type StatusName } from './status-wording';
import { addCalendarDays } from './working-days';
import { staffRefSchema } from './workspace';

/**
 * The dashboard of secretaries and administrators (issue #18, decision 071): the backlog now, and
 * the figures of a period read from the audit trail.
 */

/** The longest period the dashboard reads at once. */
export const DASHBOARD_MAX_DAYS = 731;
/** The period shown when none is asked for: the last twelve weeks. */
export const DASHBOARD_DEFAULT_DAYS = 84;

export const dashboardQuerySchema = z
  .object({ from: z.optional(isoDateSchema), to: z.optional(isoDateSchema) })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    message: 'dateNotBeforeStart',
    path: ['to'],
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/**
 * The period a dashboard query stands for on `today` (the body's day): `to` defaults to today,
 * `from` to DASHBOARD_DEFAULT_DAYS before `to`, both days included.
 */
export function dashboardPeriodOf(today: string, query: DashboardQuery): { from: string; to: string } {
  const to = query.to ?? today;
  return { from: query.from ?? addCalendarDays(to, 1 - DASHBOARD_DEFAULT_DAYS), to };
}

/**
 * What is wrong with a period, or null: a day outside the years the body's calendar knows or a
 * period longer than DASHBOARD_MAX_DAYS (`invalidValue`, on `from`), or a start after its end
 * (`dateNotBeforeStart`, on `to`). The API refuses such a period with 422; the page says so
 * beside the fields without asking.
 */
export function dashboardPeriodIssue(period: {
  from: string;
  to: string;
}): { field: 'from' | 'to'; code: 'invalidValue' | 'dateNotBeforeStart' } | null {
  const isKnown = (day: string) => day >= '1900-01-01' && day <= '2999-12-31';
  if (
    !isKnown(period.from) ||
    !isKnown(period.to) ||
    addCalendarDays(period.from, DASHBOARD_MAX_DAYS) <= period.to
  )
    return { field: 'from', code: 'invalidValue' };
  if (period.from > period.to) return { field: 'to', code: 'dateNotBeforeStart' };
  return null;
}

const count = z.number().int();

export const dashboardSchema = z
  .object({
    /** Both days included, in the body's calendar. */
    period: z.object({ from: isoDateSchema, to: isoDateSchema }),
    at_risk_days: count,
    /** Submitted requests not yet finished, per status, now. */
    backlog: z.array(z.object({ status: z.enum(PRACTICE_STATUSES), count })),
    /**
     * Of the backlog, the requests with an appeal or amendment, per status and type, now: an
     * appeal's statuses are named for the amendment on one (`statusNameOf`), so the page shows them
     * apart. Optional: an instance of the release before does not send it.
     */
    backlog_appeals: z.optional(
      z.array(z.object({ status: z.enum(PRACTICE_STATUSES), appeal_type: z.enum(APPEAL_TYPES), count })),
    ),
    /** The same requests against their deadlines, now. */
    ageing: z.object({ late: count, at_risk: count, on_time: count, no_deadline: count }),
    /** The open requests nearest their deadline (late first), at most 20. */
    urgent: z.array(
      z.object({
        id: count,
        status: z.enum(PRACTICE_STATUSES),
        /** Appeal or amendment, null when neither: an amendment's status is named for it (optional for an older instance). */
        appeal_type: z.enum(APPEAL_TYPES).nullable().optional(),
        expected_deadline: isoDateSchema,
        days_to_go: count,
        deadline_flag: z.enum(DEADLINE_FLAGS),
        applicant: z.string(),
        assignee: staffRefSchema.nullable(),
      }),
    ),
    /** Statements published in each week of the period (weeks start on Monday). */
    published_per_week: z.array(z.object({ week: isoDateSchema, count })),
    /** Working days from submission to publication of the statements published in the period. */
    time_to_publication: z.array(
      z.object({
        service: z.enum([...SERVICE_KINDS, 'all']),
        published: count,
        median_working_days: z.number().nullable(),
      }),
    ),
    /** Per member of staff: open requests now, and what they did in the period. */
    people: z.array(
      z.object({
        person: staffRefSchema,
        evaluating: count,
        reviewing: count,
        sent_in_review: count,
        reviews_concluded: count,
        published: count,
      }),
    ),
    /** Of the statements published in the period, how many were appealed or amended (requests in the period). */
    appeals: z.object({ statements: count, appeals: count, amendments: count }),
    /** Return deliveries paid for and not yet sent, oldest first (at most 20 listed). */
    deliveries_waiting: z.object({
      count,
      practices: z.array(
        z.object({
          id: count,
          paid_at: z.string(),
          applicant: z.string(),
          waybill_number: z.string().nullable(),
        }),
      ),
    }),
    /**
     * Refunds the provider refused (decision 068), newest first (at most 20 listed): whoever
     * handles payments gives each back by hand in the provider's dashboard. `practice_id` is the
     * request when staff can open it; null for one that was deleted or is still a draft (a
     * `not_submitted` refund), which staff never see (decision 084).
     */
    refunds_failed: z.object({
      count,
      refunds: z.array(
        z.object({
          id: count,
          payment_id: count,
          reason: z.enum(REFUND_REASONS),
          /** Cents, VAT included: the whole payment. */
          amount_total: count,
          provider: z.string(),
          transaction_reference: z.string().nullable(),
          /** What the provider (or the portal) said. */
          failure_reason: z.string().nullable(),
          failed_at: z.string(),
          practice_id: count.nullable(),
        }),
      ),
    }),
  })
  .meta({ id: 'StaffDashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * The backlog as the dashboard shows it: a row per status, and the amendments of a status apart
 * from the appeals, each named as staff read it (`statusNameOf`: "Amendment requested" beside
 * "Appeal requested"). The rows add up to the backlog's; an answer without `backlog_appeals` (an
 * instance of the release before) gives the backlog's rows as they are.
 */
export function backlogRows(
  dashboard: Pick<Dashboard, 'backlog' | 'backlog_appeals'>,
): { status: StatusName; count: number }[] {
  return dashboard.backlog.flatMap(({ status, count }) => {
    const amendment = statusNameOf(status, 'amendment');
    if (amendment === status) return [{ status, count }];
    const amendments = Math.min(
      count,
      (dashboard.backlog_appeals ?? [])
        .filter((row) => row.status === status && row.appeal_type === 'amendment')
        .reduce((sum, row) => sum + row.count, 0),
    );
    const rows = [
      { status, count: count - amendments },
      { status: amendment, count: amendments },
    ];
    return rows.filter((row) => row.count > 0);
  });
}

/** The appeals and the amendments open now, each: the backlog's of `backlog_appeals`. */
export function openAppealsOf(dashboard: Pick<Dashboard, 'backlog_appeals'>): Record<AppealType, number> {
  const of = (type: AppealType) =>
    (dashboard.backlog_appeals ?? [])
      .filter((row) => row.appeal_type === type)
      .reduce((sum, row) => sum + row.count, 0);
  return { appeal: of('appeal'), amendment: of('amendment') };
}

/** The median of a list of numbers, null for none: the middle one, or the mean of the two middle ones. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The Monday on or before a day: the week a day belongs to on the dashboard. */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - sinceMonday);
  return date.toISOString().slice(0, 10);
}
