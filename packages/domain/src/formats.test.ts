import { describe, expect, it } from 'vitest';
import { formatEuros, formatLongDate } from './formats';

describe('formatEuros', () => {
  it('writes cents as euros the way each language does', () => {
    expect(formatEuros(24590, 'en-US')).toBe('€245.90');
    expect(formatEuros(24590, 'it-IT')).toBe('245,90\u00a0€');
  });
});

describe('formatLongDate', () => {
  it('writes a calendar day in full without shifting it, whatever the time zone asked', () => {
    expect(formatLongDate('2026-03-03', 'en-US')).toBe('March 3, 2026');
    expect(formatLongDate('2026-03-03', 'it-IT')).toBe('3 marzo 2026');
    expect(formatLongDate('2026-03-03', 'en-US', 'America/Los_Angeles')).toBe('March 3, 2026');
  });

  it('writes an instant as the day it falls on in the time zone given', () => {
    const lateEvening = '2026-03-03T23:30:00Z';
    expect(formatLongDate(lateEvening, 'en-US', 'UTC')).toBe('March 3, 2026');
    expect(formatLongDate(new Date(lateEvening), 'it-IT', 'Europe/Rome')).toBe('4 marzo 2026');
  });

  it('gives back text that is not a date as it is', () => {
    expect(formatLongDate('not a date', 'en-US')).toBe('not a date');
  });
});
