// Each function from its own module: date-fns's root loads all of its ~300 modules, and Node reads
// its 199 kB package.json again for each one (3 s of every start of the API and the CLI).
import { addMonths } from 'date-fns/addMonths';
import { differenceInYears } from 'date-fns/differenceInYears';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { z } from 'zod/mini';
import { ADULT_AGE_YEARS } from './constants';
import { calendarDayOf } from './wall-clock';

/** The earliest day any date of the portal can be: a birth, a diploma, a passport's expiry. */
export const EARLIEST_DATE = '1900-01-01';

/**
 * Calendar dates travel as ISO `YYYY-MM-DD` strings, from 1900 on. A date that is not one ends
 * its field's checks and its object's comparisons: 'Date not valid' is said alone, never beside
 * "must be on or after the graduation date" or the adults-only rule it cannot be compared for.
 */
export const isoDateSchema = z.iso
  .date({ abort: true })
  .check(z.refine((value) => value >= EARLIEST_DATE, { message: 'dateInvalid', abort: true }));

/**
 * Every date a person types is day, month, year (spec §5 asks it of the award date; decision 060
 * extends it to every date field), in both languages; the API receives ISO. Day and month may
 * have one digit, and `.` or `-` may stand for `/` ("1.3.2020"). Null when not a real date.
 */
export function parseDayMonthYear(value: string): string | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

/** An ISO calendar day as it is typed: "2020-12-31" → "31/12/2020". */
export const formatDayMonthYear = (iso: string): string => iso.split('-').reverse().join('/');

const parseDay = (value: string): Date | null => {
  const date = parseISO(value);
  return isValid(date) ? date : null;
};

/**
 * Services are restricted to adults (spec §1, §5): 18 or older on the body's calendar day (Rome)
 * at `now`. `now` is the caller's clock: the API's (a `ManualClock` in its tests, the journeys'
 * moved clock), the browser's in a form, which only checks ahead of the API.
 */
export function isAdult(birthDate: string, now: Date): boolean {
  const birth = parseDay(birthDate);
  const today = parseDay(calendarDayOf(now));
  return birth !== null && today !== null && differenceInYears(today, birth) >= ADULT_AGE_YEARS;
}

/** Whether an ISO calendar day is later than the body's day (Rome) at `now`: "in the future". */
export const isAfterToday = (day: string, now: Date): boolean => day > calendarDayOf(now);

export type DocumentExpiry = 'valid' | 'expiring' | 'expired';

/**
 * The passport-expiry warning of spec §5: expired, or expiring within six months, on the body's
 * calendar day (Rome) at `now`, the caller's clock as for `isAdult`: the API's, the browser's in
 * a form. A warning only: the document's date is never refused for it.
 */
export function documentExpiry(expirationDate: string, now: Date): DocumentExpiry {
  const expiry = parseDay(expirationDate);
  const day = parseDay(calendarDayOf(now));
  if (!expiry || !day) return 'valid';
  if (expiry < day) return 'expired';
  if (expiry <= addMonths(day, 6)) return 'expiring';
  return 'valid';
}

/**
 * The passport-expiry warning to show for an identity document's expiration date (spec §5), the
 * same on /account and in the wizard: none for a date not typed in full, or far enough ahead.
 */
export function documentExpiryWarning(
  expirationDate: string | null | undefined,
  now: Date,
): Exclude<DocumentExpiry, 'valid'> | null {
  if (!expirationDate || !isoDateSchema.safeParse(expirationDate).success) return null;
  const expiry = documentExpiry(expirationDate, now);
  return expiry === 'valid' ? null : expiry;
}
