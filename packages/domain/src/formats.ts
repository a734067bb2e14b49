// Amounts and days as a language writes them: one definition for the SPA, the mails, the PDFs and
// the API's messages.

import { dateTimeFormat, numberFormat } from './intl';

/** Euro cents as a price, e.g. 24590 → "€245.90" (en-US) or "245,90 €" (it-IT). */
export function formatEuros(cents: number, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);
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
  return dateTimeFormat(locale, { dateStyle: 'long', ...(zone ? { timeZone: zone } : {}) }).format(date);
}

const ITALIAN_MONTHS =
  'gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre';
const ELIDED: Record<string, string> = {
  il: 'l’',
  al: 'all’',
  dal: 'dall’',
  del: 'dell’',
  nel: 'nell’',
  sul: 'sull’',
};
const BEFORE_A_VOWEL_DAY = new RegExp(`\\b(il|al|dal|del|nel|sul) (1|8|11) (${ITALIAN_MONTHS})\\b`, 'gi');

/**
 * Italian elides the article before a day said with a vowel: "l’8 dicembre", "fino all’11 marzo",
 * "dall’1 aprile", where a template writes "il {{date}}", "fino al {{date}}", "dal {{date}}". Only an
 * article before a long Italian date (a day then a month's name) is touched, so any other text, in
 * any language, comes back as it was.
 */
export function italianElision(text: string): string {
  return text.replace(BEFORE_A_VOWEL_DAY, (_whole, article: string, day: string, month: string) => {
    const elided = ELIDED[article.toLowerCase()] ?? `${article} `;
    const cased =
      article[0] === article[0]?.toUpperCase() ? elided[0]?.toUpperCase() + elided.slice(1) : elided;
    return `${cased}${day} ${month}`;
  });
}
