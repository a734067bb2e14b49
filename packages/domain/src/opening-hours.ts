import { dateTimeFormat } from './intl';

/**
 * Opening hours as an operator writes them in English (`CONTACT_HOURS`): weekday ranges and times,
 * `Mon-Fri 09:00-13:00`, several separated by commas or semicolons (`Mon-Thu 09:00-13:00,
 * Fri 09:00-12:00`), optionally a time zone at the end (`(Europe/Rome)`); en dashes are taken too.
 * Minutes may be left out (`Mon-Fri 9-13`). Read this way, the hours are written in the reader's language, weekday names from Intl; a text
 * that does not read this way is shown as it was written.
 */

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export type OpeningSpan = {
  /** 0 = Monday … 6 = Sunday; `to` equals `from` for a single day. */
  from: number;
  to: number;
  opens: string;
  closes: string;
};
export type OpeningHours = { spans: OpeningSpan[]; timeZone: string | null };

const DAY = '(mon|tue|wed|thu|fri|sat|sun)';
const TIME = '(\\d{1,2})(?::(\\d{2}))?';
const DASH = '\\s*[-–]\\s*';
const SPAN = new RegExp(`^${DAY}(?:${DASH}${DAY})?\\s+${TIME}${DASH}${TIME}$`, 'i');
const ZONE = /\s*\(([A-Za-z_]+(?:\/[A-Za-z_+-]+)+)\)$/;
/** Read as hours (the shape matched) but not valid: a closing before the opening, 25:00, Fri-Mon. */
const INVALID = 'invalid';

const dayIndex = (name: string) => WEEKDAYS.findIndex((day) => day.toLowerCase() === name.toLowerCase());
const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The hours the text gives; null for free text (not the shape of hours), 'invalid' for the shape
 * with impossible values (a closing before the opening, 25:00, Fri-Mon, an unknown time zone).
 */
function readOpeningHours(text: string): OpeningHours | typeof INVALID | null {
  let rest = text.trim();
  let timeZone: string | null = null;
  const zone = ZONE.exec(rest);
  if (zone?.[1]) {
    timeZone = zone[1];
    rest = rest.slice(0, zone.index).trim();
  }
  const spans: OpeningSpan[] = [];
  let isValid = timeZone === null || isTimeZone(timeZone);
  for (const part of rest.split(/\s*[,;]\s*/)) {
    const match = SPAN.exec(part);
    if (!match) return null;
    const [, first = '', last, openH = '', openM = '00', closeH = '', closeM = '00'] = match;
    const from = dayIndex(first);
    const to = last ? dayIndex(last) : from;
    const opens = Number(openH) * 60 + Number(openM);
    const closes = Number(closeH) * 60 + Number(closeM);
    if (to < from || Number(openM) > 59 || Number(closeM) > 59 || opens >= closes || closes > 24 * 60) {
      isValid = false;
    }
    const pad = (hours: string, minutes: string) => `${hours.padStart(2, '0')}:${minutes}`;
    spans.push({ from, to, opens: pad(openH, openM), closes: pad(closeH, closeM) });
  }
  return isValid ? { spans, timeZone } : INVALID;
}

/** The hours the text gives, or null when it is free text or impossible hours. */
export function parseOpeningHours(text: string): OpeningHours | null {
  const hours = readOpeningHours(text);
  return hours === INVALID ? null : hours;
}

/**
 * Whether the text is written as hours but with impossible values (`Mon-Fri 13:00-09:00`): refused
 * at startup. Free text is not: it is shown as written.
 */
export const isInvalidOpeningHours = (text: string) => readOpeningHours(text) === INVALID;

/** The weekday's short name in the locale (2024-01-01 was a Monday). */
const weekdayName = (index: number, locale: string) =>
  dateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, 1 + index)),
  );

/** The time zone's name in the locale ("Central European Time", "Ora dell’Europa centrale"). */
function timeZoneName(zone: string, locale: string): string {
  const part = dateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date(Date.UTC(2024, 0, 1)))
    .find((each) => each.type === 'timeZoneName');
  return part?.value ?? zone;
}

/**
 * The hours written in the locale (`lun–ven 09:00–13:00 (Ora dell’Europa centrale)`); a text that
 * does not read as hours, as it is.
 */
export function formatOpeningHours(text: string, locale: string): string {
  const hours = parseOpeningHours(text);
  if (!hours) return text;
  const spans = hours.spans.map(({ from, to, opens, closes }) => {
    const days =
      from === to ? weekdayName(from, locale) : `${weekdayName(from, locale)}–${weekdayName(to, locale)}`;
    return `${days} ${opens}–${closes}`;
  });
  const zone = hours.timeZone ? ` (${timeZoneName(hours.timeZone, locale)})` : '';
  return `${spans.join(', ')}${zone}`;
}
