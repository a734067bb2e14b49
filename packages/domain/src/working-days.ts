import { easter } from 'date-easter';
import { z } from 'zod';
import { LAST_CALENDAR_DAY, LAST_PERIOD_DAY } from './calendar-bounds';

export { LAST_CALENDAR_DAY, LAST_PERIOD_DAY } from './calendar-bounds';

/**
 * Working days of the evaluation body (spec §9, DESIGN.md): Monday to Friday, less Italian
 * public holidays, the body's local holidays and its announced closure periods (data).
 * Dates are calendar days in the body's time zone, as ISO `YYYY-MM-DD` strings; arithmetic is
 * done on UTC midnights so that summer time never shifts a day.
 */

export const closureSchema = z.object({ from: z.iso.date(), to: z.iso.date() });
/** A closure period, both ends included. */
export type Closure = z.infer<typeof closureSchema>;

export type MonthDay = { month: number; day: number };

export type WorkingCalendar = {
  closures: readonly Closure[];
  /** Holidays of the body's own city, e.g. 29 June (Saints Peter and Paul) in Rome. */
  localHolidays?: readonly MonthDay[];
};

const FIXED_NATIONAL_HOLIDAYS: readonly MonthDay[] = [
  { month: 1, day: 1 }, // Capodanno
  { month: 1, day: 6 }, // Epifania
  { month: 4, day: 25 }, // Festa della Liberazione
  { month: 5, day: 1 }, // Festa del Lavoro
  { month: 6, day: 2 }, // Festa della Repubblica
  { month: 8, day: 15 }, // Ferragosto
  { month: 11, day: 1 }, // Ognissanti
  { month: 12, day: 8 }, // Immacolata Concezione
  { month: 12, day: 25 }, // Natale
  { month: 12, day: 26 }, // Santo Stefano
];

/** 4 October (San Francesco d'Assisi) is a national holiday again from 2026 (Law 151/2025). */
const SAINT_FRANCIS_FROM_YEAR = 2026;

/** A period's last day as the calendar counts it: never past LAST_PERIOD_DAY, whatever is stored. */
export const countedEnd = (to: string): string => (to < LAST_PERIOD_DAY ? to : LAST_PERIOD_DAY);

const toDate = (iso: string): Date => new Date(`${iso}T00:00:00Z`);
const toIso = (date: Date): string => date.toISOString().slice(0, 10);
const isoOf = (year: number, month: number, day: number): string =>
  toIso(new Date(Date.UTC(year, month - 1, day)));

export function addCalendarDays(iso: string, days: number): string {
  const date = toDate(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}

/** The Italian national public holidays of a year, Easter Monday included. */
export function italianPublicHolidays(year: number): string[] {
  const days = FIXED_NATIONAL_HOLIDAYS.map(({ month, day }) => isoOf(year, month, day));
  if (year >= SAINT_FRANCIS_FROM_YEAR) days.push(isoOf(year, 10, 4));
  const { month, day } = easter(year);
  days.push(addCalendarDays(isoOf(year, month, day), 1));
  return days.sort();
}

export function isWorkingDay(iso: string, calendar: WorkingCalendar): boolean {
  const date = toDate(iso);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const year = date.getUTCFullYear();
  if (italianPublicHolidays(year).includes(iso)) return false;
  if (calendar.localHolidays?.some(({ month, day }) => isoOf(year, month, day) === iso)) return false;
  return closedThrough(iso, calendar) === null;
}

/**
 * The last day of the closure `day` falls in, as counted (`countedEnd`), the latest of several;
 * null when no closure holds `day`.
 */
function closedThrough(day: string, calendar: WorkingCalendar): string | null {
  let through: string | null = null;
  for (const closure of calendar.closures) {
    const end = countedEnd(closure.to);
    if (closure.from <= day && day <= end && (through === null || end > through)) through = end;
  }
  return through;
}

/**
 * The first working day after `day`. A closure is passed over at once, not day by day (one may
 * last years), and the search stops at LAST_CALENDAR_DAY, whatever the calendar holds.
 */
export function nextWorkingDay(day: string, calendar: WorkingCalendar): string {
  let current = day;
  while (current < LAST_CALENDAR_DAY) {
    const next = addCalendarDays(current, 1);
    // Each step goes forward in the calendar's order, or the search ends: a day that is no
    // four-digit date (`+010000-01`) is not followed by a later one.
    if (!(next > current)) break;
    current = next;
    const through = closedThrough(current, calendar);
    if (through !== null) current = through;
    else if (isWorkingDay(current, calendar)) return current;
  }
  return LAST_CALENDAR_DAY;
}

/**
 * The date on which `days` working days after `start` have passed (`start` itself does not count);
 * LAST_CALENDAR_DAY at the latest.
 */
export function addWorkingDays(start: string, days: number, calendar: WorkingCalendar): string {
  let current = start;
  for (let remaining = days; remaining > 0 && current < LAST_CALENDAR_DAY; remaining -= 1) {
    current = nextWorkingDay(current, calendar);
  }
  return current;
}

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 of an ISO day. */
const dayNumber = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
/** 1900-01-01, a Monday: Monday to Friday are counted from it in whole weeks. */
const MONDAY = dayNumber('1900-01-01');
/** Monday to Friday in [1900-01-01, day]. */
const weekdaysThrough = (day: number): number => {
  const days = day - MONDAY + 1;
  return Math.floor(days / 7) * 5 + Math.min(days % 7, 5);
};

/** Monday to Friday in [first, last], both ISO days; 0 when `last` comes before `first`. */
const weekdaysIn = (first: string, last: string): number =>
  last < first ? 0 : weekdaysThrough(dayNumber(last)) - weekdaysThrough(dayNumber(first) - 1);

/**
 * The days in (from, to] that are Monday to Friday and yet not working days: holidays and closures.
 * The closures' days are counted by their weekdays, not one by one, and the holidays of a year a
 * closure covers whole are not looked at: a closure of years costs no more than one of a week.
 */
function daysOffBetween(from: string, to: string, calendar: WorkingCalendar): number {
  const first = addCalendarDays(from, 1);
  // The closures within (from, to], as counted, merged where they overlap, in date order.
  const spans: { from: string; to: string }[] = [];
  const clipped = calendar.closures
    .map((closure) => ({
      from: closure.from > first ? closure.from : first,
      to: countedEnd(closure.to < to ? closure.to : to),
    }))
    .filter((span) => span.from <= span.to)
    .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  for (const span of clipped) {
    const last = spans.at(-1);
    if (last && span.from <= last.to) last.to = span.to > last.to ? span.to : last.to;
    else spans.push({ ...span });
  }
  const isClosed = (day: string) => spans.some((span) => span.from <= day && day <= span.to);
  let count = spans.reduce((sum, span) => sum + weekdaysIn(span.from, span.to), 0);
  const holidays = new Set<string>();
  const lastYear = Number(to.slice(0, 4));
  for (let year = Number(first.slice(0, 4)); year <= lastYear; year += 1) {
    const whole = spans.find((span) => span.from <= `${year}-01-01` && `${year}-12-31` <= span.to);
    if (whole) {
      // Closed all year, and maybe years after: on from the closure's own last year.
      year = Number(whole.to.slice(0, 4)) - (whole.to.endsWith('-12-31') ? 0 : 1);
      continue;
    }
    for (const day of italianPublicHolidays(year)) holidays.add(day);
    for (const { month, day } of calendar.localHolidays ?? []) holidays.add(isoOf(year, month, day));
  }
  for (const day of holidays) {
    const weekday = toDate(day).getUTCDay();
    if (day > from && day <= to && weekday !== 0 && weekday !== 6 && !isClosed(day)) count += 1;
  }
  return count;
}

/**
 * Days to go: the working days after `today` up to and including `deadline`; negative when the
 * deadline has passed (the working days since), 0 on the day itself. Counted in whole weeks, then
 * less the holidays and closures in between: as cheap for a deadline two years away as for
 * tomorrow (every line of a staff queue shows one).
 */
export function workingDaysUntil(today: string, deadline: string, calendar: WorkingCalendar): number {
  if (deadline === today) return 0;
  const [from, to, sign] = deadline > today ? [today, deadline, 1] : [deadline, today, -1];
  const weekdays = weekdaysThrough(dayNumber(to)) - weekdaysThrough(dayNumber(from));
  return sign * (weekdays - daysOffBetween(from, to, calendar)) || 0;
}
