import { ORDINARY_WORKING_DAYS, URGENT_WORKING_DAYS } from './services';
import { runningDeadlineOf, type PracticeStatus } from './statuses';
import {
  addCalendarDays,
  addWorkingDays,
  isWorkingDay,
  workingDaysUntil,
  type WorkingCalendar,
} from './working-days';

/**
 * The deadline of work that starts on `day` (the body's calendar day): 60 working days, 30 when
 * urgent. A request's from the day it is submitted; an appeal's or amendment's from the day it is
 * asked for (decision 108), not the request's first deadline, long gone by then.
 */
export const deadlineFrom = (day: string, isUrgent: boolean, calendar: WorkingCalendar): string =>
  addWorkingDays(day, isUrgent ? URGENT_WORKING_DAYS : ORDINARY_WORKING_DAYS, calendar);

/**
 * Where an open request stands against its deadline (issue #18, decision 070), from its working
 * days left (`workingDaysUntil`, the figure the applicant sees): late once a working day has
 * passed since the deadline, at risk from `atRiskDays` working days left down to the day itself,
 * on time before that.
 */
export const DEADLINE_FLAGS = ['late', 'at_risk', 'on_time'] as const;
export type DeadlineFlag = (typeof DEADLINE_FLAGS)[number];

/** At risk from this many working days left (DEADLINE_AT_RISK_DAYS overrides it). */
export const DEFAULT_AT_RISK_WORKING_DAYS = 10;

export function deadlineFlagOf(daysToGo: number, atRiskDays: number): DeadlineFlag {
  if (daysToGo < 0) return 'late';
  return daysToGo <= atRiskDays ? 'at_risk' : 'on_time';
}

/** The body's day and its working calendar: what days to go are counted from. */
export type CountingDay = { today: string; calendar: WorkingCalendar };

/**
 * Working days left to the deadline that runs (`runningDeadlineOf`): an open appeal's own, the
 * evaluation's otherwise; none for a draft, a finished request, or one without a deadline.
 */
export function runningDaysToGo(
  status: PracticeStatus,
  deadline: string | null,
  { today, calendar }: CountingDay,
): number | null {
  if (!deadline || runningDeadlineOf(status) === null) return null;
  return workingDaysUntil(today, deadline, calendar);
}

/**
 * Where a request stands against its running deadline, as staff read it wherever they meet it
 * (a queue's row, a search result): its working days left and their flag, both null when no
 * deadline runs.
 */
export function deadlineStandingOf(
  practice: { status: PracticeStatus; expected_deadline: string | null },
  day: CountingDay,
  atRiskDays: number,
): { days_to_go: number | null; deadline_flag: DeadlineFlag | null } {
  const daysToGo = runningDaysToGo(practice.status, practice.expected_deadline, day);
  return {
    days_to_go: daysToGo,
    deadline_flag: daysToGo === null ? null : deadlineFlagOf(daysToGo, atRiskDays),
  };
}

/**
 * The same flags as ranges of deadline dates, so that a queue filtered by one reads a range of
 * its deadline index: late ⇔ deadline < `lateBefore`; at risk ⇔ `lateBefore` ≤ deadline ≤
 * `atRiskThrough`; on time ⇔ deadline > `atRiskThrough`. Days left only grow with the deadline,
 * so each flag is one range:
 * - a deadline is late when a working day lies in (deadline, today]: `lateBefore` is the last
 *   working day on or before today;
 * - it has at most N working days left while it comes before the (N + 1)-th working day after
 *   today: `atRiskThrough` is the day before that one.
 */
export function deadlineBounds(
  today: string,
  calendar: WorkingCalendar,
  atRiskDays: number,
): { lateBefore: string; atRiskThrough: string } {
  let lateBefore = today;
  // A calendar with no working day at all is not a calendar: stop after ten years.
  for (let step = 0; step < 3660 && !isWorkingDay(lateBefore, calendar); step += 1) {
    lateBefore = addCalendarDays(lateBefore, -1);
  }
  const atRiskThrough = addCalendarDays(addWorkingDays(today, atRiskDays + 1, calendar), -1);
  return { lateBefore, atRiskThrough };
}

/** The range of deadlines of one flag: `from` and `through` both included; either may be open. */
export function deadlineRangeOf(
  flag: DeadlineFlag,
  bounds: { lateBefore: string; atRiskThrough: string },
): { from?: string; through?: string } {
  switch (flag) {
    case 'late':
      return { through: addCalendarDays(bounds.lateBefore, -1) };
    case 'at_risk':
      return { from: bounds.lateBefore, through: bounds.atRiskThrough };
    case 'on_time':
      return { from: addCalendarDays(bounds.atRiskThrough, 1) };
  }
}
