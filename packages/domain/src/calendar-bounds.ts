// The calendar's bounds apart from its working days (working-days.ts): the public pages' closure
// notices check a period's last day against LAST_PERIOD_DAY, and a first visit carries neither the
// working days' rules nor their schema (the full Zod) for it.

/**
 * The last day a period of the calendar (a closure, a return-delivery suspension) may end on: the
 * calendar's days have four-digit years, and past 9999-12-31 the next day is no date (`+010000-01`),
 * so looking for the working day after a closure that ends there never ended (decision 083). The
 * input schemas refuse a later day; a period stored before they did is read as ending on it, so
 * the working days of 9999 are always there to be found.
 */
export const LAST_PERIOD_DAY = '9998-12-31';

/** The last day with a four-digit year: no search for a working day goes past it. */
export const LAST_CALENDAR_DAY = '9999-12-31';
