// Amounts and days as a language writes them: one definition for the SPA, the mails, the PDFs and
// the API's messages.

/** Euro cents as a price, e.g. 24590 → "€245.90" (en-US) or "245,90 €" (it-IT). */
export function formatEuros(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day (`YYYY-MM-DD`), as opposed to an instant. */
export const isCalendarDay = (value: string): boolean => CALENDAR_DAY.test(value);

/**
 * A day in full, e.g. "3 March 2026" / "3 marzo 2026". A calendar day (`YYYY-MM-DD`) has no time
 * zone: it is read and written in UTC so it never shifts by a day. An instant is written as the day
 * it falls on in `timeZone` (the reader's own when not given). Text that is neither comes back as is.
 */
export function formatLongDate(value: string | Date, locale: string, timeZone?: string): string {
  const isDay = typeof value === 'string' && isCalendarDay(value);
  const date = typeof value === 'string' ? new Date(isDay ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  const zone = isDay ? 'UTC' : timeZone;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', ...(zone ? { timeZone: zone } : {}) }).format(
    date,
  );
}
