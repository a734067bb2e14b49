/** The time port: services, the job worker and rate limits ask it, so tests can move time without sleeping. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move; for tests and scripted runs. */
export class ManualClock implements Clock {
  #now: number;

  constructor(start: Date | string = '2026-01-15T09:00:00.000Z') {
    this.#now = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  advance({ days = 0, hours = 0, minutes = 0, seconds = 0 }: Partial<Record<TimeUnit, number>>): void {
    this.#now += (((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000;
  }

  set(time: Date | string): void {
    this.#now = new Date(time).getTime();
  }
}

type TimeUnit = 'days' | 'hours' | 'minutes' | 'seconds';

/** `date` plus a number of seconds, as the ISO-8601 UTC text every timestamp column holds. */
export const isoAfter = (date: Date, seconds: number): string =>
  new Date(date.getTime() + seconds * 1000).toISOString();
