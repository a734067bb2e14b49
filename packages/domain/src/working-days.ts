import { easter } from 'date-easter';
import { z } from 'zod';

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
  return !calendar.closures.some((closure) => closure.from <= iso && iso <= closure.to);
}

/** The date on which `days` working days after `start` have passed (`start` itself does not count). */
export function addWorkingDays(start: string, days: number, calendar: WorkingCalendar): string {
  let current = start;
  let remaining = days;
  while (remaining > 0) {
    current = addCalendarDays(current, 1);
    if (isWorkingDay(current, calendar)) remaining -= 1;
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

/** The days in (from, to] that are Monday to Friday and yet not working days: holidays and closures. */
function daysOffBetween(from: string, to: string, calendar: WorkingCalendar): number {
  const off = new Set<string>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    for (const day of italianPublicHolidays(year)) off.add(day);
    for (const { month, day } of calendar.localHolidays ?? []) off.add(isoOf(year, month, day));
  }
  for (const closure of calendar.closures) {
    const first = closure.from > from ? closure.from : addCalendarDays(from, 1);
    for (let day = first; day <= closure.to && day <= to; day = addCalendarDays(day, 1)) off.add(day);
  }
  let count = 0;
  for (const day of off) {
    const weekday = toDate(day).getUTCDay();
    if (day > from && day <= to && weekday !== 0 && weekday !== 6) count += 1;
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
