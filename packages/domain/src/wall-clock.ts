import { dateTimeFormat } from './intl';

/** The evaluation body's time zone: its calendar days (deadlines, daily limits) are Rome's. */
export const BODY_TIME_ZONE = 'Europe/Rome';

/** What a clock on the wall shows at an instant in a time zone. */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const formatIn = (timeZone: string): Intl.DateTimeFormat =>
  dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });

/** The wall-clock time an instant shows in a time zone; the body's by default. */
export function wallClockOf(instant: Date, timeZone: string = BODY_TIME_ZONE): WallClock {
  const parts = formatIn(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** The calendar day (`YYYY-MM-DD`) an instant falls on in a time zone; the body's by default. */
export function calendarDayOf(instant: Date, timeZone: string = BODY_TIME_ZONE): string {
  const { year, month, day } = wallClockOf(instant, timeZone);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}
