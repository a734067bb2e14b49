// Numbers and dates as the current interface language writes them.
import {
  BODY_TIME_ZONE,
  dateTimeFormat,
  formatEuros as euros,
  formatLongDate,
  numberFormat,
} from '@lisbon/domain';
import type { TFunction } from 'i18next';

/** Euro cents as a price, e.g. 24590 → "€245.90" (en-US) or "245,90 €" (it-IT): the domain's rule. */
export const formatEuros = (cents: number, locale: string): string => euros(cents, locale);

/** A calendar day (`YYYY-MM-DD`) or an instant, as a date without time, e.g. "3 March 2026". */
export const formatDate = (value: string, locale: string): string => formatLongDate(value, locale);

/** An instant with its time, e.g. "3 March 2026 at 14:05". */
export function formatDateTime(value: string, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/**
 * An instant on the evaluation body's clock, its zone named, e.g. "December 12, 2026 at 7:45 PM
 * (Rome time)": an appeal's deadline runs on Rome's clock (README), whatever the device's zone.
 */
export function formatRomeDateTime(value: string, locale: string, t: TFunction): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const time = dateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: BODY_TIME_ZONE,
  }).format(date);
  return t('common.romeTime', { time });
}

/** A number as the language writes it, e.g. 180.5 → "180.5" (en-US) or "180,5" (it-IT). */
export const formatNumber = (value: number, locale: string): string =>
  numberFormat(locale, { maximumFractionDigits: 2 }).format(value);

/** The language's decimal separator: "." in en-US, "," in it-IT. */
export const decimalSeparatorOf = (locale: string): string =>
  numberFormat(locale, {})
    .formatToParts(1.5)
    .find((part) => part.type === 'decimal')?.value ?? '.';

/** A file size in kB or MB. */
export function formatFileSize(bytes: number, locale: string): string {
  const format = numberFormat(locale, { maximumFractionDigits: 1 });
  return bytes >= 1024 * 1024
    ? `${format.format(bytes / (1024 * 1024))} MB`
    : `${format.format(Math.max(bytes / 1024, 0.1))} kB`;
}
