import { addMonths, differenceInYears, isValid, parseISO } from 'date-fns';
import { z } from 'zod';
import { ADULT_AGE_YEARS } from './constants';

/** Calendar dates travel as ISO `YYYY-MM-DD` strings. */
export const isoDateSchema = z.iso.date();

const parseDay = (value: string): Date | null => {
  const date = parseISO(value);
  return isValid(date) ? date : null;
};

/** Services are restricted to adults (spec §1, §5): 18 or older on `today`. */
export function isAdult(birthDate: string, today: Date = new Date()): boolean {
  const birth = parseDay(birthDate);
  return birth !== null && differenceInYears(today, birth) >= ADULT_AGE_YEARS;
}

export type DocumentExpiry = 'valid' | 'expiring' | 'expired';

/** The passport-expiry warning of spec §5: expired, or expiring within six months. */
export function documentExpiry(expirationDate: string, today: Date = new Date()): DocumentExpiry {
  const expiry = parseDay(expirationDate);
  if (!expiry) return 'valid';
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  if (expiry < day) return 'expired';
  if (expiry <= addMonths(day, 6)) return 'expiring';
  return 'valid';
}
